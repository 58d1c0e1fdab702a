// Ledger moves per second through LedgerService under 50 concurrent writers on PostgreSQL, beside
// the bare SQL one move needs (the same rows written by hand-written statements on the same pool):
//   freeze   one posting per move, every writer on its own user (no shared row)
//   payout   vault → user, two postings, every writer on the one vault row (the hot house account)
// Needs TEST_DATABASE_URL (a scratch database is created and dropped). Bounded, loopback.
//   npx tsx apps/server/scripts/bench-ledger.ts [--seconds=2] [--rounds=2] [--writers=50]
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { loadTestSettings } from '../src/config';
import { openScratchPostgres } from '../src/db/scratch';
import { queryRows } from '../src/db/rows';
import { systemClock } from '../src/clock';
import { LedgerService } from '../src/modules/ledger/service';
import { TokenRegistry } from '../src/modules/token/registry';
import { OperatorMoney } from '../src/modules/wallet/operations';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const seconds = arg('seconds', 2);
const rounds = arg('rounds', 2);
const writers = arg('writers', 50);

interface Run {
  latencies: number[];
  cpuMicros: number;
  seconds: number;
}

/** Runs `move(writer)` from `writers` loops for `seconds`. */
async function drive(move: (writer: number) => Promise<void>): Promise<Run> {
  const latencies: number[] = [];
  const cpu = process.cpuUsage();
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      while (performance.now() < until) {
        const started = performance.now();
        await move(writer);
        latencies.push(performance.now() - started);
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return { latencies, cpuMicros: used.user + used.system, seconds };
}

/** Sums runs: moves/s, p99 latency and this process's CPU per move (the database's not counted). */
function figures(runs: Run[]) {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const time = runs.reduce((sum, run) => sum + run.seconds, 0);
  return {
    perSecond: latencies.length / time,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    cpuMs: runs.reduce((sum, run) => sum + run.cpuMicros, 0) / 1000 / Math.max(1, latencies.length),
  };
}

async function main() {
  const url = loadTestSettings().databaseUrl;
  if (!url) {
    console.log('  (set TEST_DATABASE_URL to measure ledger moves on PostgreSQL)');
    return;
  }
  const database = await openScratchPostgres(url, 'bench_ledger', { max: writers });
  // The pool under Drizzle, for the bare statements.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  try {
    const tokens = new TokenRegistry({ db: database.db, clock: systemClock });
    const ledger = new LedgerService({ db: database.db, clock: systemClock, tokens });
    const money = new OperatorMoney({ ledger, tokens });
    await database.db.execute(
      sql`insert into users (email, password_hash, invite_code)
          select 'bench' || g || '@example.com', 'x', 'B' || g from generate_series(1, ${writers}) g`,
    );
    const userIds = (await queryRows<{ id: string }>(database.db, sql`select id from users order by id`)).map(
      (row) => Number(row.id),
    );
    await money.fundVault({ token: 'USDT', amount: '1000000000' });
    await money.airdrop({ userIds, token: 'USDT', amount: '1000000000' });
    const accountOf = new Map(
      (
        await queryRows<{ id: string; owner: string }>(
          database.db,
          sql`select id, owner from ledger_accounts where token = 'USDT'`,
        )
      ).map((row) => [row.owner, Number(row.id)]),
    );
    const vaultId = accountOf.get('vault')!;
    const ref = { type: 'bench', id: null };

    // The statements a move needs, by hand: a guarded update per account (in id order), the
    // movement, its postings with the balances after.
    async function bare(legs: { account: number; available: string; frozen: string }[], type: string) {
      const sorted = [...legs].sort((a, b) => a.account - b.account);
      const client = await pool.connect();
      try {
        await client.query('begin');
        const afters: { available: string; frozen: string }[] = [];
        for (const leg of sorted) {
          const updated = await client.query<{ available: string; frozen: string }>(
            `update ledger_accounts set available = available + $2, frozen = frozen + $3, updated_at = now()
             where id = $1 and available + $2 >= 0 and frozen + $3 >= 0 returning available, frozen`,
            [leg.account, leg.available, leg.frozen],
          );
          if (updated.rowCount !== 1) throw new Error('insufficient balance');
          afters.push(updated.rows[0]!);
        }
        const movement = await client.query<{ id: string }>(
          `insert into ledger_movements (type, ref_type, created_at) values ($1, 'bench', now()) returning id`,
          [type],
        );
        const params: unknown[] = [movement.rows[0]!.id];
        const values = sorted.map((leg, i) => {
          params.push(leg.account, leg.available, leg.frozen, afters[i]!.available, afters[i]!.frozen);
          const p = 1 + i * 5;
          return `($1, $${p + 1}, 'USDT', $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5})`;
        });
        await client.query(
          `insert into ledger_postings (movement_id, account_id, token, available_delta, frozen_delta, available_after, frozen_after)
           values ${values.join(', ')}`,
          params,
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    }

    // Each writer alternates freeze and unfreeze on its own user, so balances never run out.
    const frozenBy = new Array<boolean>(writers).fill(false);
    const toggle = (w: number) => (frozenBy[w] = !frozenBy[w]);
    const workloads: Record<string, Record<'ledger service' | 'bare SQL', (w: number) => Promise<void>>> = {
      freeze: {
        'ledger service': async (w) => {
          const options = { userId: userIds[w]!, token: 'USDT', amount: '1.5', ref };
          await (toggle(w)
            ? ledger.freeze({ ...options, type: 'bet_freeze' })
            : ledger.unfreeze({ ...options, type: 'bet_unfreeze' }));
        },
        'bare SQL': async (w) => {
          const account = accountOf.get(`user:${userIds[w]}`)!;
          const freeze = toggle(w);
          await bare(
            [{ account, available: freeze ? '-1.5' : '1.5', frozen: freeze ? '1.5' : '-1.5' }],
            freeze ? 'bet_freeze' : 'bet_unfreeze',
          );
        },
      },
      payout: {
        'ledger service': async (w) => {
          await ledger.payFromVault({
            userId: userIds[w]!,
            token: 'USDT',
            amount: '0.01',
            type: 'profit_payout',
            ref,
          });
        },
        'bare SQL': async (w) => {
          await bare(
            [
              { account: vaultId, available: '-0.01', frozen: '0' },
              { account: accountOf.get(`user:${userIds[w]}`)!, available: '0.01', frozen: '0' },
            ],
            'profit_payout',
          );
        },
      },
    };

    console.log(
      `  ${writers} concurrent writers, ${rounds} alternating rounds of ${seconds} s per path, PostgreSQL on loopback`,
    );
    console.log(
      `  ${'workload'.padEnd(9)} ${'path'.padEnd(15)} ${'moves/s'.padStart(9)} ${'p99 ms'.padStart(8)}  vs bare  node CPU ms/move`,
    );
    for (const [workload, paths] of Object.entries(workloads)) {
      // Alternate the two paths so a noisy neighbour hurts both alike.
      const runs: Record<string, Run[]> = { 'ledger service': [], 'bare SQL': [] };
      for (let round = 0; round < rounds; round++) {
        for (const [path, move] of Object.entries(paths)) runs[path]!.push(await drive(move));
      }
      const bareFigures = figures(runs['bare SQL']!);
      for (const [path, pathRuns] of Object.entries(runs)) {
        const f = figures(pathRuns);
        console.log(
          `  ${workload.padEnd(9)} ${path.padEnd(15)} ${f.perSecond.toFixed(0).padStart(9)} ${f.p99
            .toFixed(1)
            .padStart(
              8,
            )}  ${`${((f.perSecond / bareFigures.perSecond) * 100).toFixed(0)}%`.padStart(7)}  ${f.cpuMs
            .toFixed(2)
            .padStart(8)}`,
        );
      }
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
