// Market figures (issue 10).
// - Tick to browser: the time from the feed making a tick to a WebSocket client receiving it, with 1
//   client and with 500 clients subscribed to tickers, on loopback (PGlite). The clients run in a
//   worker thread (bench-ws-clients.mjs), the server on the main one. The feed steps every pair every
//   250 ms for a few seconds; each step is one frame per client.
// - Candle query: GET /api/app/market/candles for 1,000 1m candles, p50/p99 over 200 calls, on
//   PostgreSQL (TEST_DATABASE_URL, a scratch database) after a day of back-filled history.
//   npx tsx apps/server/scripts/bench-market.ts [--clients=500] [--seconds=5]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../src/app';
import { loadTestSettings, parseConfig } from '../src/config';
import { openPglite } from '../src/db/client';
import { openScratchPostgres } from '../src/db/scratch';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const many = arg('clients', 500);
const seconds = arg('seconds', 5);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function run(clients: number) {
  const database = await openPglite(undefined);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-bench-market-'));
  const app = await buildApp({
    // 500 sockets from one address: the per-address connection limit is off here.
    config: parseConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_API_IP: 'off',
      MAX_CONNECTIONS_PER_IP: '0',
    }),
    db: database.db,
    driver: database.driver,
    outside: database.outside,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/ws`;
  await app.services.market.init();
  const worker = new Worker(new URL('./bench-ws-clients.mjs', import.meta.url), {
    workerData: { url, clients },
  });
  const next = () =>
    new Promise<{ ready?: true; latencies?: number[] }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  let latencies: number[] = [];
  try {
    await next();
    const steps = Math.round((seconds * 1000) / 250);
    for (let i = 0; i < steps; i++) {
      await app.services.market.step(Date.now());
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const done = next();
    worker.postMessage('stop');
    latencies = (await done).latencies ?? [];
  } finally {
    await worker.terminate();
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  latencies.sort((a, b) => a - b);
  const expected = clients * 6 * Math.round((seconds * 1000) / 250);
  console.log(
    `${String(clients).padStart(4)} client(s): ${latencies.length}/${expected} ticks received; ` +
      `p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms, p99 ${percentile(latencies, 99)} ms, ` +
      `max ${latencies.at(-1)} ms`,
  );
}

async function candleQuery() {
  const url = loadTestSettings().databaseUrl;
  if (!url) {
    console.log('  candle query: set TEST_DATABASE_URL to measure on PostgreSQL');
    return;
  }
  const database = await openScratchPostgres(url, 'bench_market', { max: 10 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-bench-market-'));
  const app = await buildApp({
    config: parseConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_API_IP: 'off' }),
    db: database.db,
    driver: database.driver,
    outside: database.outside,
  });
  try {
    await app.services.market.init();
    const times: number[] = [];
    for (let i = 0; i < 220; i++) {
      const started = performance.now();
      const res = await app.inject({ url: '/api/app/market/candles?symbol=BTCUSDT&interval=1m&limit=1000' });
      if (i >= 20) times.push(performance.now() - started);
      if (res.json<{ data: { list: unknown[] } }>().data.list.length !== 1000)
        throw new Error('expected 1000 candles');
    }
    times.sort((a, b) => a - b);
    console.log(
      `  candle query (1,000 1m candles, PostgreSQL, through the app): p50 ${percentile(times, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(times, 99).toFixed(1)} ms`,
    );
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await run(1);
await run(many);
await candleQuery();
