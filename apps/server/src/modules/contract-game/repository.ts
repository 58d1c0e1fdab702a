// Rows of the contract game: its pairs' terms and the positions. The game module owns both tables
// (CONVENTIONS 13); balances are the ledger's (LedgerService).
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { CloseReason } from '@tradeflip/api';
import type { PositionTerms } from '@tradeflip/money';
import type { Queryable } from '../../db/client';
import { pageNewestFirst, queryPreparedRows } from '../../db/rows';
import { NEXT_PLAY_NUMBER } from '../game-events/service';
import { noticePayload } from './notice';
import { gamePairs, gamePositions } from './schema';

export type PairRow = GamePairRow & {
  base: string;
  quote: string;
  priceDp: number;
  amountDp: number;
  /** The market's own switch: a pair off the market takes no new position either. */
  listed: boolean;
};

export type GamePairRow = typeof gamePairs.$inferSelect;

/** The game's terms of every pair (the market and the tokens add the rest: service.ts). */
export async function pairs(db: Queryable): Promise<GamePairRow[]> {
  return db.select().from(gamePairs);
}

export async function updatePair(
  db: Queryable,
  symbol: string,
  changes: Partial<Omit<typeof gamePairs.$inferInsert, 'symbol'>>,
): Promise<boolean> {
  const rows = await db
    .update(gamePairs)
    .set(changes)
    .where(eq(gamePairs.symbol, symbol))
    .returning({ symbol: gamePairs.symbol });
  return rows.length > 0;
}

export type PositionRow = typeof gamePositions.$inferSelect;
export type NewPosition = typeof gamePositions.$inferInsert;

/** A stored position's terms, as the position math of @tradeflip/money reads them. */
export function positionTerms(row: PositionRow) {
  return {
    side: row.side,
    entry: row.entryPrice,
    notional: row.notional,
    margin: row.margin,
    fundingPaid: row.fundingPaid,
    mmr: row.mmr,
  } satisfies PositionTerms;
}

/** Inserts a position; undefined when its order number is taken (the caller draws another). */
const INSERT_POSITION = `with p as (
    insert into game_positions (order_no, user_id, symbol, margin_token, side, margin, leverage, notional,
      entry_price, open_tick_id, open_fee, close_fee_rate, funding_rate, funding_interval_seconds, mmr,
      profit_cap_multiple, funding_paid, next_funding_at, take_profit, stop_loss, status, opened_at, play_seq)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, 'open', $21,
      ${NEXT_PLAY_NUMBER})
    on conflict (order_no) do nothing
    returning id, play_seq
  ), told as (select pg_notify($22::text, p.id || ':' || $2 || ':open:') from p)
  select id, play_seq from p where (select count(*) from told) >= 0`;

/**
 * Records an open position and tells every process's engine (on commit), in one statement (an
 * open's hottest: the bench's opens per second). Undefined when its order number is taken.
 */
export async function insertPosition(
  db: Queryable,
  values: Omit<NewPosition, 'id' | 'status' | 'playSeq'>,
  channel: string,
): Promise<PositionRow | undefined> {
  const [row] = await queryPreparedRows<{ id: string | number; play_seq: string | number }>(
    db,
    'game_insert_position',
    INSERT_POSITION,
    [
      values.orderNo,
      values.userId,
      values.symbol,
      values.marginToken,
      values.side,
      values.margin,
      values.leverage,
      values.notional,
      values.entryPrice,
      values.openTickId,
      values.openFee,
      values.closeFeeRate,
      values.fundingRate,
      values.fundingIntervalSeconds,
      values.mmr,
      values.profitCapMultiple,
      values.fundingPaid,
      values.nextFundingAt.toISOString(),
      values.takeProfit ?? null,
      values.stopLoss ?? null,
      values.openedAt.toISOString(),
      channel,
    ],
  );
  if (!row) return undefined;
  return {
    ...values,
    id: Number(row.id),
    playSeq: Number(row.play_seq),
    status: 'open',
    takeProfit: values.takeProfit ?? null,
    stopLoss: values.stopLoss ?? null,
    closeReason: null,
    closePrice: null,
    closeTickId: null,
    pnl: null,
    closeFee: null,
    profitUnpaid: null,
    closedAt: null,
  };
}

/** Positions by id, locked in id order until the transaction ends. */
export async function lockPositions(db: Queryable, ids: number[]): Promise<PositionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(gamePositions)
    .where(inArray(gamePositions.id, ids))
    .orderBy(asc(gamePositions.id))
    .for('update');
}

export interface ClosedPosition {
  id: number;
  userId: number;
  closeReason: CloseReason;
  closePrice: string;
  closeTickId: number;
  pnl: string;
  closeFee: string;
  profitUnpaid: string;
  closedAt: Date;
}

