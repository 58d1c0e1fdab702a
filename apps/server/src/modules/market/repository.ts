// Rows of the market: pairs and candles. The market module owns both tables (CONVENTIONS 13).
import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Candle, CandleInterval } from '@tradeflip/api';
import type { Queryable } from '../../db/client';
import { marketCandles, marketMarks, marketMarkSpans, marketPairs, marketTicks } from './schema';

export type MarketPairRow = typeof marketPairs.$inferSelect;

/** A pair with its base token's price decimals and reference price (the token module's). */
export interface PairRow extends MarketPairRow {
  priceDp: number;
  referencePrice: string;
}

/** Every pair, in display order. */
export async function pairs(db: Queryable): Promise<MarketPairRow[]> {
  return db.select().from(marketPairs).orderBy(asc(marketPairs.sort), asc(marketPairs.symbol));
}

export async function updatePair(
  db: Queryable,
  symbol: string,
  changes: { enabled?: boolean; sort?: number; pinnedPrice?: string | null },
): Promise<boolean> {
  const rows = await db
    .update(marketPairs)
    .set(changes)
    .where(eq(marketPairs.symbol, symbol))
    .returning({ symbol: marketPairs.symbol });
  return rows.length > 0;
}

/** A stored candle: the wire's candle, of a pair and an interval. */
export interface CandleRow extends Candle {
  symbol: string;
  interval: CandleInterval;
}

/**
 * Writes a batch of candles in one statement; a bucket already stored takes the new state (the
 * aggregator continued it from the stored one, so its state includes everything stored).
 */
export async function upsertCandles(db: Queryable, rows: CandleRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(marketCandles)
      .values(rows.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [marketCandles.symbol, marketCandles.interval, marketCandles.time],
        set: {
          high: sql`excluded.high`,
          low: sql`excluded.low`,
          close: sql`excluded.close`,
          volume: sql`excluded.volume`,
        },
      });
  }
}

/**
 * The newest `limit` candles before `before` (all when absent), oldest first, as the wire shows them:
 * the database trims the numbers' trailing zeros (trim_scale), so no row is parsed into decimals here
 * (the candles call answers 1,000 of them).
 */
export async function candles(
  db: Queryable,
  query: { symbol: string; interval: CandleInterval; limit: number; before?: number | undefined },
): Promise<Candle[]> {
  const result = (await db.execute(
    sql`select time, trim_scale(open)::text as open, trim_scale(high)::text as high,
          trim_scale(low)::text as low, trim_scale(close)::text as close,
          trim_scale(volume)::text as volume
        from market_candles
        where symbol = ${query.symbol} and interval = ${query.interval}
          ${query.before === undefined ? sql`` : sql`and time < ${query.before}`}
        order by time desc
        limit ${query.limit}`,
  )) as unknown as { rows: (Omit<Candle, 'time'> & { time: string | number })[] };
  const rows: Candle[] = [];
  for (let i = result.rows.length - 1; i >= 0; i--) {
    const row = result.rows[i]!;
    rows.push({
      time: Number(row.time),
      open: row.open,
      high: row.high,
      low: row.low,
      close: row.close,
      volume: row.volume,
    });
  }
  return rows;
}

/** The newest candle of each symbol and interval (to continue after a restart). */
export async function latestCandles(db: Queryable): Promise<CandleRow[]> {
  const result = (await db.execute(
    sql`select distinct on (symbol, interval) symbol, interval, time, open::text as open,
          high::text as high, low::text as low, close::text as close, volume::text as volume
        from market_candles order by symbol, interval, time desc`,
  )) as unknown as { rows: (Omit<CandleRow, 'time'> & { time: string | number })[] };
  return result.rows.map((row) => ({ ...row, time: Number(row.time) }));
}

/** Deletes candles of an interval that start before `cutoff` (retention). */
export async function pruneCandles(db: Queryable, interval: CandleInterval, cutoff: number): Promise<void> {
  await db
    .delete(marketCandles)
    .where(and(eq(marketCandles.interval, interval), lt(marketCandles.time, cutoff)));
}

