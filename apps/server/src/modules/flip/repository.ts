// Rows of Lightning Flip: its terms and its positions. The flip module owns these tables
// (CONVENTIONS 13); balances are the ledger's, prices and kept ticks the market's.
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { queryPreparedRows } from '../../db/rows';
import { NEXT_PLAY_NUMBER } from '../game-events/service';
import { flipDurations, flipPairs, flipPositions, flipRates, flipSettings, flipTokens } from './schema';

export type FlipRow = typeof flipPositions.$inferSelect;
export type NewFlip = typeof flipPositions.$inferInsert;

/** Every term as stored (the market and the tokens add names and decimals: terms.ts). */
export async function storedTerms(db: Queryable) {
  const [settings, tokens, pairs, durations, rates] = await Promise.all([
    db.select().from(flipSettings).where(eq(flipSettings.id, 1)),
    db.select().from(flipTokens).orderBy(asc(flipTokens.token)),
    db.select().from(flipPairs),
    db.select().from(flipDurations).orderBy(asc(flipDurations.seconds)),
    db.select().from(flipRates),
  ]);
  return { settings: settings[0], tokens, pairs, durations, rates };
}

export async function updateSettings(
  db: Queryable,
  changes: { maxOpenPositions?: number; toleranceSeconds?: number; updatedAt: Date },
) {
  await db.update(flipSettings).set(changes).where(eq(flipSettings.id, 1));
}

export async function upsertToken(db: Queryable, row: typeof flipTokens.$inferInsert) {
  const { minStake, maxStake, enabled } = row;
  await db
    .insert(flipTokens)
    .values(row)
    .onConflictDoUpdate({
      target: flipTokens.token,
      set: { minStake, maxStake, ...(enabled !== undefined && { enabled }) },
    });
}

export async function upsertPair(db: Queryable, row: typeof flipPairs.$inferInsert) {
  await db
    .insert(flipPairs)
    .values(row)
    .onConflictDoUpdate({ target: flipPairs.symbol, set: { enabled: row.enabled } });
}

export async function upsertDuration(db: Queryable, row: typeof flipDurations.$inferInsert) {
  await db
    .insert(flipDurations)
    .values(row)
    .onConflictDoUpdate({ target: flipDurations.seconds, set: { enabled: row.enabled } });
}

export async function upsertRate(db: Queryable, row: typeof flipRates.$inferInsert) {
  await db
    .insert(flipRates)
    .values(row)
    .onConflictDoUpdate({
      target: [flipRates.symbol, flipRates.seconds],
      set: { payoutRate: row.payoutRate },
    });
}

/**
 * Records a flip, with the number of its play (its events, recorded at settlement, are rewarded at
 * the invite rates in force now); undefined when its order number is taken (the caller draws another).
 */
export async function insertFlip(db: Queryable, values: Omit<NewFlip, 'id' | 'status' | 'playSeq'>) {
  const [row] = await db
    .insert(flipPositions)
    .values({ ...values, playSeq: sql.raw(NEXT_PLAY_NUMBER), status: 'open' })
    .onConflictDoNothing({ target: flipPositions.orderNo })
    .returning();
  return row;
}

/** How many flips a user has open (counted under the lock of their balance: see opening.ts). */
export async function openCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(flipPositions)
    .where(and(eq(flipPositions.userId, userId), eq(flipPositions.status, 'open')));
  return row?.n ?? 0;
}

/** A user's open flips, the soonest to end first, at most `limit`. */
export function openOf(db: Queryable, userId: number, limit: number): Promise<FlipRow[]> {
  return db
    .select()
    .from(flipPositions)
    .where(and(eq(flipPositions.userId, userId), eq(flipPositions.status, 'open')))
    .orderBy(asc(flipPositions.expiresAt), asc(flipPositions.id))
    .limit(limit);
}

/** What the settlement reads of a flip due (settlement.ts). */
const dueColumns = {
  id: flipPositions.id,
  orderNo: flipPositions.orderNo,
  userId: flipPositions.userId,
  symbol: flipPositions.symbol,
  token: flipPositions.token,
  direction: flipPositions.direction,
  stake: flipPositions.stake,
  profit: flipPositions.profit,
  openPrice: flipPositions.openPrice,
  expiresAt: flipPositions.expiresAt,
};
export type DueFlip = { [K in keyof typeof dueColumns]: FlipRow[K] };

/**
 * Open flips expired at `now` whose close is known, soonest first, at most `limit`: expired before
 * the newest mark heard of their pair (`heard`: the last mark at or before the expiry is then
 * known), or at `late` or before when no mark came after.
 */
export async function due(
  db: Queryable,
  at: { now: Date; heard: Map<string, number>; late: Date },
  limit: number,
  skip: number[] = [],
): Promise<DueFlip[]> {
  const heardAfter = [...at.heard].map(([symbol, time]) =>
    and(eq(flipPositions.symbol, symbol), lt(flipPositions.expiresAt, new Date(time))),
  );
  return db
    .select(dueColumns)
    .from(flipPositions)
    .where(
      and(
        eq(flipPositions.status, 'open'),
        lte(flipPositions.expiresAt, at.now),
        or(lte(flipPositions.expiresAt, at.late), ...heardAfter),
        skip.length > 0 ? notInArray(flipPositions.id, skip) : undefined,
      ),
    )
    .orderBy(asc(flipPositions.expiresAt), asc(flipPositions.id))
    .limit(limit);
}

/**
 * Locks those of `ids` still open (in id order) for their settlement; answers their ids (a flip
 * settled meanwhile is left out).
 */
