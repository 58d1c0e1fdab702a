// Issue 10, acceptance 4: two API processes on one PostgreSQL database and one Redis, as behind a load
// balancer. One leads the feed (the database lease); the other never steps it, yet a WebSocket client
// on each receives the same ticks, because the leader publishes them through Redis. An operator's pin
// sent to the follower reaches the leader's feed too. Real processes (server.ts), real PostgreSQL and
// Redis; needs TEST_DATABASE_URL and TEST_REDIS_URL (required when CI=true). The pin is each one's mark.
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

describe.runIf(ready || settings.ci)('two API processes with Redis', () => {
  const processes: ChildProcess[] = [];
  const dirs: string[] = [];
  const urls: string[] = [];
  let database: Awaited<ReturnType<typeof openScratchPostgres>> | undefined;
  const listeners: Listener[] = [];

  async function start(): Promise<string> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-scale-'));
    const webDist = makeWebDist();
    dirs.push(dataDir, webDist);
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: database!.url,
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
        url = readServerRecord(dataDir)!.url;
      },
      { timeout: 60_000, interval: 100 },
    );
    return url;
  }

  beforeAll(async () => {
    if (!ready) throw new Error('CI=true but TEST_DATABASE_URL or TEST_REDIS_URL is not set');
    database = await openScratchPostgres(settings.databaseUrl!, 'scale');
    // One after the other: the first migrates the database and takes the feed's lease.
    urls.push(await start());
    urls.push(await start());
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
    const [first, second] = listeners as [Listener, Listener];
    await vi.waitFor(
      () => {
        expect(first.ticks.length).toBeGreaterThan(30);
        expect(second.ticks.length).toBeGreaterThan(30);
      },
      { timeout: 20_000 },
    );
    // Both saw the same stream: every tick the second client has seen since both were connected is
    // one the first client saw, price and time alike (and the other way round).
    const since = Math.max(first.ticks[0]!.time, second.ticks[0]!.time);
    const until = Math.min(first.ticks.at(-1)!.time, second.ticks.at(-1)!.time);
    // As sets: around a change of leader (a lease renewed late on a loaded machine) the two
    // processes may hear a step in another order; what matters is that neither misses one.
    const window = (ticks: Tick[]) =>
      [...new Set(ticks.filter((tick) => tick.time >= since && tick.time <= until).map(key))].sort();
    expect(window(first.ticks).length).toBeGreaterThan(12);
    expect(window(second.ticks)).toEqual(window(first.ticks));
  });

  it('an operator’s pin sent to either process reaches the stream of both', async () => {
    // Ask both which one leads; pin through the other.
    const statuses = await Promise.all(
      urls.map(async (url) => {
        const res = await fetch(`${url}/api/admin/market/status`, {
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        });
        return (await res.json()) as { code: number };
      }),
    );
    expect(statuses.map((status) => status.code)).toEqual([0, 0]);
    for (const url of urls) {
      const res = await fetch(`${url}/api/admin/market/price`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ symbol: 'ETHUSDT', price: url === urls[0] ? '4321.5' : '4321.75' }),
      });
      expect(res.status).toBe(200);
      const pinned = url === urls[0] ? '4321.5' : '4321.75';
      // Every later step of the leader carries the pinned price, seen by clients of both processes.
      for (const listener of listeners) {
        const seen = listener.ticks.length;
        await vi.waitFor(
          () => {
            const later = listener.ticks.slice(seen).filter((tick) => tick.symbol === 'ETHUSDT');
            expect(later.length).toBeGreaterThan(2);
            expect(later.slice(-2).map((tick) => tick.price)).toEqual([pinned, pinned]);
          },
          { timeout: 10_000 },
        );
      }
      // The pin is the mark at once, in both processes (what their games settle at).
      for (const other of urls) {
        const res = await fetch(`${other}/api/admin/market/status`, {
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        });
        const status = (await res.json()) as { data: { list: { symbol: string; mark: string | null }[] } };
        expect(status.data.list.find((row) => row.symbol === 'ETHUSDT')!.mark).toBe(pinned);
      }
    }
  });
});
