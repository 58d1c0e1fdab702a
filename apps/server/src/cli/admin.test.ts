// `npm run admin` as an operator runs it: once with no server (the CLI opens the database) and once
// while a server runs on the data directory (the CLI goes through the admin API).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { resolveAdminToken } from '../admin-token';
import { parseConfig, repoRoot, type Config } from '../config';
import { openPglite, openPostgres } from '../db/client';
import { localUrl, removeServerRecord, writeServerRecord } from '../server-record';
import {
  CapturingMailer,
  call,
  describeEachDatabase,
  makeWebDist,
  registerUser,
  TestClock,
  type DatabaseTarget,
} from '../test/harness';

function runCli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args], {
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

describeEachDatabase('admin CLI', (target: DatabaseTarget) => {
  let dataDir: string;
  let webDist: string;
  let url: string | undefined;
  let closeDatabase: () => Promise<void> = async () => undefined;
  let frozenWithoutServer: string | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-cli-'));
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
  async function startServer(config: Config) {
    const database = url ? await openPostgres(url, { max: 3 }) : await openPglite(path.join(dataDir, 'db'));
    const mailer = new CapturingMailer();
    const app = await buildApp({
      config,
      db: database.db,
      driver: database.driver,
      adminToken: resolveAdminToken(config),
      mailer,
      clock: new TestClock(Date.now()),
    });
    return { app, mailer, database };
  }

  it('freezes a user with no server running (opening the database itself)', async () => {
    const config = parseConfig(env());
    // Create a user through the app, then stop it so that nothing runs.
    const server = await startServer(config);
    const { email } = await registerUser({
      app: server.app,
      mailer: server.mailer,
      clock: new TestClock(),
      dataDir,
    });
    await server.app.close();
    if (target.name === 'pglite') await server.database.close();

    const result = await runCli(['user:freeze', email], env());
    expect(result.stderr).toContain(
      target.name === 'pglite' ? `(via the database in ${dataDir}/db)` : '(via the PostgreSQL database)',
    );
    expect(result.stdout).toContain(`Frozen ${email}`);
    expect(result.code).toBe(0);
    frozenWithoutServer = email;
    if (target.name === 'postgres') await server.database.close();
  });

  it('freezes a user through the running server, which signs the open app out', async () => {
    const config = parseConfig(env());
    const server = await startServer(config);
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const record = writeServerRecord(dataDir, localUrl(server.app.server.address() as AddressInfo));
    try {
      const { email, token } = await registerUser({
        app: server.app,
        mailer: server.mailer,
        clock: new TestClock(),
        dataDir,
      });
      expect((await call(server.app, 'GET', '/api/app/user/me', { token })).status).toBe(200);

      const result = await runCli(['user:freeze', email.toUpperCase()], env());
      expect(result.stderr).toContain(`(via the running server at ${record.url})`);
      expect(result.stdout).toContain(`Frozen ${email}`);
      expect(result.code).toBe(0);

      const me = await call(server.app, 'GET', '/api/app/user/me', { token });
      expect(me.body).toEqual({
        code: 401,
        reason: 'user_frozen',
        msg: 'Account frozen. Please contact support.',
      });

      const list = await runCli(['user:list', '--status', 'frozen'], env());
      expect(list.code).toBe(0);
      for (const frozen of [email, frozenWithoutServer]) {
        expect(list.stdout).toMatch(new RegExp(`\\s${String(frozen).replace(/[.+]/g, '\\$&')}\\s+frozen\\s`));
      }

      const unknown = await runCli(['user:unfreeze', 'nobody@example.com'], env());
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('This email is not registered');

      const usage = await runCli(['user:freeze'], env());
      expect(usage.code).toBe(1);
      expect(usage.stderr).toContain('usage: user:freeze EMAIL');
    } finally {
      removeServerRecord(dataDir, record);
      await server.app.close();
      await server.database.close();
    }
  });
});