export async function lockOpen(db: Queryable, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryPreparedRows<{ id: string | number }>(
    db,
    'flip_lock_open',
    `select id from flip_positions where id = any($1::bigint[]) and status = 'open' order by id for update`,
    [ids],
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/** Settled flips not yet recorded for the books (settlement.ts), oldest first, at most `limit`. */
export async function unrecorded(
  db: Queryable,
  limit: number,
  skip: number[] = [],
): Promise<{ id: number }[]> {
  return db
    .select({ id: flipPositions.id })
    .from(flipPositions)
    .where(
      and(
        ne(flipPositions.status, 'open'),
        isNull(flipPositions.recordedAt),
        skip.length > 0 ? notInArray(flipPositions.id, skip) : undefined,
      ),
    )
    .orderBy(asc(flipPositions.id))
    .limit(limit);
}

/** What the recording reads of a settled flip. */
const recordColumns = {
  id: flipPositions.id,
  userId: flipPositions.userId,
  symbol: flipPositions.symbol,
  token: flipPositions.token,
  direction: flipPositions.direction,
  stake: flipPositions.stake,
  profit: flipPositions.profit,
  playSeq: flipPositions.playSeq,
  result: flipPositions.result,
  pnl: flipPositions.pnl,
  settledAt: flipPositions.settledAt,
};
export type SettledFlipRow = { [K in keyof typeof recordColumns]: FlipRow[K] };

/** Locks those of `ids` still unrecorded (in id order); one a second leader holds is passed over. */
export async function lockUnrecorded(db: Queryable, ids: number[]): Promise<SettledFlipRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(recordColumns)
    .from(flipPositions)
    .where(and(inArray(flipPositions.id, ids), isNull(flipPositions.recordedAt)))
    .orderBy(asc(flipPositions.id))
    .for('update', { skipLocked: true });
}

export async function markRecorded(db: Queryable, ids: number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(flipPositions).set({ recordedAt: at }).where(inArray(flipPositions.id, ids));
}

export interface SettledFlip {
  id: number;
  status: 'closed' | 'refunded';
  result: NonNullable<FlipRow['result']>;
  closePrice: string | null;
  closeTickId: number | null;
  pnl: string;
  settledAt: Date;
}

/** Writes the settlements of a batch in one statement of column arrays. */
export async function settleFlips(db: Queryable, settled: SettledFlip[]): Promise<void> {
  if (settled.length === 0) return;
  const column = <K extends keyof SettledFlip>(key: K) => settled.map((s) => s[key]);
  await queryPreparedRows(
    db,
    'flip_settle',
    `update flip_positions f
        set status = v.status, result = v.result, close_price = v.close_price, close_tick_id = v.close_tick_id,
            pnl = v.pnl, settled_at = v.settled_at
       from unnest($1::bigint[], $2::text[], $3::text[], $4::numeric[], $5::bigint[], $6::numeric[], $7::timestamptz[])
         as v(id, status, result, close_price, close_tick_id, pnl, settled_at)
      where f.id = v.id and f.status = 'open'`,
    [
      column('id'),
      column('status'),
      column('result'),
      column('closePrice'),
      column('closeTickId'),
      column('pnl'),
      settled.map((s) => s.settledAt.toISOString()),
    ],
  );
}

export async function flip(db: Queryable, id: number): Promise<FlipRow | undefined> {
  const [row] = await db.select().from(flipPositions).where(eq(flipPositions.id, id));
  return row;
}

/** A page of a user's flips: open (soonest to expire first) or settled (newest first). */
export async function userFlips(
  db: Queryable,
  filter: { userId: number; status: 'open' | 'closed'; offset: number; limit: number },
): Promise<{ rows: FlipRow[]; total: number }> {
  const open = filter.status === 'open';
  const where = and(eq(flipPositions.userId, filter.userId), statusIs(filter.status));
  const rows = await db
    .select()
    .from(flipPositions)
    .where(where)
    .orderBy(open ? asc(flipPositions.expiresAt) : desc(flipPositions.settledAt), desc(flipPositions.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [counted] = await db.select({ total: count() }).from(flipPositions).where(where);
  return { rows, total: counted?.total ?? 0 };
}

function statusIs(status: 'open' | 'closed' | undefined): SQL | undefined {
  if (status === undefined) return undefined;
  return status === 'open'
    ? eq(flipPositions.status, 'open')
    : inArray(flipPositions.status, ['closed', 'refunded']);
}

/** Every user's flips for operators, newest first, with a user filter. */
export async function allFlips(
  db: Queryable,
  filter: {
    status?: 'open' | 'closed' | undefined;
    userId: number | undefined;
    offset: number;
    limit: number;
  },
): Promise<{ rows: FlipRow[]; total: number }> {
  const where = and(
    statusIs(filter.status),
    filter.userId === undefined ? undefined : eq(flipPositions.userId, filter.userId),
  );
  const rows = await db
    .select()
    .from(flipPositions)
    .where(where)
    .orderBy(desc(flipPositions.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [counted] = await db.select({ total: count() }).from(flipPositions).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** What open flips could win, per token (their promised profits). */
export async function exposure(db: Queryable): Promise<{ token: string; owed: string; open: number }[]> {
  const result = (await db.execute(
    sql`select token, trim_scale(coalesce(sum(profit), 0))::text as owed, count(*)::int as open
          from flip_positions where status = 'open' group by token order by token`,
  )) as unknown as { rows: { token: string; owed: string; open: number }[] };
  return result.rows;
}
