// Rows of Lightning Flip: its terms and its positions. The flip module owns these tables
// (CONVENTIONS 13); balances are the ledger's, prices and kept ticks the market's.
import { and, asc, count, desc, eq, inArray, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
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
export type DueFlip = Pick<
  FlipRow,
  | 'id'
  | 'orderNo'
  | 'userId'
  | 'symbol'
  | 'token'
  | 'direction'
  | 'stake'
  | 'profit'
  | 'openPrice'
  | 'expiresAt'
>;

/**
 * The flips due, read as one JSON array of rows: the driver reads each field of each row on its own
 * (5,000 for a batch of 500, most of PGlite's reading time), one field once. Amounts as text (a JSON
 * number would lose digits), expiries in epoch milliseconds.
 */
const DUE_FLIPS = `select coalesce(json_agg(json_build_array(
           f.id, f.order_no, f.user_id, f.symbol, f.token, f.direction, f.stake::text, f.profit::text,
           f.open_price::text, floor(extract(epoch from f.expires_at) * 1000)::bigint
         ) order by f.expires_at, f.id), '[]')::text as due
    from (
      select * from flip_positions f
       where f.status = 'open' and f.expires_at <= $1::timestamptz
         and (f.expires_at <= $2::timestamptz
              or exists (select 1 from unnest($3::text[], $4::timestamptz[]) as heard(symbol, time)
                          where heard.symbol = f.symbol and f.expires_at < heard.time))
         and f.id <> all($5::bigint[])
       order by f.expires_at, f.id
       limit $6::int
    ) f`;

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
  const heard = [...at.heard];
  const [row] = await queryPreparedRows<{ due: string }>(db, 'flip_due', DUE_FLIPS, [
    at.now.toISOString(),
    at.late.toISOString(),
    heard.map(([symbol]) => symbol),
    heard.map(([, time]) => new Date(time).toISOString()),
    skip,
    limit,
  ]);
  const rows = JSON.parse(row!.due) as [
    number,
    string,
    number,
    string,
    string,
    DueFlip['direction'],
    string,
    string,
    string,
    number,
  ][];
  return rows.map(([id, orderNo, userId, symbol, token, direction, stake, profit, openPrice, expiresAt]) => ({
    id,
    orderNo,
    userId,
    symbol,
    token,
    direction,
    stake,
    profit,
    openPrice,
    expiresAt: new Date(expiresAt),
  }));
}

/**
 * Whether settled flips may be recorded now: fewer than `burst` open flips fall due by `dueBy`, or
 * one settled by `settledBy` still waits to be recorded.
 */
export async function mayRecord(
  db: Queryable,
  at: { dueBy: Date; burst: number; settledBy: Date },
): Promise<boolean> {
  const [row] = await queryPreparedRows<{ may: boolean }>(
    db,
    'flip_may_record',
    `select (select count(*) from (select 1 from flip_positions
                                     where status = 'open' and expires_at <= $1::timestamptz limit $2::int) as due) < $2::int
         or exists (select 1 from flip_positions
                     where status <> 'open' and recorded_at is null and settled_at <= $3::timestamptz) as may`,
    [at.dueBy.toISOString(), at.burst, at.settledBy.toISOString()],
  );
  return row!.may;
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

/**
 * Writes the settlements of a batch in one statement of column arrays, each only if its flip is
 * still open: the update locks the flips (in id order) and answers the ids it settled, so a flip
 * settled meanwhile (by a second settler) is left out and paid once. (Not also `f.id = any($1)`:
 * PostgreSQL's generic plan for it made the update three times slower.)
 */
export async function settleFlips(db: Queryable, settled: SettledFlip[]): Promise<Set<number>> {
  if (settled.length === 0) return new Set();
  const inOrder = [...settled].sort((a, b) => a.id - b.id);
  const column = <K extends keyof SettledFlip>(key: K) => inOrder.map((s) => s[key]);
  const rows = await queryPreparedRows<{ id: string | number }>(
    db,
    'flip_settle',
    `update flip_positions f
        set status = v.status, result = v.result, close_price = v.close_price, close_tick_id = v.close_tick_id,
            pnl = v.pnl, settled_at = v.settled_at
       from unnest($1::bigint[], $2::text[], $3::text[], $4::numeric[], $5::bigint[], $6::numeric[], $7::timestamptz[])
         as v(id, status, result, close_price, close_tick_id, pnl, settled_at)
      where f.id = v.id and f.status = 'open'
      returning f.id`,
    [
      column('id'),
      column('status'),
      column('result'),
      column('closePrice'),
      column('closeTickId'),
      column('pnl'),
      inOrder.map((s) => s.settledAt.toISOString()),
    ],
  );
  return new Set(rows.map((row) => Number(row.id)));
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
