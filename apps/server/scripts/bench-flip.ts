// Lightning Flip figures (issue 18):
// - 10,000 flips of 50 players expiring within the same second, settled by the settler job (the
//   leased loop every 100 ms, 500 per transaction) while the feed marks every 100 ms: each flip's
//   lateness, from its expiry until its settlement is heard on the flips channel (when the player's
//   socket is told), p50 / p99 / max, and the time until the last one. Target: all within 1 s. On
//   PostgreSQL when TEST_DATABASE_URL is set, and on PGlite (SKIP_PGLITE=1 skips it).
// - Opens per second over HTTP on PostgreSQL, 50 users at once, p50/p99, beside the same SQL bare
//   (opens-bench.ts).
//   npx tsx apps/server/scripts/bench-flip.ts [--settle=N] [--opens-only] [--settle-only]
import fs from 'node:fs';
import type pg from 'pg';
import type { Clock } from '../src/clock';
import { loadTestSettings } from '../src/config';
import { openPglite, type DatabaseHandle } from '../src/db/client';
import { FLIPS_CHANNEL } from '../src/db/notifications';
import { openScratchPostgres } from '../src/db/scratch';
import { flipNotices } from '../src/modules/flip/notice';
import { runAudit } from '../src/modules/ledger/audit';
import { startFlipSettler } from '../src/modules/flip/settle-job';
import { benchApp, registerBenchUser } from './memory-mailer';
import { opensOnPostgres, percentile, type BareIds } from './opens-bench';

/**
 * Time that stands still while the flips are opened (each open moves it on by `step` ms, so they
 * spread over one second of expiries), then runs with the wall clock from a moment just before they
 * expire: opening 10,000 takes longer than a second here, and the settlement is what is measured.
 */
class BenchClock implements Clock {
  private frozen: number | undefined;
  private offset = 0;

  constructor(start: number) {
    this.frozen = start;
  }

  now(): Date {
    return new Date(this.frozen ?? Date.now() + this.offset);
  }

  step(ms: number) {
    if (this.frozen !== undefined) this.frozen += ms;
  }

  /** From now on the clock runs, starting at `at`. */
  runFrom(at: number) {
    this.frozen = undefined;
    this.offset = at - Date.now();
  }
}

const PLAYERS = 50;
const DURATION = 30;
const T0 = Date.parse('2031-01-01T00:00:00Z');

