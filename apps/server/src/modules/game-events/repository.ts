// The game events' and turnover's queries (service.ts decides what they hold).
import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { queryPreparedRows } from '../../db/rows';
import { gameEvents, userTurnover, type GameEventKind } from './schema';

export type NewGameEvent = Omit<typeof gameEvents.$inferInsert, 'id'>;

/**
 * Inserts the events not recorded yet (a play's kind once) and answers those it inserted. One
 * statement of column arrays, whatever the number: a settlement records 500 at a time.
 */
export async function insertEvents(db: Queryable, events: NewGameEvent[]) {
  const column = <K extends keyof NewGameEvent>(key: K) => events.map((event) => event[key]);
  const rows = await queryPreparedRows<{
    user_id: string | number;
    kind: GameEventKind;
    usdt_value: string | null;
    ref_type: string;
    ref_id: string | number;
  }>(
    db,
    'game_events_insert',
    `insert into game_events (user_id, game, kind, token, amount, usdt_value, reward_cap, ref_type, ref_id, play_seq, created_at)
     select e.user_id, e.game, e.kind, e.token, e.amount, e.usdt_value, e.reward_cap, e.ref_type, e.ref_id, e.play_seq, e.created_at
       from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::numeric[], $6::numeric[], $7::numeric[],
                   $8::text[], $9::bigint[], $10::bigint[], $11::timestamptz[])
         as e(user_id, game, kind, token, amount, usdt_value, reward_cap, ref_type, ref_id, play_seq, created_at)
     on conflict do nothing
     returning user_id, kind, usdt_value::text, ref_type, ref_id`,
    [
      column('userId'),
      column('game'),
      column('kind'),
      column('token'),
      column('amount'),
      column('usdtValue'),
      column('rewardCap'),
      column('refType'),
      column('refId'),
      column('playSeq'),
      events.map((event) => event.createdAt.toISOString()),
    ],
  );
  return rows.map((row) => ({
    userId: Number(row.user_id),
    kind: row.kind,
    usdtValue: row.usdt_value,
    ref: { type: row.ref_type, id: Number(row.ref_id) },
  }));
}

/**
 * Adds to players' turnovers in one statement, in user order: two transactions adding to the same
 * players never wait on each other in a ring.
 */
export async function addTurnovers(
  db: Queryable,
  rows: { userId: number; usdt: string }[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) => a.userId - b.userId);
  await queryPreparedRows(
    db,
    'user_turnover_add',
    `insert into user_turnover (user_id, usdt, updated_at)
     select t.user_id, t.usdt, $3::timestamptz
       from unnest($1::bigint[], $2::numeric[]) with ordinality as t(user_id, usdt, n)
      order by t.n
     on conflict (user_id) do update set usdt = user_turnover.usdt + excluded.usdt, updated_at = excluded.updated_at`,
    [sorted.map((row) => row.userId), sorted.map((row) => row.usdt), now.toISOString()],
  );
}

export async function turnover(db: Queryable, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ usdt: userTurnover.usdt })
    .from(userTurnover)
    .where(eq(userTurnover.userId, userId));
  return row?.usdt;
}

export function eventsOf(db: Queryable, userId: number) {
  return db.select().from(gameEvents).where(eq(gameEvents.userId, userId)).orderBy(asc(gameEvents.id));
}

/**
 * The oldest events not rewarded yet, at most `limit`, locked until the transaction ends; rows another
 * rewarder holds are skipped (it deals with them), and an event whose game has not committed is not
 * seen until it has.
 */
export function eventsToReward(db: Queryable, limit: number) {
  return db
    .select({
      id: gameEvents.id,
      userId: gameEvents.userId,
      game: gameEvents.game,
      kind: gameEvents.kind,
      token: gameEvents.token,
      amount: gameEvents.amount,
      rewardCap: gameEvents.rewardCap,
      playSeq: gameEvents.playSeq,
    })
    .from(gameEvents)
    .where(isNull(gameEvents.rewardedAt))
    .orderBy(asc(gameEvents.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** How many events wait for the rewarder. */
export async function unrewardedCount(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(gameEvents)
    .where(isNull(gameEvents.rewardedAt));
  return Number(row?.n ?? 0);
}

export async function markRewarded(db: Queryable, ids: number[], now: Date) {
  if (ids.length === 0) return;
  await db.update(gameEvents).set({ rewardedAt: now }).where(inArray(gameEvents.id, ids));
}

/** The turnover of each of `ids` that has one. */
export function turnovers(db: Queryable, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ userId: userTurnover.userId, usdt: userTurnover.usdt })
    .from(userTurnover)
    .where(inArray(userTurnover.userId, ids));
}
