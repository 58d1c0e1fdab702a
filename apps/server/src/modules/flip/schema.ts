// Lightning Flip's tables (DESIGN §8): its terms (bet tokens, pairs, durations and payout rates, the
// per-user limit and the settlement tolerance), changed by operators and applying to new flips only,
// and its positions. Money moves only through the ledger, referring to the position.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { FlipDirection, FlipResult } from '@tradeflip/money';
import { users } from '../account/schema';
import { tokens } from '../token/schema';
import { marketPairs, marketTicks } from '../market/schema';
import { timestamptz, money } from '../../db/columns';

/** A token one can stake, and the stake's range. */
export const flipTokens = pgTable(
  'flip_tokens',
  {
    token: text('token')
      .primaryKey()
      .references(() => tokens.symbol),
    minStake: money('min_stake').notNull(),
    maxStake: money('max_stake').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [check('flip_tokens_stake_check', sql`${t.minStake} > 0 and ${t.maxStake} >= ${t.minStake}`)],
);

/** A pair one can flip on (the market must list it too). */
export const flipPairs = pgTable('flip_pairs', {
  symbol: text('symbol')
    .primaryKey()
    .references(() => marketPairs.symbol),
  enabled: boolean('enabled').notNull().default(true),
});

/** A duration offered, in seconds. */
export const flipDurations = pgTable(
  'flip_durations',
  {
    seconds: integer('seconds').primaryKey(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [check('flip_durations_seconds_check', sql`${t.seconds} between 5 and 86400`)],
);

/** The payout rate of a pair at a duration (a win pays stake × rate on top of the stake). */
export const flipRates = pgTable(
  'flip_rates',
  {
    symbol: text('symbol')
      .notNull()
      .references(() => flipPairs.symbol),
    seconds: integer('seconds')
      .notNull()
      .references(() => flipDurations.seconds),
    payoutRate: money('payout_rate').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.symbol, t.seconds] }),
    check('flip_rates_rate_check', sql`${t.payoutRate} > 0 and ${t.payoutRate} <= 10`),
  ],
);

/** The game's one row of settings. */
export const flipSettings = pgTable(
  'flip_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Open flips a user may hold at once. */
    maxOpenPositions: integer('max_open_positions').notNull(),
    /** A close mark older than this before expiry is no price: the stake comes back. */
    toleranceSeconds: integer('tolerance_seconds').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    check('flip_settings_one_row', sql`${t.id} = 1`),
    check('flip_settings_max_open_check', sql`${t.maxOpenPositions} between 1 and 1000`),
    check('flip_settings_tolerance_check', sql`${t.toleranceSeconds} between 1 and 60`),
  ],
);

export type FlipStatus = 'open' | 'closed' | 'refunded';

/**
 * A flip: its terms at open (stake, duration, rate, the profit a win pays), the open tick, and at
 * settlement the close tick (null: no price near expiry), the result and the realized P&L.
 */
export const flipPositions = pgTable(
  'flip_positions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    symbol: text('symbol')
      .notNull()
      .references(() => flipPairs.symbol),
    token: text('token')
      .notNull()
      .references(() => tokens.symbol),
    direction: text('direction').$type<FlipDirection>().notNull(),
    stake: money('stake').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    payoutRate: money('payout_rate').notNull(),
    /** Stake × rate rounded down: what a win pays on top of the stake (the vault promised it). */
    profit: money('profit').notNull(),
    openPrice: money('open_price').notNull(),
    openTickId: bigint('open_tick_id', { mode: 'number' })
      .notNull()
      .references(() => marketTicks.id),
    openedAt: timestamptz('opened_at').notNull(),
    /**
     * Its place in the game events' numbering, taken at open: its bet, profit and loss (recorded at
     * settlement) are rewarded at the invite rates in force when it was opened.
     */
    playSeq: bigint('play_seq', { mode: 'number' }),
    expiresAt: timestamptz('expires_at').notNull(),
    status: text('status').$type<FlipStatus>().notNull(),
    result: text('result').$type<FlipResult>(),
    closePrice: money('close_price'),
    closeTickId: bigint('close_tick_id', { mode: 'number' }).references(() => marketTicks.id),
    pnl: money('pnl'),
    settledAt: timestamptz('settled_at'),
    /** When its game events and its notice were recorded, after its settlement (settlement.ts). */
    recordedAt: timestamptz('recorded_at'),
  },
  (t) => [
    index('flip_positions_user_idx').on(t.userId, t.status, t.id),
    index('flip_positions_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
    index('flip_positions_unrecorded_idx')
      .on(t.id)
      .where(sql`${t.status} <> 'open' and ${t.recordedAt} is null`),
    check('flip_positions_direction_check', sql`${t.direction} in ('up', 'down')`),
    check('flip_positions_status_check', sql`${t.status} in ('open', 'closed', 'refunded')`),
    check(
      'flip_positions_result_check',
      sql`${t.result} is null or ${t.result} in ('won', 'lost', 'tie', 'no_price')`,
    ),
  ],
);
