// The embedded default as a newcomer runs it: the server starts its two local chains, and while it runs
// `npm run chain:deposit` sends test USDT to a user's deposit address; the deposit completes and the
// balance grows. `npm run admin -- chain:status|deposit:list` show the watchers and the deposit.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readChainRecord, chainRecordFile } from '../chain/setup';
import { repoRoot } from '../config';
import { readServerRecord } from '../server-record';
import { runCliScript } from '../test/cli';
import { makeWebDist, PASSWORD, uniqueEmail } from '../test/harness';

// Each command is a new Node process under tsx: seconds apiece, many more on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

const run = runCliScript;

describe('chain:deposit on the embedded default', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-chain-cli-'));
  const webDist = makeWebDist();
  const env = {
    DATA_DIR: dataDir,
    // Fast blocks, so the 15 BEP20 confirmations take a moment.
    LOCAL_CHAIN_BLOCK_TIME: '0.1',
    CHAIN_POLL_MS: '100',
  };
  let server: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();
  let url = '';

  beforeAll(async () => {
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...env,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        WEB_DIST: webDist,
        RATE_LIMIT_API_IP: 'off',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    exited = new Promise((resolve) => server!.once('exit', resolve));
    await vi.waitFor(
      () => {
        expect(server!.exitCode).toBeNull();
        expect(readChainRecord(dataDir)).toBeDefined();
        url = readServerRecord(dataDir)!.url!;
      },
      { timeout: 45_000, interval: 100 },
    );
  });
  afterAll(async () => {
    server?.kill('SIGTERM');
    await exited;
    // A clean stop removes the record of the chains it ran.
    expect(fs.existsSync(chainRecordFile(dataDir))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  async function api(method: 'GET' | 'POST', pathname: string, body?: unknown, token?: string) {
    const response = await fetch(`${url}${pathname}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await response.json()) as { code: number; msg?: string; data?: Record<string, unknown> };
  }

  async function register(email: string): Promise<string> {
    const sent = await api('POST', '/api/app/auth/code', { email, scene: 'register' });
    expect(sent.code, JSON.stringify(sent)).toBe(0);
    const outbox = path.join(dataDir, 'outbox');
    const mail = fs.readdirSync(outbox).find((file) => file.endsWith(`_${email}.eml`))!;
    // The code is read from the body only: the To: header holds the pid, which can be six digits too.
    const body = fs.readFileSync(path.join(outbox, mail), 'utf8').split('\r\n\r\n')[1]!;
    const code = /\b(\d{6})\b/.exec(body)![1];
    const registered = await api('POST', '/api/app/auth/register', { email, code, password: PASSWORD });
    expect(registered.code, JSON.stringify(registered)).toBe(0);
    return registered.data!.token as string;
  }

  it('records where the local chains answer', () => {
    const record = readChainRecord(dataDir)!;
    expect(record.networks.map((net) => [net.network, net.chainId, net.tokenDecimals])).toEqual([
      ['ERC20', 31337, 6],
      ['BEP20', 31338, 18],
    ]);
  });

  it('sends test USDT to the user’s address; the deposit completes and the balance grows', async () => {
    const email = uniqueEmail('chain');
    const token = await register(email);

    const sent = await run(
      'chain-deposit.ts',
      ['--email', email, '--amount', '25', '--network', 'BEP20', '--wait'],
      env,
    );
    expect(sent.stderr).toBe('');
    expect(sent.code).toBe(0);
    expect(sent.stdout).toMatch(/Sent 25 test USDT on BEP20 to 0x[0-9a-fA-F]{40}/);
    expect(sent.stdout).toContain('completed (15/15)');

    const balances = await api('GET', '/api/app/asset/balances', undefined, token);
    const usdt = (balances.data!.list as { token: string; available: string }[]).find(
      (b) => b.token === 'USDT',
    );
    expect(usdt!.available).toBe('25');
    const deposits = await api('GET', '/api/app/asset/deposit/list', undefined, token);
    expect(deposits.data).toMatchObject({
      total: 1,
      list: [{ network: 'BEP20', amount: '25', status: 'completed', confirmations: 15 }],
    });

    const status = await run('admin.ts', ['chain:status'], env);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/ERC20\s+31337\s+\d+\s+\d+\s+\d+/);
    expect(status.stdout).toMatch(/BEP20\s+31338\s+\d+\s+\d+\s+\d+/);
    const list = await run('admin.ts', ['deposit:list', '--email', email], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`${email}\\s+BEP20\\s+25 USDT\\s+completed\\s+15/15`));

    // The server's sweeper collects it into the hot wallet (chain:sweep runs a pass at once too), and
    // the audit finds each chain account equal to its chain, the hot wallet's float booked.
    await vi.waitFor(
      async () => {
        const swept = await run('admin.ts', ['chain:sweep'], env);
        expect(swept.code, swept.stderr).toBe(0);
        expect(swept.stdout).toMatch(/^BEP20: \d+ address\(es\) with new deposits looked at;/m);
        const audit = await run('audit.ts', [], env);
        expect(audit.code, audit.stdout + audit.stderr).toBe(0);
        expect(audit.stdout).toMatch(/ok\s+ERC20 at block \d+: .* says 1000000 USDT; .*difference 0 /);
        expect(audit.stdout).toMatch(
          /ok\s+BEP20 at block \d+: .* says 1000025 USDT; the chain holds 1000025 \(hot wallet 1000025, 1 deposit address\(es\) 0,/,
        );
      },
      { timeout: 90_000, interval: 1000 },
    );
  }, 300_000);

  it('refuses without a running server, and for an unknown user', async () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-chain-cli-none-'));
    try {
      const none = await run('chain-deposit.ts', ['--email', 'x@example.com', '--amount', '1'], {
        DATA_DIR: elsewhere,
      });
      expect(none.code).toBe(1);
      expect(none.stderr).toContain('start it first (npm start)');
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
    const unknown = await run('chain-deposit.ts', ['--email', uniqueEmail(), '--amount', '1'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('This email is not registered');
    const usage = await run('chain-deposit.ts', ['--amount', '1'], env);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('usage: npm run chain:deposit');
    for (const amount of ['0', '0.000', '-5', '1e3']) {
      const bad = await run('chain-deposit.ts', ['--email', uniqueEmail(), '--amount', amount], env);
      expect(bad.code, amount).toBe(1);
      expect(bad.stderr).toContain('--amount must be a positive decimal number');
    }
  });
});
