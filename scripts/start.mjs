// `npm start`: builds the web app when its build is missing or older than its sources (apps/web and
// packages/*), then runs the server, which applies the database migrations before it listens.
// SIGINT and SIGTERM are passed on to whatever runs (the build or the server); what outlives the
// server's own shutdown deadline (SHUTDOWN_SECONDS) by 5 s is killed, so a stop always ends.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps', 'web');
const defaultDist = path.join(webDir, 'dist');
const SKIP = new Set([
  'node_modules',
  'dist',
  '.vite',
  '.turbo',
  'coverage',
  'test-results',
  'playwright-report',
]);

// The server's default; an invalid value stops the server itself at start-up, with a message.
const shutdownSeconds = Number(process.env.SHUTDOWN_SECONDS) > 0 ? Number(process.env.SHUTDOWN_SECONDS) : 15;
const KILL_AFTER_MS = shutdownSeconds * 1000 + 5000;

let child;
let stopping = false;
let killTimer;

// A reader of our output that went away must not stop us from stopping the server.
process.stdout.on('error', () => undefined);
process.stderr.on('error', () => undefined);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    if (!child || child.exitCode !== null || child.signalCode !== null) process.exit(130);
    child.kill(signal);
    killTimer ??= setTimeout(() => {
      console.error(`[start] still running ${KILL_AFTER_MS / 1000} s after ${signal}: killing it`);
      child.kill('SIGKILL');
    }, KILL_AFTER_MS);
  });
}

function log(message) {
  console.log(`[start] ${message}`);
}

/** Newest modification time (ms) of the files under `dir`. */
function newestMtime(dir) {
  let newest = 0;
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (entry.isFile()) {
      try {
        newest = Math.max(newest, fs.statSync(full).mtimeMs);
      } catch {
        // vanished while walking
      }
    }
  }
  return newest;
}

function buildReason() {
  const index = path.join(defaultDist, 'index.html');
  if (!fs.existsSync(index)) return 'there is no build yet';
  const built = fs.statSync(index).mtimeMs;
  const sources = [
    webDir,
    ...fs.readdirSync(path.join(root, 'packages')).map((p) => path.join(root, 'packages', p)),
  ];
  const changed = sources.find((dir) => newestMtime(dir) > built);
  return changed ? `${path.relative(root, changed)} changed since the last build` : undefined;
}

function run(command, args) {
  return new Promise((resolve) => {
    child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env });
    child.on('error', (error) => {
      console.error(`[start] could not run ${command}: ${error.message}`);
      resolve({ code: 1, signal: null });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(killTimer);
      killTimer = undefined;
      resolve({ code, signal });
    });
  });
}

async function buildWebApp() {
  const webDistOverride = process.env.WEB_DIST && path.resolve(root, process.env.WEB_DIST) !== defaultDist;
  if (webDistOverride) return log(`WEB_DIST is set: serving ${process.env.WEB_DIST} as it is`);
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(webDir, 'package.json'), 'utf8'));
  } catch {
    return log('apps/web is not there yet: starting the API only');
  }
  if (!manifest.scripts?.build) return log('apps/web has no build script yet: starting the API only');
  const reason = buildReason();
  if (!reason) return log('the web app build is up to date');
  log(`building the web app (${reason})…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = await run(npm, ['run', 'build', '-w', manifest.name ?? '@tradeflip/web']);
  if (stopping) process.exit(130);
  if (result.code !== 0) {
    const fallback = fs.existsSync(path.join(defaultDist, 'index.html'))
      ? 'serving the previous build'
      : 'the server will explain at / that there is no build';
    console.error(`[start] the web app build failed (exit ${result.code ?? result.signal}); ${fallback}.`);
  }
}

async function main() {
  await buildWebApp();
  const tsx = pathToFileURL(createRequire(path.join(root, 'package.json')).resolve('tsx')).href;
  const result = await run(process.execPath, ['--import', tsx, path.join(root, 'apps/server/src/server.ts')]);
  const signals = { SIGINT: 130, SIGTERM: 143, SIGKILL: 137 };
  process.exit(result.code ?? signals[result.signal] ?? 1);
}

main().catch((error) => {
  console.error('[start]', error);
  process.exit(1);
});
