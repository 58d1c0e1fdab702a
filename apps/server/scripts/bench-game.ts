// Contract game figures (issue 11):
// - Trigger check per tick with 100,000 open positions none of which the tick crosses, through the
//   engine's index, beside a full scan of the same positions with the exact test.
// - One tick crossing about 10,000 of 100,000 positions: the time the index takes to find them; and
//   the time to liquidate N positions (of 20 players) crossed by one tick through the engine, the
//   game service and the ledger, on PostgreSQL (when TEST_DATABASE_URL is set) and on PGlite
//   (N = 10,000; --liquidate=N for another figure).
//   npx tsx apps/server/scripts/bench-game.ts [--liquidate=N] [--open=N: positions open before the opens]
import fs from 'node:fs';
import { Decimal, isLiquidated, liquidationPrice } from '@tradeflip/money';
import { loadTestSettings } from '../src/config';
import { openPglite } from '../src/db/client';
import { runAudit } from '../src/modules/ledger/audit';
import { openScratchPostgres } from '../src/db/scratch';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { TriggerIndex, type IndexedPosition } from '../src/modules/contract-game/trigger-index';
import { benchApp, registerBenchUser } from './memory-mailer';
import { opensOnPostgres, percentile, type BareIds } from './opens-bench';

function position(id: number, side: 'long' | 'short', margin: string): IndexedPosition {
  return {
    id,
    symbol: 'BTCUSDT',
    side,
    entry: '60000',
    notional: new Decimal(margin).mul(100).toFixed(),
    margin,
    fundingPaid: '0',
    mmr: '0.0005',
    takeProfit: side === 'long' ? '66000' : '54000',
    stopLoss: null,
    capPrice: null,
  };
}

