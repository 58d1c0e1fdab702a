// The live plays feed across processes (issue 32, point 11): two servers (server.ts, as started in
// production) on one PostgreSQL database. One of them builds the feed (the plays-feed lease); a
// socket on each receives a position closed through either. Real processes, PostgreSQL
// and Redis (for the prices both processes trade at); needs TEST_DATABASE_URL and TEST_REDIS_URL
// (required when CI=true).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WsServerMessage } from '@tradeflip/api';
import { loadTestSettings } from '../../config';
import { queryRows } from '../../db/rows';
import { openScratchPostgres } from '../../db/scratch';
import { makeWebDist } from '../../test/harness';
import { post, signUpFunded } from '../../test/server-calls';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { Listener } from '../../test/socket-listener';

const settings = loadTestSettings();
const ready = Boolean(settings.databaseUrl && settings.redisUrl);
const ADMIN_TOKEN = 'plays-processes-admin-token-0123';

describe.runIf(ready || settings.ci)('the live plays feed on two processes of one PostgreSQL', () => {
  const servers: { process: ServerProcess; dataDir: string }[] = [];
  const sockets: Listener[] = [];
  const dirs: string[] = [];
  let database: Awaited<ReturnType<typeof openScratchPostgres>> | undefined;

  beforeAll(async () => {
    if (!ready) throw new Error('CI=true but TEST_DATABASE_URL or TEST_REDIS_URL is not set');
    database = await openScratchPostgres(settings.databaseUrl!, 'plays');
    // One after the other: the first migrates the database.
    for (const name of ['one', 'two']) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tf-plays-${name}-`));
      const webDist = makeWebDist();
      dirs.push(dataDir, webDist);
      const server = await startServerProcess({
        DATABASE_URL: database.url,
        REDIS_URL: settings.redisUrl!,
        CHAINS: 'off',
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        ADMIN_TOKEN,
        MARKET_TICK_MS: '100',
        RATE_LIMIT_API_IP: 'off',
        RATE_LIMIT_CODE_IP: 'off',
        RATE_LIMIT_REGISTER_IP: 'off',
      });
      servers.push({ process: server, dataDir });
    }
    for (const { process: server } of servers) {
      const socket = await Listener.open(`${server.url.replace(/^http/, 'ws')}/api/ws`);
      socket.send({ op: 'subscribe', channel: 'plays' });
      await socket.next((m) => m.type === 'plays');
      sockets.push(socket);
    }
  }, 150_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all(servers.map(({ process: server }) => server.stop()));
    await database?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a position closed through either process reaches a socket on each', async () => {
    const [one, two] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const funded = await post(one.process.url, {
      path: '/api/admin/vault/fund',
      body: { token: 'USDT', amount: '100000' },
      token: ADMIN_TOKEN,
    });
    expect(funded !== 'dropped' && funded.status).toBe(200);
    const player = await signUpFunded(
      { url: one.process.url, dataDir: one.dataDir, adminToken: ADMIN_TOKEN },
      '1000',
    );
    const builders = await queryRows<{ holder: string }>(
      database!.db,
      sql`select holder from worker_leases where name = 'plays-feed' and expires_at > now()`,
    );
    expect(builders).toHaveLength(1);

    for (const [opener, closer] of [
      [one, two],
      [two, one],
    ] as const) {
      let id = '';
      // Until the process has heard a fresh price of the pair (the other process may lead the feed).
      await vi.waitFor(
        async () => {
          const opened = await post(opener.process.url, {
            path: '/api/app/game/open',
            body: { symbol: 'BTCUSDT', side: 'short', margin: '10', leverage: 2 },
            token: player.token,
          });
          expect(opened !== 'dropped' && opened.status, JSON.stringify(opened)).toBe(200);
          id = (opened as { body: { data: { id: string } } }).body.data.id;
        },
        { timeout: 20_000, interval: 250 },
      );
      const closed = await post(closer.process.url, {
        path: '/api/app/game/close',
        body: { id },
        token: player.token,
      });
      expect(closed !== 'dropped' && closed.status, JSON.stringify(closed)).toBe(200);
      for (const socket of sockets) {
        const frame = (await socket.next(
          (m) => m.type === 'plays' && m.list.some((p) => p.id === `position-${id}`),
        )) as Extract<WsServerMessage, { type: 'plays' }>;
        expect(frame.list.find((p) => p.id === `position-${id}`)).toMatchObject({
          game: 'contract',
          player: `${player.email.slice(0, 2)}***`,
          symbol: 'BTCUSDT',
          side: 'short',
          stake: null,
          result: null,
        });
      }
    }
  });
});
