// `npm run bench`: builds the web app, starts the product on a throwaway data directory and
// prints the performance figures the issues ask for. Bounded; loopback only.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumLaunchOptions, REPO_ROOT } from '../e2e/support/env';
import { ENTRY_LIMIT_KIB, ROUTE_CHUNK_LIMIT_KIB, jsLoadedFor, routeChunks } from '../e2e/support/bundle';

const PORT = 18190;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = join(REPO_ROOT, '.bench/data');

function heading(text: string) {
  console.log(`\n== ${text}`);
}

async function waitForServer(child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    const ok = await fetch(`${BASE}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

async function bundleSizes() {
  heading('JavaScript per route (gzip)');
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const home = await jsLoadedFor(browser, BASE, '/');
    for (const f of home.files) console.log(`  ${f.file.padEnd(48)} ${f.kib.toFixed(1)} KiB`);
    console.log(`  JS loaded for /: ${home.totalKiB.toFixed(1)} KiB (limit ${ENTRY_LIMIT_KIB})`);
    const chunks = await routeChunks();
    const largest = chunks.reduce((a, b) => (b.kib > a.kib ? b : a), { src: '-', file: '-', kib: 0 });
    for (const c of chunks.sort((a, b) => b.kib - a.kib))
      console.log(`  route chunk ${c.src.padEnd(56)} ${c.kib.toFixed(1)} KiB`);
    console.log(
      `  largest route chunk: ${largest.src} ${largest.kib.toFixed(1)} KiB (limit ${ROUTE_CHUNK_LIMIT_KIB})`,
    );
  } finally {
    await browser.close();
  }
}

async function lighthouseScores() {
  heading('Lighthouse mobile performance (lighthouse 12, Debian Chromium)');
  for (const path of ['/', '/pages/login/index']) {
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumLaunchOptions.executablePath,
      chromeFlags: ['--headless=new', ...chromiumLaunchOptions.args],
    });
    try {
      const result = await lighthouse(`${BASE}${path}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
        output: 'json',
      });
      const lhr = result?.lhr;
      const score = Math.round((lhr?.categories.performance?.score ?? 0) * 100);
      const metric = (id: string) => lhr?.audits[id]?.displayValue ?? '-';
      console.log(
        `  ${path.padEnd(22)} score ${score}  FCP ${metric('first-contentful-paint')}  LCP ${metric('largest-contentful-paint')}  TBT ${metric('total-blocking-time')}  CLS ${metric('cumulative-layout-shift')}`,
      );
    } finally {
      chrome.kill();
    }
  }
}

async function main() {
  heading('Building the web app');
  execFileSync('npm', ['run', 'build', '-w', '@tradeflip/web'], { cwd: REPO_ROOT, stdio: 'ignore' });
  rmSync(DATA_DIR, { recursive: true, force: true });
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(PORT), DATA_DIR, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForServer(server);
    await bundleSizes();
    await lighthouseScores();
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  heading('API throughput (autocannon)');
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/scripts/bench-api.ts'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  for (const script of ['bench-wallet.ts', 'bench-ledger.ts', 'bench-audit.ts']) {
    heading(`Wallet and ledger (${script})`);
    execFileSync(process.execPath, ['--import', 'tsx', `apps/server/scripts/${script}`], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
  }
  heading('Deposit watcher: catch-up and credit latency (bench-watcher.ts)');
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/scripts/bench-watcher.ts'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
