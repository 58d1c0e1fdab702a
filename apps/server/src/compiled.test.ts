// The compiled server (`npm run build`, then `npm run serve`): plain JavaScript run by node alone,
// no TypeScript loader, finding its migrations, the web app and its admin credential as the sources
// do. Built here first, so the test runs what the build makes now.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './config';
import { makeWebDist } from './test/harness';
import { signUpFunded } from './test/server-calls';
import { COMPILED_SERVER, startServerProcess, type ServerProcess } from './test/server-process';

const ADMIN_TOKEN = 'compiled-test-admin-token-01';

describe('the compiled server', () => {
  const dirs: string[] = [];
  let server: ServerProcess | undefined;

  beforeAll(() => {
    execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/scripts/build.ts'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }, 120_000);
  afterAll(async () => {
    await server?.kill();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs with node alone: migrates, answers health, signs a player up', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-compiled-'));
    const webDist = makeWebDist();
    dirs.push(dataDir, webDist);
    // No loader of any kind reaches the child (vitest's own environment included).
    server = await startServerProcess(
      { DATA_DIR: dataDir, WEB_DIST: webDist, CHAINS: 'off', ADMIN_TOKEN, NODE_OPTIONS: '' },
      { compiled: true },
    );
    expect(server.child.spawnargs.slice(1)).toEqual([COMPILED_SERVER]);
    const cmdline = fs.readFileSync(`/proc/${server.serverPid}/cmdline`, 'utf8').split('\0');
    expect(cmdline.filter((arg) => /tsx|--import|--loader|\.ts$/.test(arg))).toEqual([]);

    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    const user = await signUpFunded({ url: server.url, dataDir, adminToken: ADMIN_TOKEN }, '25');
    const me = await fetch(`${server.url}/api/app/user/me`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(user.email);
  }, 120_000);
});
