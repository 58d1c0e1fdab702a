// Notification centre figures (issue 32): the time from the tick that liquidates a position to the
// `notice` frame on its owner's connected client, with 500 players connected (each signed in and on
// the user channel, in a worker thread) and all 500 liquidated by the one tick: the notice is stored
// with the close, told on its commit and sent to the owner's socket. PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set (a scratch database).
//   npx tsx apps/server/scripts/bench-notices.ts [--clients=500]
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { loadTestSettings } from '../src/config';
import { openPglite } from '../src/db/client';
import { openScratchPostgres } from '../src/db/scratch';
import { benchApp, registerBenchUser } from './memory-mailer';
import { percentile } from './opens-bench';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const clients = arg('clients', 500);

async function run(on: 'pglite' | 'postgres') {
  const url = loadTestSettings().databaseUrl;
  if (on === 'postgres' && !url) {
    console.log('  PostgreSQL: set TEST_DATABASE_URL to measure it');
    return;
  }
  const database =
    on === 'postgres' ? await openScratchPostgres(url!, 'bench_notices') : await openPglite(undefined);
  // 500 sockets from one address: the per-address connection limit is off here.
  const { app, mailer, dataDir } = await benchApp(database, 'tf-bench-notices-', {
    MAX_CONNECTIONS_PER_IP: '0',
    RATE_LIMIT_WS_AUTH_IP: 'off',
  });
  let worker: Worker | undefined;
  try {
    const { market, game, gameEngine, operatorMoney: money } = app.services;
    await market.init();
    await money.fundVault({ token: 'USDT', amount: '100000000' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const tokens: string[] = [];
    for (let n = 0; n < clients; n++) {
      const { token, userId } = await registerBenchUser(app, mailer, `bench-notices-${n}@example.com`);
      await money.adjust({ userId, token: 'USDT', amount: '20', memo: 'bench' });
      // A fresh pin before each open: sign-ups are slow, and a stale price refuses opens.
      await market.pin('BTCUSDT', '60000');
      await game.open(userId, { symbol: 'BTCUSDT', side: 'long', margin: '10', leverage: 100 });
      tokens.push(token);
    }
    await market.pin('BTCUSDT', '60000');
    await gameEngine.lead();
    const ws = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/ws`;
    worker = new Worker(new URL('./bench-notice-clients.mjs', import.meta.url), {
      workerData: { url: ws, tokens },
    });
    const next = () =>
      new Promise<{ ready?: true; arrivals?: number[] }>((resolve, reject) => {
        worker!.once('message', resolve);
        worker!.once('error', reject);
      });
    await next();
    const all = next();
    const tick = Date.now();
    await market.pin('BTCUSDT', '59000');
    await gameEngine.idle();
    const settled = Date.now() - tick;
    // Bounded: every notice is in, or after 10 s the figure says how many were not.
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    const done = next();
    worker.postMessage('stop');
    const arrivals = ((await done).arrivals ?? []).map((at) => at - tick).sort((a, b) => a - b);
    console.log(
      `  ${on === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${arrivals.length}/${clients} notices on ${clients} connected ` +
        `clients after one tick liquidated all ${clients} (settled in ${settled} ms): p50 ${percentile(arrivals, 50)} ms, ` +
        `p95 ${percentile(arrivals, 95)} ms, p99 ${percentile(arrivals, 99)} ms, max ${arrivals.at(-1)} ms`,
    );
  } finally {
    await worker?.terminate();
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await run('pglite');
await run('postgres');