const CLOSE_POSITIONS = `with v as (
    select * from jsonb_to_recordset($1::jsonb) as v(id bigint, close_reason text, close_price numeric,
      close_tick_id bigint, pnl numeric, close_fee numeric, profit_unpaid numeric, closed_at timestamptz,
      notice text)
  ), u as (
    update game_positions p
       set status = 'closed', close_reason = v.close_reason, close_price = v.close_price,
           close_tick_id = v.close_tick_id, pnl = v.pnl, close_fee = v.close_fee,
           profit_unpaid = v.profit_unpaid, closed_at = v.closed_at
      from v where p.id = v.id and p.status = 'open'
    returning p.id
  ), told as (
    select pg_notify($2::text, v.notice) from u join v on v.id = u.id
  )
  select id from u where (select count(*) from told) >= 0`;

/**
 * Closes open positions (settled by the caller in the same transaction) and tells every process, in
 * one statement whatever their number. Answers the ids it closed.
 */
export async function closePositions(
  db: Queryable,
  closed: ClosedPosition[],
  channel: string,
): Promise<number[]> {
  if (closed.length === 0) return [];
  const rows = await queryPreparedRows<{ id: string | number }>(db, 'game_close_positions', CLOSE_POSITIONS, [
    JSON.stringify(
      closed.map((c) => ({
        id: c.id,
        close_reason: c.closeReason,
        close_price: c.closePrice,
        close_tick_id: c.closeTickId,
        pnl: c.pnl,
        close_fee: c.closeFee,
        profit_unpaid: c.profitUnpaid,
        closed_at: c.closedAt.toISOString(),
        notice: noticePayload({ ...c, status: 'closed' }),
      })),
    ),
    channel,
  ]);
  return rows.map((row) => Number(row.id));
}

/** A position, locked until the transaction ends (a close, a funding charge, a TP/SL change). */
export async function lockPosition(db: Queryable, id: number): Promise<PositionRow | undefined> {
  const [row] = await db.select().from(gamePositions).where(eq(gamePositions.id, id)).for('update');
  return row;
}

export async function position(db: Queryable, id: number): Promise<PositionRow | undefined> {
  const [row] = await db.select().from(gamePositions).where(eq(gamePositions.id, id));
  return row;
}

export async function updatePosition(
  db: Queryable,
  id: number,
  changes: Partial<NewPosition>,
): Promise<PositionRow> {
  const [row] = await db.update(gamePositions).set(changes).where(eq(gamePositions.id, id)).returning();
  return row!;
}

export async function openPositions(db: Queryable): Promise<PositionRow[]> {
  return db.select().from(gamePositions).where(eq(gamePositions.status, 'open'));
}

/** Open positions whose funding is due, oldest due first. */
export async function fundingDue(db: Queryable, now: Date, limit: number): Promise<PositionRow[]> {
  return db
    .select()
    .from(gamePositions)
    .where(and(eq(gamePositions.status, 'open'), lte(gamePositions.nextFundingAt, now)))
    .orderBy(asc(gamePositions.nextFundingAt))
    .limit(limit);
}

export async function userPositions(
  db: Queryable,
  filter: {
    userId: number;
    status: 'open' | 'closed';
    symbol?: string | undefined;
    offset: number;
    limit: number;
  },
): Promise<{ rows: PositionRow[]; total: number }> {
  const where = and(
    eq(gamePositions.userId, filter.userId),
    eq(gamePositions.status, filter.status),
    filter.symbol ? eq(gamePositions.symbol, filter.symbol) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(gamePositions)
      .where(where)
      .orderBy(desc(gamePositions.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(gamePositions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every open position of a user (a player holds a handful; the game caps nothing here). */
export function openPositionsOf(db: Queryable, userId: number): Promise<PositionRow[]> {
  return db
    .select()
    .from(gamePositions)
    .where(and(eq(gamePositions.userId, userId), eq(gamePositions.status, 'open')));
}

/** Operators' list: positions of every user (or one), newest first, with the owner's email. */
export async function allPositions(
  db: Queryable,
  filter: {
    status?: 'open' | 'closed' | undefined;
    userId?: number | undefined;
    offset: number;
    limit: number;
  },
): Promise<{ rows: PositionRow[]; total: number }> {
  const where = and(
    filter.status ? eq(gamePositions.status, filter.status) : undefined,
    filter.userId !== undefined ? eq(gamePositions.userId, filter.userId) : undefined,
  );
  return pageNewestFirst(db, gamePositions, gamePositions.id, where, filter);
}

/** The house's exposure per margin token: open positions, their margins and their profit caps. */
export async function exposure(
  db: Queryable,
): Promise<{ token: string; open: number; margin: string; maxProfit: string }[]> {
  const result = (await db.execute(
    sql`select margin_token as token, count(*)::int as open, coalesce(trim_scale(sum(margin)), 0)::text as margin,
          coalesce(trim_scale(sum(margin * profit_cap_multiple)), 0)::text as max_profit
        from game_positions where status = 'open' group by margin_token order by margin_token`,
  )) as unknown as { rows: { token: string; open: number; margin: string; max_profit: string }[] };
  return result.rows.map((row) => ({
    token: row.token,
    open: Number(row.open),
    margin: row.margin,
    maxProfit: row.max_profit,
  }));
}
