// What the CLI tests share: running a CLI script as an operator does (a child process from the repo
// root), and a workspace per database target: a data directory, a web build, the environment both the
// CLI and the server read, and the app `npm start` would build on them.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { resolveAdminToken } from '../admin-token';
import { parseConfig, repoRoot } from '../config';
import { openPglite, openPostgres } from '../db/client';
import { localUrl, removeServerRecord, writeServerRecord } from '../server-record';
import { CapturingMailer, makeWebDist, TestClock, type DatabaseTarget } from './harness';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `apps/server/src/cli/<script>` (e.g. 'admin', 'audit', 'chain-deposit.ts') with tsx. */
export function runCliScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<CliResult> {
  const file = script.endsWith('.ts') ? script : `${script}.ts`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/src/cli/${file}`, ...args], {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * A data directory and web build for the suite (made in beforeAll, removed in afterAll), and on
 * PostgreSQL the target's database with an ADMIN_TOKEN (which the embedded default generates).
 */
export function cliWorkspace(target: DatabaseTarget, prefix: string) {
  let dataDir = '';
  let webDist = '';
  let url: string | undefined;
  let closeDatabase: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    webDist = makeWebDist();
    if (target.name === 'postgres') {
      const handle = await target.open();
      url = handle.url;
      closeDatabase = () => handle.close();
    }
  });
  afterAll(async () => {
    await closeDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  /** The environment of the server and of the CLI. */
  const env = (): Record<string, string> => ({
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: 'silent',
    ...(url ? { DATABASE_URL: url, ADMIN_TOKEN: 'cli-test-admin-token-123' } : {}),
  });

  /** The app as `npm start` builds it (same config and database), driven in this process. */
  async function startServer() {
    const config = parseConfig(env());
    const database = url ? await openPostgres(url, { max: 3 }) : await openPglite(path.join(dataDir, 'db'));
    const mailer = new CapturingMailer();
    const app = await buildApp({
      config,
      db: database.db,
      driver: database.driver,
      outside: database.outside,
      adminToken: resolveAdminToken(config),
      mailer,
      clock: new TestClock(Date.now()),
    });
    const close = async () => {
      await app.close();
      await database.close();
    };
    return { app, mailer, database, config, close, t: { app, mailer, clock: new TestClock(), dataDir } };
  }

  /** The app listening on loopback with its DATA_DIR/server.json, so the CLI goes through it. */
  async function serve() {
    const server = await startServer();
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const record = writeServerRecord(dataDir, {
      url: localUrl(server.app.server.address() as AddressInfo),
    });
    return {
      ...server,
      record,
      close: async () => {
        removeServerRecord(dataDir, record);
        await server.close();
      },
    };
  }

  return {
    env,
    startServer,
    serve,
    get dataDir() {
      return dataDir;
    },
    /** The PostgreSQL URL on that target, else undefined. */
    get databaseUrl() {
      return url;
    },
  };
}