/** Whether any candle is stored (the first start back-fills history). */
export async function hasCandles(db: Queryable): Promise<boolean> {
  const [row] = await db.select({ symbol: marketCandles.symbol }).from(marketCandles).limit(1);
  return row !== undefined;
}

/** Keeps the tick a settlement used; answers its id (the game's row refers to it). */
export async function keepTick(
  db: Queryable,
  tick: { symbol: string; price: string; time: number; usedAt: Date },
): Promise<number> {
  const [row] = await db.insert(marketTicks).values(tick).returning({ id: marketTicks.id });
  return row!.id;
}

/** A kept tick, as the market had it (trailing zeros trimmed). */
export async function keptTick(
  db: Queryable,
  id: number,
): Promise<{ id: number; symbol: string; price: string; time: number } | undefined> {
  const result = (await db.execute(
    sql`select id, symbol, trim_scale(price)::text as price, time from market_ticks where id = ${id}`,
  )) as unknown as { rows: { id: string | number; symbol: string; price: string; time: string | number }[] };
  const row = result.rows[0];
  return row && { id: Number(row.id), symbol: row.symbol, price: row.price, time: Number(row.time) };
}

/** Writes marks (a mark written twice at one time keeps the later price). */
export async function writeMarks(db: Queryable, marks: { symbol: string; time: number; price: string }[]) {
  if (marks.length === 0) return;
  await db
    .insert(marketMarks)
    .values(marks)
    .onConflictDoUpdate({
      target: [marketMarks.symbol, marketMarks.time],
      set: { price: sql`excluded.price` },
    });
}

/** Deletes marks older than `cutoff` (epoch ms), and the spans that ended before it. */
export async function pruneMarks(db: Queryable, cutoff: number): Promise<void> {
  await db.delete(marketMarks).where(lt(marketMarks.time, cutoff));
  await db.delete(marketMarkSpans).where(lt(marketMarkSpans.untilTime, cutoff));
}

/** The newest span of written marks. */
export async function lastMarkSpan(db: Queryable): Promise<{ from: number; until: number } | undefined> {
  const [row] = await db.select().from(marketMarkSpans).orderBy(desc(marketMarkSpans.untilTime)).limit(1);
  return row && { from: row.fromTime, until: row.untilTime };
}

/** Every mark from `from` until `until` is written (a span started or carried on; never shortened). */
export async function extendMarkSpan(db: Queryable, from: number, until: number): Promise<void> {
  await db
    .insert(marketMarkSpans)
    .values({ fromTime: from, untilTime: until })
    .onConflictDoUpdate({
      target: marketMarkSpans.fromTime,
      set: { untilTime: sql`greatest(${marketMarkSpans.untilTime}, excluded.until_time)` },
    });
}

/** The span of written marks that holds `time`, if one does. */
export async function markSpanAt(
  db: Queryable,
  time: number,
): Promise<{ from: number; until: number } | undefined> {
  const [row] = await db
    .select()
    .from(marketMarkSpans)
    .where(and(lte(marketMarkSpans.fromTime, time), gte(marketMarkSpans.untilTime, time)))
    .orderBy(desc(marketMarkSpans.fromTime))
    .limit(1);
  return row && { from: row.fromTime, until: row.untilTime };
}

/** The last stored mark of a pair at or before `time`. */
export async function storedMarkAtOrBefore(
  db: Queryable,
  symbol: string,
  time: number,
): Promise<{ symbol: string; price: string; time: number } | undefined> {
  const result = (await db.execute(
    sql`select trim_scale(price)::text as price, time from market_marks
         where symbol = ${symbol} and time <= ${time} order by time desc limit 1`,
  )) as unknown as { rows: { price: string; time: string | number }[] };
  const row = result.rows[0];
  return row && { symbol, price: row.price, time: Number(row.time) };
}
