// Issue 10, acceptance 4: API processes on one PostgreSQL database and one Redis, as behind a load
// balancer. One leads the feed (the database lease); the others never step it, yet a WebSocket client
// on each receives the same ticks, because the leader publishes them through Redis. An operator's pin
// sent to any process reaches the leader's feed and every other's stream. Each process writes its
// DATABASE_URL its own way (localhost, 127.0.0.1, with a parameter): the stream is the database's,
// not the connection string's. Real processes (server.ts), real PostgreSQL and Redis; needs
// TEST_DATABASE_URL and TEST_REDIS_URL (required when CI=true). The pin is each one's mark.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { loadTestSettings, repoRoot } from '../../config';
import { openScratchPostgres } from '../../db/scratch';
import { readServerRecord } from '../../server-record';
import { ADMIN_TOKEN, makeWebDist } from '../../test/harness';

const settings = loadTestSettings();
const ready = Boolean(settings.databaseUrl && settings.redisUrl);

interface Tick {
  symbol: string;
  price: string;
  time: number;
}

class Listener {
  readonly ticks: Tick[] = [];
  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; list?: Tick[] };
      if (message.type === 'ticks') this.ticks.push(...message.list!);
    });
  }
  static async open(url: string): Promise<Listener> {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/ws`);
    const listener = new Listener(socket);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const subscribed = new Promise((resolve) =>
      socket.on('message', (data) => {
        if ((JSON.parse(String(data)) as { type: string }).type === 'subscribed') resolve(undefined);
      }),
    );
    socket.send(JSON.stringify({ op: 'subscribe', channel: 'tickers' }));
    await subscribed;
    return listener;
  }
}

const key = (tick: Tick) => `${tick.symbol}@${tick.time}=${tick.price}`;

describe.runIf(ready || settings.ci)(
  'API processes with Redis, each writing the database its own way',
  () => {
    const processes: ChildProcess[] = [];
    const dirs: string[] = [];
    const urls: string[] = [];
    let database: Awaited<ReturnType<typeof openScratchPostgres>> | undefined;
    const listeners: Listener[] = [];

    async function start(databaseUrl: string): Promise<string> {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-scale-'));
      const webDist = makeWebDist();
      dirs.push(dataDir, webDist);
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          REDIS_URL: settings.redisUrl!,
          CHAINS: 'off',
          DATA_DIR: dataDir,
          WEB_DIST: webDist,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          ADMIN_TOKEN,
          MARKET_TICK_MS: '100',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      processes.push(child);
      let url = '';
      await vi.waitFor(
        () => {
          expect(child.exitCode).toBeNull();
          url = readServerRecord(dataDir)!.url!;
        },
        { timeout: 60_000, interval: 100 },
      );
      return url;
    }

    beforeAll(async () => {
      if (!ready) throw new Error('CI=true but TEST_DATABASE_URL or TEST_REDIS_URL is not set');
      database = await openScratchPostgres(settings.databaseUrl!, 'scale');
      // One after the other: the first migrates the database and takes the feed's lease.
      for (const written of spellings(database.url)) urls.push(await start(written));
      for (const url of urls) listeners.push(await Listener.open(url));
    }, 150_000);

    afterAll(async () => {
      for (const listener of listeners) listener.socket.terminate();
      await Promise.all(
        processes.map((child) => {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          return child.exitCode === null ? exited : undefined;
        }),
      );
      await database?.close();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('a client on each process receives the same ticks', async () => {
      await vi.waitFor(
        () => {
          for (const listener of listeners) expect(listener.ticks.length).toBeGreaterThan(30);
        },
        { timeout: 20_000 },
      );
      // All saw the same stream: every tick one client has seen since all were connected is one each
      // other client saw, price and time alike.
      const since = Math.max(...listeners.map((listener) => listener.ticks[0]!.time));
      const until = Math.min(...listeners.map((listener) => listener.ticks.at(-1)!.time));
      // As sets: around a change of leader (a lease renewed late on a loaded machine) the processes
      // may hear a step in another order; what matters is that none misses one.
      const window = (ticks: Tick[]) =>
        [...new Set(ticks.filter((tick) => tick.time >= since && tick.time <= until).map(key))].sort();
      const [first, ...others] = listeners as [Listener, ...Listener[]];
      expect(window(first.ticks).length).toBeGreaterThan(12);
      for (const other of others) expect(window(other.ticks)).toEqual(window(first.ticks));
    });

    it('an operator’s pin sent to any process reaches the stream of every other within 2 s', async () => {
      const statuses = await Promise.all(
        urls.map(async (url) => {
          const res = await fetch(`${url}/api/admin/market/status`, {
            headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
          });
          return (await res.json()) as { code: number };
        }),
      );
      expect(statuses.map((status) => status.code)).toEqual(urls.map(() => 0));
      for (const [index, url] of urls.entries()) {
        const pinned = ['4321.5', '4321.75', '4322.25'][index]!;
        const seen = listeners.map((listener) => listener.ticks.length);
        const res = await fetch(`${url}/api/admin/market/price`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ symbol: 'ETHUSDT', price: pinned }),
        });
        expect(res.status).toBe(200);
        // Every later step of the leader carries the pinned price, seen by clients of every process.
        await vi.waitFor(
          () => {
            for (const [at, listener] of listeners.entries()) {
              const later = listener.ticks.slice(seen[at]).filter((tick) => tick.symbol === 'ETHUSDT');
              expect(later.length).toBeGreaterThan(2);
              expect(later.slice(-2).map((tick) => tick.price)).toEqual([pinned, pinned]);
            }
          },
          { timeout: 2_000, interval: 50 },
        );
        // The pin is the mark at once, in every process (what their games settle at).
        for (const other of urls) {
          const res = await fetch(`${other}/api/admin/market/status`, {
            headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
          });
          const status = (await res.json()) as { data: { list: { symbol: string; mark: string | null }[] } };
          expect(status.data.list.find((row) => row.symbol === 'ETHUSDT')!.mark).toBe(pinned);
        }
      }
    });
  },
);

/** The same database written three ways: by name and by address, and with a parameter added. */
function spellings(url: string): string[] {
  const byName = new URL(url);
  const byAddress = new URL(url);
  if (byName.hostname === '127.0.0.1' || byName.hostname === 'localhost') {
    byName.hostname = 'localhost';
    byAddress.hostname = '127.0.0.1';
  } else throw new Error(`TEST_DATABASE_URL's host should be local: ${byName.hostname}`);
  const withParameter = new URL(url);
  withParameter.searchParams.set('application_name', 'x');
  return [byName.toString(), byAddress.toString(), withParameter.toString()];
}