async function settleMany(count: number, on: 'postgres' | 'pglite') {
  const url = loadTestSettings().databaseUrl;
  if (on === 'postgres' && !url) {
    console.log('  settling on PostgreSQL: set TEST_DATABASE_URL to measure');
    return;
  }
  const database: DatabaseHandle =
    on === 'postgres' ? await openScratchPostgres(url!, 'bench_flip_settle') : await openPglite(undefined);
  const clock = new BenchClock(T0);
  const { app, mailer, dataDir } = await benchApp(database, 'tf-bench-flip-', {}, { clock });
  let settler: { stop(): Promise<void> } | undefined;
  let feed: NodeJS.Timeout | undefined;
  const heard = new Map<number, number>();
  const stopListening = await database.listen(FLIPS_CHANNEL, (payload) => {
    for (const notice of flipNotices(payload)) {
      const { id, status } = notice.message as { id: string; status: string };
      if (status !== 'open' && !heard.has(Number(id))) heard.set(Number(id), clock.now().getTime());
    }
  });
  try {
    const { market, flip, operatorMoney: money } = app.services;
    await market.init();
    await money.fundVault({ token: 'USDT', amount: '100000000' });
    await flip.updateConfig({ maxOpenPositions: 1000 });
    await market.pin('BTCUSDT', '60000');
    const players: number[] = [];
    for (let n = 0; n < PLAYERS; n++) {
      const { userId } = await registerBenchUser(app, mailer, `bench-flip-${n}@example.com`);
      await money.adjust({ userId, token: 'USDT', amount: String(count), memo: 'bench' });
      players.push(userId);
    }
    const expiries = new Map<number, number>();
    const step = 1000 / count; // every expiry within one second
    for (let i = 0; i < count; i++) {
      const opened = await flip.open(players[i % PLAYERS]!, {
        symbol: 'BTCUSDT',
        direction: i % 2 ? 'up' : 'down',
        amount: '1',
        duration: DURATION,
        token: 'USDT',
      });
      expires(expiries, opened);
      clock.step(step);
    }
    // The close: a mark just before the first expiry (up wins), then the feed's marks every 100 ms.
    const first = Math.min(...expiries.values());
    clock.runFrom(first - 300);
    await market.pin('BTCUSDT', '60010');
    feed = setInterval(() => void market.pin('BTCUSDT', '60010'), 100);
    settler = startFlipSettler(flip, { db: database.db, clock, market });
    const deadline = Date.now() + 120_000;
    while (heard.size < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (heard.size < count) throw new Error(`only ${heard.size} of ${count} settlements heard`);
    const lateness = [...heard].map(([id, at]) => at - expiries.get(id)!).sort((a, b) => a - b);
    const last = Math.max(...heard.values());
    const audit = await runAudit(database.db);
    if (!audit.ok) throw new Error(`the audit found differences: ${JSON.stringify(audit.differences)}`);
    console.log(
      `  ${count.toLocaleString('en-US')} flips of ${PLAYERS} players expiring within one second ` +
        `(${on === 'postgres' ? 'PostgreSQL' : 'PGlite'}): all settled ${((last - first) / 1000).toFixed(2)} s ` +
        `after the first expiry; lateness after each expiry p50 ${percentile(lateness, 50).toFixed(0)} ms, ` +
        `p99 ${percentile(lateness, 99).toFixed(0)} ms, max ${lateness.at(-1)!.toFixed(0)} ms ` +
        `(target: all within 1000 ms); audit clean`,
    );
  } finally {
    clearInterval(feed);
    await settler?.stop();
    await stopListening();
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function expires(expiries: Map<number, number>, flip: { id: string; expiresAt: string }) {
  expiries.set(Number(flip.id), Date.parse(flip.expiresAt));
}

/**
 * The bare SQL one flip open needs: the user's row, their flips' lock and count, the kept tick, the
 * flip, the vault's row locked and its promise added, the stake frozen (one account, a movement and
 * its posting), the bet event and the turnover.
 */
async function bareOpen(client: pg.PoolClient, { userId, account, vault }: BareIds, n: number, i: number) {
  await client.query('select 1 from users where id = $1 for share', [userId]);
  await client.query('select pg_advisory_xact_lock(1, $1::int)', [userId]);
  await client.query(`select count(*) from flip_positions where user_id = $1 and status = 'open'`, [userId]);
  const tick = await client.query(
    `insert into market_ticks (symbol, price, time, used_at) values ('BTCUSDT', 60000, $1, now()) returning id`,
    [Date.now()],
  );
  const flip = await client.query(
    `insert into flip_positions (order_no, user_id, symbol, token, direction, stake, duration_seconds,
       payout_rate, profit, open_price, open_tick_id, opened_at, expires_at, status)
     values ($1, $2, 'BTCUSDT', 'USDT', 'up', 1, 300, 0.9, 0.9, 60000, $3, now(), now() + interval '300 seconds', 'open')
     returning id`,
    [`B${n}-${i}-${Date.now()}`, userId, tick.rows[0].id],
  );
  await client.query('select id from ledger_accounts where id = $1 for update', [vault]);
  await client.query(`update vault_exposure set owed = owed + 0.9 where token = 'USDT'`);
  const movement = await client.query(
    `insert into ledger_movements (type, ref_type, ref_id, created_at) values ('flip_bet_freeze', 'flip_position', $1, now()) returning id`,
    [String(flip.rows[0].id)],
  );
  const after = await client.query(
    'update ledger_accounts set available = available - 1, frozen = frozen + 1, updated_at = now() where id = $1 returning available, frozen',
    [account],
  );
  await client.query(
    `insert into ledger_postings (movement_id, account_id, token, available_delta, frozen_delta, available_after, frozen_after)
     values ($1, $2, 'USDT', -1, 1, $3, $4)`,
    [movement.rows[0].id, account, after.rows[0].available, after.rows[0].frozen],
  );
  await client.query(
    `insert into game_events (user_id, game, kind, token, amount, usdt_value, ref_type, ref_id, created_at)
     values ($1, 'flip', 'bet', 'USDT', 1, 1, 'flip_position', $2, now())`,
    [userId, flip.rows[0].id],
  );
  await client.query(
    `insert into user_turnover (user_id, usdt, updated_at) values ($1, 1, now())
     on conflict (user_id) do update set usdt = user_turnover.usdt + excluded.usdt`,
    [userId],
  );
}

const opensOnly = process.argv.includes('--opens-only');
const settleOnly = process.argv.includes('--settle-only');
const settling = Number(process.argv.find((a) => a.startsWith('--settle='))?.split('=')[1] ?? 10_000);
if (!opensOnly) {
  await settleMany(settling, 'postgres');
  if (!process.env.SKIP_PGLITE) await settleMany(settling, 'pglite');
}
if (!settleOnly) {
  await opensOnPostgres(
    {
      name: 'flip opens',
      label: 'bench_flip_open',
      path: '/api/app/flip/open',
      body: { symbol: 'BTCUSDT', direction: 'up', amount: '1', duration: 300, token: 'USDT' },
      prepare: async (app) => void (await app.services.flip.updateConfig({ maxOpenPositions: 1000 })),
      bareOpen,
    },
    50,
    5,
  );
}
