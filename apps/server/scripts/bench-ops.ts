// Operations: GET /api/ready's latency at a steady 200 requests/s (the marks fresh, so it answers
// 200 after its database and migrations check), and what the metrics cost GET /api/app/user/me:
// the same app with METRICS_PORT set and without, measured in alternating rounds in one run. On
// PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL. Loopback only.
//   npx tsx apps/server/scripts/bench-ops.ts [--seconds=5] [--rounds=4]
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { Histogram, Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import { loadTestSettings } from '../src/config';
import { openPglite, type DatabaseHandle } from '../src/db/client';
import { openScratchPostgres } from '../src/db/scratch';
import { benchApp, registerBenchUser } from './memory-mailer';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const seconds = arg('seconds', 5);
const rounds = arg('rounds', 4);
const connections = 10;

async function listen(app: FastifyInstance) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** The app with its simulated feed stepping, as its leader would (the marks stay fresh). */
async function servingApp(database: DatabaseHandle, env: Record<string, string>) {
  // No web build is needed: its warning would only interleave with the figures.
  const built = await benchApp(database, 'tf-bench-ops-', { LOG_LEVEL: 'error', ...env });
  const market = built.app.services.market;
  await market.init();
  for (let i = 0; i < 3; i++) await market.step();
  const feed = setInterval(() => void market.step().catch(() => undefined), 250);
  const base = await listen(built.app);
  return {
    ...built,
    base,
    async close() {
      clearInterval(feed);
      await built.app.close();
      fs.rmSync(built.dataDir, { recursive: true, force: true });
    },
  };
}

async function readyAtRate(name: string, database: DatabaseHandle) {
  const served = await servingApp(database, {});
  try {
    // A second's warm-up first: the figures are of a process that has served before.
    await autocannon({ url: `${served.base}/api/ready`, connections, overallRate: 200, duration: 1 });
    const result = await autocannon({
      url: `${served.base}/api/ready`,
      connections,
      overallRate: 200,
      duration: seconds,
    });
    const errors = result.errors + result.timeouts + result.non2xx;
    console.log(
      `  ${name.padEnd(10)} GET /api/ready at 200 req/s: ${result.requests.average.toFixed(0)} req/s, ` +
        `p50 ${result.latency.p50.toFixed(1)} ms, p99 ${result.latency.p99.toFixed(1)} ms (target < 20), ` +
        `errors ${errors}`,
    );
  } finally {
    await served.close();
  }
}

/**
 * Metrics' cost on a signed-in call, as throughput with METRICS_PORT set against without. Two apps of
 * each kind, in turns: two apps alike differ by a few per cent on their own on this machine, so the
 * two "off" apps' difference is printed beside it as the measure's noise. The one thing metrics add
 * to a call is the timing hook's observation: its cost, measured alone, is then given as a share of
 * the call's time, the figure held to the target.
 */
async function metricsCost(name: string, database: DatabaseHandle, hookMicros: number) {
  const kinds = ['off', 'on', 'off', 'on'] as const;
  const served = await Promise.all(
    kinds.map((kind) => servingApp(database, kind === 'on' ? { METRICS_PORT: '0' } : {})),
  );
  try {
    const apps = await Promise.all(
      served.map(async (entry, i) => ({
        kind: kinds[i]!,
        served: entry,
        token: (await registerBenchUser(entry.app, entry.mailer, `bench-ops-${i}@example.com`)).token,
        rps: [] as number[],
      })),
    );
    // A warm-up round, not counted; then rounds in turning order: a drift of the machine's speed
    // falls on all alike.
    for (let round = -1; round < rounds; round++) {
      const turn = Math.max(0, round) % apps.length;
      for (const entry of [...apps.slice(turn), ...apps.slice(0, turn)]) {
        const result = await autocannon({
          url: `${entry.served.base}/api/app/user/me`,
          connections,
          duration: round < 0 ? 1 : seconds,
          headers: { authorization: `Bearer ${entry.token}` },
        });
        if (round >= 0) entry.rps.push(result.requests.average);
      }
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const of = (kind: 'off' | 'on') =>
      apps.filter((entry) => entry.kind === kind).map((entry) => mean(entry.rps));
    const [offA, offB] = of('off') as [number, number];
    const offRps = (offA + offB) / 2;
    const onRps = mean(of('on'));
    const cost = ((offRps - onRps) / offRps) * 100;
    const noise = (Math.abs(offA - offB) / offRps) * 100;
    console.log(
      `  ${name.padEnd(10)} GET /api/app/user/me, ${rounds} rounds of ${seconds} s, two apps each: ` +
        `metrics off ${offRps.toFixed(0)} req/s, on ${onRps.toFixed(0)} req/s: cost ${cost.toFixed(1)} % ` +
        `(two apps alike differ by ${noise.toFixed(1)} %)`,
    );
    // One event loop serves the calls: each takes the loop 1/throughput of a second.
    const requestMicros = 1e6 / offRps;
    console.log(
      `  ${name.padEnd(10)} the timing hook, ${hookMicros.toFixed(2)} µs, of a call's ${requestMicros.toFixed(0)} µs: ` +
        `${((hookMicros / requestMicros) * 100).toFixed(2)} % (target ≤ 2 %)`,
    );
  } finally {
    for (const entry of served) await entry.close();
  }
}

/** What metrics add to each request: one histogram observation by route (metrics.ts, timeRequests). */
function timingHookCost() {
  const registry = new Registry();
  const histogram = new Histogram({
    name: 'bench_request_duration_seconds',
    help: 'as tradeflip_http_request_duration_seconds',
    labelNames: ['method', 'route', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const count = 1_000_000;
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    histogram.observe({ method: 'GET', route: '/api/app/user/me', status_class: '2xx' }, 0.002);
  }
  return ((performance.now() - started) * 1000) / count;
}

async function main() {
  console.log(`  ${connections} connections, loopback`);
  const targets: { name: string; open: () => Promise<DatabaseHandle> }[] = [
    { name: 'PGlite', open: () => openPglite(undefined) },
  ];
  const url = loadTestSettings().databaseUrl;
  if (url)
    targets.push({ name: 'PostgreSQL', open: () => openScratchPostgres(url, 'bench_ops', { max: 10 }) });
  const hookMicros = timingHookCost();
  for (const target of targets) {
    const database = await target.open();
    try {
      await readyAtRate(target.name, database);
      await metricsCost(target.name, database, hookMicros);
    } finally {
      await database.close();
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
