// The server as `npm start` runs it refuses a configuration that would run production wrong: it
// exits 1 before opening any database, naming the variable, and prints no secret doing so. Every
// address is a closed port on loopback, so a server that started anyway reaches nothing.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runServerToExit } from './test/server-process';

// Each start is a new Node process under tsx: seconds apiece on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

describe('start-up with a bad configuration', () => {
  let dataDir = '';
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-config-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** Starts the server on an empty DATA_DIR with `env` (and no DATABASE_URL unless given). */
  async function refused(env: Record<string, string>) {
    const result = await runServerToExit({ DATA_DIR: dataDir, DATABASE_URL: '', CHAINS: 'off', ...env });
    expect(result.code).toBe(1);
    // Stopped before the embedded database was made, let alone a demo vault funded in it.
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
    expect(result.stdout).toBe('');
    return result.stderr;
  }

  it('a misspelled DATABASE_URL with the production keys starts nothing', async () => {
    const stderr = await refused({
      DATABSE_URL: 'postgres://tf:db-password-1@127.0.0.1:9/tf',
      CHAINS: 'external',
      ETH_RPC_URL: 'http://node:rpc-api-key-2@127.0.0.1:9',
      HOT_WALLET_PRIVATE_KEY: `0x${'5e'.repeat(32)}`,
      DEPOSIT_MNEMONIC:
        'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
      PRICE_FEED: 'binance',
      BINANCE_STREAM_URL: 'ws://127.0.0.1:9/stream',
    });
    expect(stderr).toContain('DATABSE_URL is not a setting; did you mean DATABASE_URL?');
    expect(stderr).toContain(
      'DATABASE_URL is required by CHAINS=external, ETH_RPC_URL, HOT_WALLET_PRIVATE_KEY, DEPOSIT_MNEMONIC, PRICE_FEED=binance',
    );
    for (const secret of ['db-password-1', 'rpc-api-key-2', '5e5e5e5e', 'abandon']) {
      expect(stderr).not.toContain(secret);
    }
    expect(stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });

  it('SMTP_URL without DATABASE_URL is refused, its password unprinted', async () => {
    const stderr = await refused({
      SMTP_URL: 'smtps://mailer:smtp-password-3@127.0.0.1:9',
      MAIL_FROM: 'a@b.c',
    });
    expect(stderr).toContain('DATABASE_URL is required by SMTP_URL');
    expect(stderr).not.toContain('smtp-password-3');
  });

  it('a short ADMIN_TOKEN and a bad REDIS_URL are named, never echoed', async () => {
    const stderr = await refused({
      ADMIN_TOKEN: 'token-of-15-chr',
      REDIS_URL: 'http://:redis-password-4@cache:6379',
    });
    expect(stderr).toContain('ADMIN_TOKEN must be at least 16 characters');
    expect(stderr).toContain('REDIS_URL must be a redis:// or rediss:// URL');
    expect(stderr).not.toContain('cache:6379');
    expect(stderr).not.toContain('token-of-15-chr');
    expect(stderr).not.toContain('redis-password-4');
  });

  it('TRUST_PROXY=maybe is named, not a stack trace', async () => {
    const stderr = await refused({ TRUST_PROXY: 'maybe' });
    expect(stderr).toContain('TRUST_PROXY must be true, false, a number of proxies');
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('a database that does not answer is named as DATABASE_URL, its password unprinted', async () => {
    const result = await runServerToExit({
      DATA_DIR: dataDir,
      CHAINS: 'off',
      DATABASE_URL: 'postgres://tf:db-password-5@127.0.0.1:9/tf',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL: the database could not be opened: connect ECONNREFUSED');
    expect(result.stderr).not.toContain('db-password-5');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('a HOST that does not resolve is named, not a stack trace', async () => {
    const result = await runServerToExit({
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tf-host-')),
      CHAINS: 'off',
      PORT: '0',
      HOST: 'no-such-host.invalid',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'HOST: no-such-host.invalid is not a name or address this machine resolves',
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('a PORT already in use is named, not a stack trace', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const result = await runServerToExit({
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tf-port-')),
        CHAINS: 'off',
        PORT: String(port),
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`PORT: 127.0.0.1:${port} is already in use (EADDRINUSE)`);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      taken.close();
    }
  });
});
