// What the games' opens figures share (bench-game.ts, bench-flip.ts): on a throwaway PostgreSQL
// database, N users open over HTTP at once for a few seconds (the most the server does), then at a
// steady half of that rate (the latency a player meets), then the same SQL one open needs, bare (no
// app, no NOTIFY), by one worker per user, for the share of it the app reaches.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { loadTestSettings } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { openScratchPostgres } from '../src/db/scratch';
import { benchApp, registerBenchUser } from './memory-mailer';

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * Connections to PostgreSQL, the app's and the bare loop's alike. On 2 cores more connections only
 * queue on the vault's row (every open pays it a fee or a promise) and switch between backends: 8
 * opened 360/s where 20 opened 250/s. The server's default pool is 10 (db/client.ts).
 */
export const poolSize = Number(process.env.BENCH_POOL ?? 8);

/** A player's ids for the bare loop: their user row and their USDT account; the vault's account. */
export interface BareIds {
  userId: number;
  account: number;
  vault: number;
}

export interface OpensBench {
  /** The figure's words: "opens", "flip opens". */
  name: string;
  /** The scratch database's and the users' e-mails' label. */
  label: string;
  /** What one open posts. */
  path: string;
  body: unknown;
  /** Added to the first line (what was set up before). */
  note?: string;
  /** Before the clients start: the game's terms, positions already open. */
  prepare?(app: FastifyInstance, database: DatabaseHandle, userIds: number[]): Promise<void>;
  /** One open's statements, bare, inside the loop's transaction (`n`: the worker, `i`: its open). */
  bareOpen(client: pg.PoolClient, ids: BareIds, n: number, i: number): Promise<void>;
  /** The share of the bare figure the app should reach, printed beside it. */
  target?: string;
}

/** Answers the app's opens per second (undefined without TEST_DATABASE_URL). */
export async function opensOnPostgres(bench: OpensBench, users: number, seconds: number) {
  const url = loadTestSettings().databaseUrl;
  if (!url) {
    console.log(`  ${bench.name} per second: set TEST_DATABASE_URL to measure on PostgreSQL`);
    return undefined;
  }
  const database = await openScratchPostgres(url, bench.label, { max: poolSize });
  const { app, mailer, dataDir } = await benchApp(database, `tf-${bench.label}-`, {
    RATE_LIMIT_CODE_EMAIL_SECONDS: '0',
  });
  try {
    const { market, operatorMoney: money } = app.services;
    await market.init();
    await money.fundVault({ token: 'USDT', amount: '1000000000' });
    await market.pin('BTCUSDT', '60000');
    const tokens: string[] = [];
    const userIds: number[] = [];
    for (let i = 0; i < users; i++) {
      const { token, userId } = await registerBenchUser(app, mailer, `${bench.label}-${i}@example.com`);
      await money.adjust({ userId, token: 'USDT', amount: '1000000', memo: 'bench' });
      tokens.push(token);
      userIds.push(userId);
    }
    await bench.prepare?.(app, database, userIds);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const keepFresh = setInterval(() => void market.pin('BTCUSDT', '60000'), 1000);
    // The clients run on the other core (a worker thread), as they would on their own machines.
    const load = async (rate?: number) => {
      const worker = new Worker(new URL('./bench-open-clients.mjs', import.meta.url), {
        workerData: { base, tokens, seconds, rate, path: bench.path, body: bench.body },
      });
      try {
        const result = await new Promise<{ latencies: number[]; refused: number; elapsed: number }>(
          (resolve, reject) => {
            worker.once('message', resolve);
            worker.once('error', reject);
          },
        );
        result.latencies.sort((a, b) => a - b);
        return result;
      } finally {
        await worker.terminate();
      }
    };
    const most = await load();
    const perSecond = most.latencies.length / most.elapsed;
    console.log(
      `  ${bench.name} on PostgreSQL over HTTP, ${users} users each opening again as soon as answered, ${seconds} s` +
        `${bench.note ? `, ${bench.note}` : ''}: ` +
        `${perSecond.toFixed(0)} opens/s (p50 ${percentile(most.latencies, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(most.latencies, 99).toFixed(1)} ms: ${users} always waiting), ${most.refused} refused`,
    );
    const rate = Math.max(1, Math.round(perSecond / 2));
    const steady = await load(rate);
    clearInterval(keepFresh);
    console.log(
      `  the same ${users} users at a steady ${rate} opens/s together: p50 ${percentile(steady.latencies, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(steady.latencies, 99).toFixed(1)} ms, ${steady.refused} refused`,
    );
    const bare = await bareOpens(bench, database.url, userIds, seconds);
    console.log(
      `  the app does ${((perSecond / bare) * 100).toFixed(0)} % of the bare figure` +
        `${bench.target ? ` (target ${bench.target})` : ''}; ` +
        `p99 at the steady rate ${percentile(steady.latencies, 99) < 50 ? 'within' : 'over'} 50 ms`,
    );
    return perSecond;
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The bare loop: one worker per user, each timing its transactions; answers opens per second. */
async function bareOpens(bench: OpensBench, url: string, userIds: number[], seconds: number) {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const accountOf = async (where: string, params: unknown[]) =>
    Number(
      (await pool.query(`select id from ledger_accounts where ${where} and token = 'USDT'`, params)).rows[0]
        .id,
    );
  const vault = await accountOf(`owner = 'vault'`, []);
  const latencies: number[] = [];
  const until = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    userIds.map(async (userId, n) => {
      const ids = { userId, account: await accountOf(`user_id = $1`, [userId]), vault };
      const client = await pool.connect();
      try {
        for (let i = 0; Date.now() < until; i++) {
          const t0 = performance.now();
          await client.query('begin');
          await bench.bareOpen(client, ids, n, i);
          await client.query('commit');
          latencies.push(performance.now() - t0);
        }
      } finally {
        client.release();
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await pool.end();
  latencies.sort((a, b) => a - b);
  console.log(
    `  the same SQL bare (no app, no NOTIFY), ${userIds.length} workers: ${(latencies.length / elapsed).toFixed(0)} opens/s, ` +
      `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );
  return latencies.length / elapsed;
}