function triggerCheck() {
  const index = new TriggerIndex();
  const all: IndexedPosition[] = [];
  for (let i = 0; i < 100_000; i++) {
    // Margins from 10 to 60: liquidation prices spread 59430 … 59880 (longs), 60120 … 60570 (shorts).
    const p = position(i + 1, i % 2 ? 'long' : 'short', String(10 + (i % 5000) / 100));
    all.push(p);
    index.upsert(p);
  }
  const times: number[] = [];
  const scans: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const price = (60000 + ((i % 200) - 100)).toFixed(2); // 59900 … 60099: crosses nothing
    let started = performance.now();
    const fired = index.crossed('BTCUSDT', price);
    times.push(performance.now() - started);
    if (fired.length) throw new Error('expected no crossing');
    if (i % 100 === 0) {
      started = performance.now();
      const exact = new Decimal(price);
      for (const p of all) if (isLiquidated(p, exact)) throw new Error('expected no crossing');
      scans.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  scans.sort((a, b) => a - b);
  console.log(
    `  trigger check, 100,000 open positions, no crossing: p50 ${(percentile(times, 50) * 1000).toFixed(1)} µs, ` +
      `p99 ${(percentile(times, 99) * 1000).toFixed(1)} µs per tick (target < 1 ms); ` +
      `full scan of the same: p50 ${percentile(scans, 50).toFixed(1)} ms`,
  );
}

function crossingMany() {
  const index = new TriggerIndex();
  const all: IndexedPosition[] = [];
  for (let i = 0; i < 100_000; i++) {
    // Leverage 20…100 spreads the longs' liquidation prices over 57030 … 59430.
    const p = { ...position(i + 1, 'long', '10'), notional: String(10 * (20 + (i % 81))) };
    all.push(p);
    index.upsert(p);
  }
  // The price that crosses exactly the 10,000 highest liquidation prices.
  const prices = all.map((p) => liquidationPrice(p)).sort((a, b) => b.comparedTo(a));
  const price = prices[9_999]!.toFixed();
  const started = performance.now();
  const fired = index.crossed('BTCUSDT', price);
  const elapsed = performance.now() - started;
  console.log(
    `  one tick crossing ${fired.length.toLocaleString('en-US')} of 100,000 positions: found in ${elapsed.toFixed(1)} ms`,
  );
}

/** Liquidations through the service (ledger and database, PGlite), one user's positions. */
async function liquidateMany(count: number, on: 'pglite' | 'postgres') {
  const url = loadTestSettings().databaseUrl;
  if (on === 'postgres' && !url) return;
  const database =
    on === 'postgres' ? await openScratchPostgres(url!, 'bench_liquidate') : await openPglite(undefined);
  const { app, mailer, dataDir } = await benchApp(database, 'tf-bench-game-');
  try {
    const { market, game, gameEngine, operatorMoney: money } = app.services;
    await market.init();
    await money.fundVault({ token: 'USDT', amount: '100000000' });
    await market.pin('BTCUSDT', '60000');
    const players: number[] = [];
    for (let n = 0; n < 20; n++) {
      const { userId } = await registerBenchUser(app, mailer, `bench-game-${n}@example.com`);
      await money.adjust({ userId, token: 'USDT', amount: String(count * 2), memo: 'bench' });
      players.push(userId);
    }
    for (let i = 0; i < count; i++) {
      // The feed is not stepped here: a fresh pin keeps the price from going stale meanwhile.
      if (i % 200 === 0) await market.pin('BTCUSDT', '60000');
      await game.open(players[i % players.length]!, {
        symbol: 'BTCUSDT',
        side: 'long',
        margin: '10',
        leverage: 100,
      });
    }
    await gameEngine.lead();
    const started = performance.now();
    await market.pin('BTCUSDT', '59000');
    await gameEngine.idle();
    const elapsed = performance.now() - started;
    if (gameEngine.settled !== count) throw new Error(`settled ${gameEngine.settled} of ${count}`);
    const audit = await runAudit(database.db);
    if (!audit.ok)
      throw new Error(`the audit found differences after liquidating: ${JSON.stringify(audit.differences)}`);
    console.log(
      `  liquidating ${count.toLocaleString('en-US')} positions crossed by one tick (${on === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ` +
        `500 per transaction): ${(elapsed / 1000).toFixed(2)} s, ${(elapsed / count).toFixed(2)} ms each`,
    );
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Positions already open when the opens start (--open=N): an open's vault check must not slow down
 * as they pile up (issue 16: it summed every open position's cap with the vault locked). Inserted
 * directly, their caps added to the vault's running total as opens do, with nothing frozen for them
 * (the bench audits nothing).
 */
const alreadyOpen = Number(process.argv.find((a) => a.startsWith('--open='))?.split('=')[1] ?? 0);

async function seedOpenPositions(db: Database, userId: number, count: number) {
  await db.execute(sql`
    with tick as (
      insert into market_ticks (symbol, price, time, used_at) values ('BTCUSDT', 60000, 1, now()) returning id
    )
    insert into game_positions (order_no, user_id, symbol, margin_token, side, margin, leverage, notional,
      entry_price, open_tick_id, open_fee, close_fee_rate, funding_rate, funding_interval_seconds, mmr,
      profit_cap_multiple, funding_paid, next_funding_at, status, opened_at)
    select 'S' || n, ${userId}, 'BTCUSDT', 'USDT', 'long', 1, 10, 10, 60000, tick.id, 0.005, 0.0005, 0.0001,
      28800, 0.0005, 10, 0, now() + interval '8 hours', 'open', now()
      from tick, generate_series(1, ${count}) as n`);
  await db.execute(sql`
    insert into vault_exposure (token, owed) values ('USDT', ${count * 10})
    on conflict (token) do update set owed = vault_exposure.owed + excluded.owed`);
}

/**
 * The bare SQL one open needs: the user's row, the kept tick, the position, the margin frozen and
 * the fee paid to the vault (two account updates each way), two movements and four postings.
 */
async function bareOpen(client: pg.PoolClient, { userId, account, vault }: BareIds, n: number, i: number) {
  await client.query('select 1 from users where id = $1 for share', [userId]);
  const tick = await client.query(
    `insert into market_ticks (symbol, price, time, used_at) values ('BTCUSDT', 60000, $1, now()) returning id`,
    [Date.now()],
  );
  const position = await client.query(
    `insert into game_positions (order_no, user_id, symbol, margin_token, side, margin, leverage, notional,
       entry_price, open_tick_id, open_fee, close_fee_rate, funding_rate, funding_interval_seconds, mmr,
       profit_cap_multiple, funding_paid, next_funding_at, status, opened_at)
     values ($1, $2, 'BTCUSDT', 'USDT', 'long', 1, 10, 10, 60000, $3, 0.005, 0.0005, 0.0001, 28800, 0.0005,
       10, 0, now() + interval '8 hours', 'open', now()) returning id`,
    [`B${n}-${i}-${Date.now()}`, userId, tick.rows[0].id],
  );
  for (const [type, deltas] of [
    ['margin_lock', [[account, -1, 1]]],
    [
      'game_open_fee',
      [
        [account, -0.005, 0],
        [vault, 0.005, 0],
      ],
    ],
  ] as const) {
    const movement = await client.query(
      `insert into ledger_movements (type, ref_type, ref_id, created_at) values ($1, 'game_position', $2, now()) returning id`,
      [type, String(position.rows[0].id)],
    );
    for (const [id, available, frozen] of deltas) {
      const after = await client.query(
        'update ledger_accounts set available = available + $2, frozen = frozen + $3, updated_at = now() where id = $1 returning available, frozen',
        [id, available, frozen],
      );
      await client.query(
        `insert into ledger_postings (movement_id, account_id, token, available_delta, frozen_delta, available_after, frozen_after)
         values ($1, $2, 'USDT', $3, $4, $5, $6)`,
        [movement.rows[0].id, id, available, frozen, after.rows[0].available, after.rows[0].frozen],
      );
    }
  }
}

const opensOnly = process.argv.includes('--opens-only');
const liquidateOnly = process.argv.includes('--liquidate-only');
if (!opensOnly && !liquidateOnly) {
  triggerCheck();
  crossingMany();
}
if (!liquidateOnly) {
  await opensOnPostgres(
    {
      name: 'opens',
      label: 'bench_game_open',
      path: '/api/app/game/open',
      body: { symbol: 'BTCUSDT', side: 'long', margin: '1', leverage: 10 },
      ...(alreadyOpen > 0 && {
        note: `${alreadyOpen} positions open before`,
        prepare: (_app, database, userIds) => seedOpenPositions(database.db, userIds[0]!, alreadyOpen),
      }),
      bareOpen,
      target: '≥ 50 %',
    },
    50,
    5,
  );
}
if (opensOnly) process.exit(0);
const liquidating = Number(process.argv.find((a) => a.startsWith('--liquidate='))?.split('=')[1] ?? 10_000);
await liquidateMany(liquidating, 'postgres');
if (!process.env.SKIP_PGLITE) await liquidateMany(liquidating, 'pglite');
