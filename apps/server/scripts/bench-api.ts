// API throughput: GET /api/app/user/me (session lookup, envelope, response schema) beside a bare
// Fastify route (`GET /bare`, a small JSON) in the same run, on PGlite and, when TEST_DATABASE_URL
// is set, on PostgreSQL; GET /api/health shows the app's plugin stack without the database.
// Loopback only, ~5 s per measurement.
//   npx tsx apps/server/scripts/bench-api.ts [--seconds=5]
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadTestSettings } from '../src/config';
import { openPglite, type DatabaseHandle } from '../src/db/client';
import { openScratchPostgres } from '../src/db/scratch';
import { benchApp, registerBenchUser } from './memory-mailer';

const seconds = Number(process.argv.find((arg) => arg.startsWith('--seconds='))?.slice(10) ?? 5);
const connections = 10;

interface Figures {
  target: string;
  route: string;
  rps: number;
  p99: number;
  errors: number;
}

async function load(target: string, route: string, url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { target, route, rps: result.requests.average, p99: result.latency.p99, errors } satisfies Figures;
}

async function listen(app: FastifyInstance) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function bare(): Promise<Figures> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ code: 0, data: { ok: true } }));
  const base = await listen(app);
  try {
    return await load('-', 'GET /bare (bare Fastify)', `${base}/bare`);
  } finally {
    await app.close();
  }
}

/** /api/health (the app's whole plugin stack, no database) and /api/app/user/me (plus a session lookup). */
async function appRoutes(name: string, database: DatabaseHandle): Promise<Figures[]> {
  const { app, mailer, dataDir } = await benchApp(database, 'tf-bench-');
  try {
    const { token } = await registerBenchUser(app, mailer, 'bench@example.com');
    const base = await listen(app);
    return [
      await load(name, 'GET /api/health', `${base}/api/health`),
      await load(name, 'GET /api/app/user/me', `${base}/api/app/user/me`, {
        authorization: `Bearer ${token}`,
      }),
    ];
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function print(rows: Figures[]) {
  const bareRps = rows.find((row) => row.target === '-')?.rps ?? 0;
  console.log(`  ${connections} connections, ${seconds} s each, loopback`);
  console.log(
    `  ${'database'.padEnd(10)} ${'route'.padEnd(28)} ${'req/s'.padStart(9)} ${'p99 ms'.padStart(7)}  vs bare  errors`,
  );
  for (const row of rows) {
    const ratio = bareRps ? `${((row.rps / bareRps) * 100).toFixed(0)}%` : '-';
    console.log(
      `  ${row.target.padEnd(10)} ${row.route.padEnd(28)} ${row.rps.toFixed(0).padStart(9)} ${row.p99
        .toFixed(1)
        .padStart(7)}  ${ratio.padStart(7)}  ${row.errors}`,
    );
  }
}

async function main() {
  const rows: Figures[] = [await bare()];
  const pglite = await openPglite(undefined);
  try {
    rows.push(...(await appRoutes('PGlite', pglite)));
  } finally {
    await pglite.close();
  }
  const url = loadTestSettings().databaseUrl;
  if (url) {
    const postgres = await openScratchPostgres(url, 'bench');
    try {
      rows.push(...(await appRoutes('PostgreSQL', postgres)));
    } finally {
      await postgres.close();
    }
  }
  print(rows);
  if (!url) console.log('  (set TEST_DATABASE_URL to measure on PostgreSQL too)');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
