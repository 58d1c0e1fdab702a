// The market module's tables: pairs, candles and the ticks settlements used.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { tokenColumn } from '../token/schema';
import { timestamptz, money } from '../../db/columns';

/** A pair the market quotes (BTCUSDT): its base token, and whether and where the app lists it. */
export const marketPairs = pgTable(
  'market_pairs',
  {
    symbol: text('symbol').primaryKey(),
    base: tokenColumn('base'),
    quote: text('quote').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** An operator's pinned simulated price (demos, scripted game tests); null: the feed moves it. */
    pinnedPrice: numeric('pinned_price', { precision: 38, scale: 18 }),
  },
  (t) => [check('market_pairs_symbol_check', sql`${t.symbol} ~ '^[A-Z0-9]{2,20}$'`)],
);

/**
 * Candles per pair and interval ('1s', '1m', '5m', '15m'), bucket start in epoch milliseconds. Written
 * in batches by the feed's leader; old rows are pruned (1 s after a day, the others after 90 days).
 */
export const marketCandles = pgTable(
  'market_candles',
  {
    symbol: text('symbol').notNull(),
    interval: text('interval').notNull(),
    time: bigint('time', { mode: 'number' }).notNull(),
    open: money('open').notNull(),
    high: money('high').notNull(),
    low: money('low').notNull(),
    close: money('close').notNull(),
    volume: money('volume').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.symbol, t.interval, t.time] }),
    check('market_candles_interval_check', sql`${t.interval} in ('1s', '1m', '5m', '15m')`),
  ],
);

/**
 * Every tick a settlement used (a game's open, close or liquidation price), kept exactly as the market
 * had it, price and time: the game's row refers to it, so any settlement can be checked afterwards.
 * Kept for good (a row per settlement, not per tick).
 */
export const marketTicks = pgTable(
  'market_ticks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    symbol: text('symbol').notNull(),
    price: money('price').notNull(),
    /** The tick's time, epoch milliseconds (the feed's clock). */
    time: bigint('time', { mode: 'number' }).notNull(),
    usedAt: timestamptz('used_at').notNull(),
  },
  (t) => [index('market_ticks_symbol_time_idx').on(t.symbol, t.time)],
);

/**
 * The marks of the last minutes (what the games settle at), written by the feed's leader once a
 * second: a timed game that expired while no process ran settles after the restart from the last mark
 * before its expiry (only marks within a settlement tolerance of an expiry count, so ten minutes is
 * plenty). A mark is written when it moved, and at least once a second while it holds.
 */
export const marketMarks = pgTable(
  'market_marks',
  {
    symbol: text('symbol').notNull(),
    /** The mark's time, epoch milliseconds (the feed's clock). */
    time: bigint('time', { mode: 'number' }).notNull(),
    price: money('price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.time] })],
);

/**
 * The spans of time whose marks are all written: a leader's writes from the first mark it heard (or
 * continuing the span before it, when it heard every mark since that span's end) until its last
 * write. A mark read back for a time no span holds may not be the last one: the process that heard
 * the later ones died before writing them (a settlement there has no price: a refund).
 */
export const marketMarkSpans = pgTable(
  'market_mark_spans',
  {
    /** Epoch milliseconds. */
    fromTime: bigint('from_time', { mode: 'number' }).primaryKey(),
    untilTime: bigint('until_time', { mode: 'number' }).notNull(),
  },
  (t) => [check('market_mark_spans_order_check', sql`${t.untilTime} >= ${t.fromTime}`)],
);
