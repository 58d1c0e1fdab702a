// The live plays feed against the tickers channel (issue 32, point 11), at 500 socket clients on
// loopback (PGlite): frames per second each client receives, and the server's event-loop time per
// frame (the broadcast to every client: with 500 clients less the same run with none, so the feed's
// own work — the market's step, the builder's reads — is left out). Tickers: the feed steps every
// 250 ms. Plays: 40 flips settle a second (rows written and notified as the settler does, a notice
// each), more than the feed sends: its builder coalesces them into at most two frames a second.
//   npx tsx apps/server/scripts/bench-plays.ts [--clients=500] [--seconds=6]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { systemClock } from '../src/clock';
import { parseConfig } from '../src/config';
import { openPglite } from '../src/db/client';
import { queryRows } from '../src/db/rows';
import { notifyFlips } from '../src/modules/flip/notice';
import { keepTick } from '../src/modules/market/repository';
import { startPlaysFeed } from '../src/modules/plays/feed-job';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const many = arg('clients', 500);
const seconds = arg('seconds', 6);
const SETTLED_PER_SECOND = 40;

type Channel = 'tickers' | 'plays';

interface Run {
  /** Frames each client received per second. */
  framesPerSecond: number;
  /** Frames the server broadcast (each to every client). */
  broadcasts: number;
  /** The main thread's busy time over the run, ms. */
  busyMs: number;
}

async function run(channel: Channel, clients: number): Promise<Run> {
  const database = await openPglite(undefined);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-bench-plays-'));
  const app = await buildApp({
    config: parseConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_API_IP: 'off',
      MAX_CONNECTIONS_PER_IP: '0',
    }),
    db: database.db,
    driver: database.driver,
    outside: database.outside,
    listen: database.listen,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/ws`;
  const { market, plays } = app.services;
  await market.init();
  const db = database.db;
  const tickId = await keepTick(db, {
    symbol: 'BTCUSDT',
    price: '60000',
    time: Date.now(),
    usedAt: new Date(),
  });
  const players = await queryRows<{ id: number }>(
    db,
    sql`insert into users (email, password_hash, invite_code)
        select 'bench' || g || '@example.com', 'x', 'BENCH' || g from generate_series(1, 50) g
        returning id`,
  );
  await db.execute(
    sql`insert into play_feed_settings (user_id, hidden, show_amounts, updated_at)
        select id, false, id % 2 = 0, now() from users`,
  );
  let orders = 0;
  /** Writes `count` settled flips and notifies each, as the settler's batch does. */
  const settle = async (count: number) => {
    const rows = Array.from({ length: count }, () => {
      orders += 1;
      return { order: `B${orders}`, user: players[orders % players.length]!.id };
    });
    await db.transaction(async (tx) => {
      const inserted = await queryRows<{ id: number; user_id: number }>(
        tx,
        sql`insert into flip_positions (order_no, user_id, symbol, token, direction, stake, duration_seconds,
              payout_rate, profit, open_price, open_tick_id, opened_at, expires_at, status, result,
              close_price, pnl, settled_at)
            select r.order_no, r.user_id, 'BTCUSDT', 'USDT', 'up', 10, 30, 0.85, 8.5, 60000, ${tickId},
              now(), now(), 'closed', 'won', 60100, 8.5, now()
            from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ order_no: r.order, user_id: r.user })))}::jsonb)
              as r(order_no text, user_id bigint)
            returning id, user_id`,
      );
      await notifyFlips(
        tx,
        inserted.map((r) => ({ id: r.id, userId: r.user_id, status: 'closed', result: 'won' })),
      );
    });
  };
  const feed = channel === 'plays' ? startPlaysFeed(plays, { db, clock: systemClock }) : undefined;
  const worker = new Worker(new URL('./bench-plays-clients.mjs', import.meta.url), {
    workerData: { url, clients, channel, frameType: channel === 'tickers' ? 'ticks' : 'plays' },
  });
  const next = () =>
    new Promise<{ ready?: true; frames?: number }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  let broadcasts = 0;
  const stopCounting =
    channel === 'plays' ? plays.onPlays(() => (broadcasts += clients > 0 ? 1 : 0)) : undefined;
  const stopTicks =
    channel === 'tickers' ? market.onTick(() => (broadcasts += clients > 0 ? 1 : 0)) : undefined;
  try {
    await next();
    // Warm up, then measure from a count taken now.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const counted = next();
    worker.postMessage('count');
    const before = (await counted).frames ?? 0;
    broadcasts = 0;
    const loopBefore = performance.eventLoopUtilization();
    const started = performance.now();
    const steps = Math.round((seconds * 1000) / 250);
    for (let i = 0; i < steps; i++) {
      if (channel === 'tickers') await market.step(Date.now());
      else await settle(SETTLED_PER_SECOND / 4);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const elapsed = (performance.now() - started) / 1000;
    const loop = performance.eventLoopUtilization(loopBefore);
    const done = next();
    worker.postMessage('stop');
    const frames = ((await done).frames ?? 0) - before;
    return {
      framesPerSecond: clients > 0 ? frames / clients / elapsed : 0,
      broadcasts,
      busyMs: loop.active,
    };
  } finally {
    stopCounting?.();
    stopTicks?.();
    await worker.terminate();
    await feed?.stop();
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const lines: string[] = [];
for (const channel of ['tickers', 'plays'] as const) {
  const alone = await run(channel, 0);
  const loaded = await run(channel, many);
  const perFrame = (loaded.busyMs - alone.busyMs) / Math.max(1, loaded.broadcasts);
  lines.push(
    `${channel.padEnd(8)} ${loaded.framesPerSecond.toFixed(2).padStart(6)} frames/s a client  ` +
      `${String(loaded.broadcasts).padStart(4)} frames in ${seconds} s  ` +
      `${perFrame.toFixed(2).padStart(6)} ms event loop a frame to ${many} clients ` +
      `(${((perFrame * 1000) / many).toFixed(1)} µs a client; busy ${loaded.busyMs.toFixed(0)} ms, ` +
      `${alone.busyMs.toFixed(0)} ms with no client)`,
  );
}
console.log(`Live plays vs tickers at ${many} socket clients (PGlite, loopback):`);
for (const line of lines) console.log(`  ${line}`);
