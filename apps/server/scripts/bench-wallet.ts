// GET /api/app/asset/balances under 100 concurrent connections: throughput and p99 latency, on
// PostgreSQL (TEST_DATABASE_URL, a scratch database with the server's default pool of 10) and on the
// embedded PGlite. The user holds four tokens; every call checks the session, reads the balances
// and values them. Loopback only, ~5 s per measurement.
//   npx tsx apps/server/scripts/bench-wallet.ts [--seconds=5] [--connections=100]
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { loadTestSettings } from '../src/config';
import { openPglite, type DatabaseHandle } from '../src/db/client';
import { openScratchPostgres } from '../src/db/scratch';
import { benchApp, registerBenchUser } from './memory-mailer';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const seconds = arg('seconds', 5);
const connections = arg('connections', 100);

async function measure(name: string, database: DatabaseHandle) {
  const { app, mailer, dataDir } = await benchApp(database, 'tf-bench-wallet-');
  // Requests still running when the load stops finish before the database closes.
  let inFlight = 0;
  let drained: (() => void) | undefined;
  app.addHook('onRequest', async () => void inFlight++);
  // onSend runs even for a request whose client already hung up.
  app.addHook('onSend', async (_request, _reply, payload) => {
    if (--inFlight === 0) drained?.();
    return payload;
  });
  try {
    const { token, userId } = await registerBenchUser(app, mailer, 'bench-wallet@example.com');
    for (const [symbol, amount] of [
      ['USDT', '1234.56'],
      ['BTC', '0.123456'],
      ['ETH', '2.5'],
      ['DOGE', '1000'],
    ] as const) {
      await app.services.operatorMoney.adjust({ userId, token: symbol, amount });
    }
    await app.services.ledger.freeze({
      userId,
      token: 'USDT',
      amount: '100',
      type: 'bet_freeze',
      ref: { type: 'bench', id: null },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const result = await autocannon({
      url: `${base}${process.env.BENCH_PATH ?? '/api/app/asset/balances'}`,
      connections,
      duration: seconds,
      headers: { authorization: `Bearer ${token}` },
    });
    const errors = result.errors + result.timeouts + result.non2xx;
    console.log(
      `  ${name.padEnd(10)} ${result.requests.average.toFixed(0).padStart(8)} req/s  p50 ${result.latency.p50
        .toFixed(1)
        .padStart(6)} ms  p99 ${result.latency.p99.toFixed(1).padStart(6)} ms  errors ${errors}`,
    );
  } finally {
    await app.close();
    // Handlers of requests whose clients hung up may still run after close: let them finish.
    if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(`  GET /api/app/asset/balances, ${connections} connections, ${seconds} s, loopback`);
  const url = loadTestSettings().databaseUrl;
  if (url) {
    const postgres = await openScratchPostgres(url, 'bench_wallet', { max: 10 });
    try {
      await measure('PostgreSQL', postgres);
    } finally {
      await postgres.close();
    }
  } else {
    console.log('  (set TEST_DATABASE_URL to measure on PostgreSQL)');
  }
  const pglite = await openPglite(undefined);
  try {
    await measure('PGlite', pglite);
  } finally {
    await pglite.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
