// Queries of the notification centre. Storing is one statement whatever the number of notices (a
// crash of the price liquidates thousands in one transaction), and it notifies each one on commit.
import { and, count, desc, eq, inArray, isNull, lt, isNotNull, type SQL } from 'drizzle-orm';
import type { NoticeKind, NoticeParams } from '@tradeflip/api';
import type { Queryable } from '../../db/client';
import { NOTICES_CHANNEL } from '../../db/notifications';
import { queryPreparedRows } from '../../db/rows';
import { notifications } from './schema';

export type NoticeRow = typeof notifications.$inferSelect;

export interface NewNotice {
  userId: number;
  kind: NoticeKind;
  params: NoticeParams;
}

/** A notice as the raw statements below answer it (the drivers differ on ids, json and times). */
interface RawNotice {
  id: string | number;
  user_id: string | number;
  kind: NoticeKind;
  params: NoticeParams | string;
  created_at: string | Date;
  read_at?: string | Date | null;
}

function fromRaw(row: RawNotice, pushedAt: Date | null): NoticeRow {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    kind: row.kind,
    params: typeof row.params === 'string' ? (JSON.parse(row.params) as NoticeParams) : row.params,
    createdAt: new Date(row.created_at),
    readAt: row.read_at ? new Date(row.read_at) : null,
    pushedAt,
  };
}

/** A NOTIFY payload holds under 8000 bytes: a longer notice is announced by id (the row is read). */
const STORE_NOTICES = `with v as (
    select * from jsonb_to_recordset($1::jsonb) as v(user_id bigint, kind text, params jsonb)
  ), inserted as (
    insert into notifications (user_id, kind, params, created_at)
    select user_id, kind, params, $2::timestamptz from v
    returning id, user_id, kind, params, created_at
  ), told as (
    select pg_notify($3::text, case when octet_length(j::text) <= 7000 then j::text
      else json_build_object('id', id::text, 'userId', user_id)::text end)
      from (select id, user_id,
        json_build_object('id', id::text, 'userId', user_id, 'kind', kind, 'params', params,
          'createdAt', created_at) as j from inserted) as n
  )
  select id, user_id, kind, params, created_at from inserted where (select count(*) from told) >= 0
  order by id`;

export async function insertMany(db: Queryable, list: NewNotice[], at: Date): Promise<NoticeRow[]> {
  if (list.length === 0) return [];
  const rows = await queryPreparedRows<RawNotice>(db, 'notices_store', STORE_NOTICES, [
    JSON.stringify(list.map((n) => ({ user_id: n.userId, kind: n.kind, params: n.params }))),
    at.toISOString(),
    NOTICES_CHANNEL,
  ]);
  return rows.map((row) => fromRaw(row, null));
}

export async function page(
  db: Queryable,
  filter: { userId: number; unread?: boolean },
  rows: { offset: number; limit: number },
): Promise<{ rows: NoticeRow[]; total: number; unread: number }> {
  const where: SQL[] = [eq(notifications.userId, filter.userId)];
  if (filter.unread) where.push(isNull(notifications.readAt));
  const [list, [counted], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(and(...where))
      .orderBy(desc(notifications.id))
      .offset(rows.offset)
      .limit(rows.limit),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(...where)),
    unreadCount(db, filter.userId),
  ]);
  return { rows: list, total: Number(counted?.n ?? 0), unread };
}

export async function unreadCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

export async function find(db: Queryable, id: number): Promise<NoticeRow | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

/** Marks the user's own notices read (`ids`, or all when undefined); another's are never touched. */
export async function markRead(db: Queryable, userId: number, ids: number[] | undefined, now: Date) {
  const where: SQL[] = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if (ids) where.push(inArray(notifications.id, ids));
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(...where));
}

/** Read notices older than `before` go (the user's own, when they mark some read). */
export async function pruneRead(db: Queryable, userId: number, before: Date) {
  await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        isNotNull(notifications.readAt),
        lt(notifications.createdAt, before),
      ),
    );
}

/**
 * Takes the oldest `limit` notices not yet pushed, marking them taken (`at`): each is taken once, by
 * one pass, even beside a second leader; a crash before its push loses that push, not the notice.
 */
export async function takeUnpushed(db: Queryable, limit: number, at: Date): Promise<NoticeRow[]> {
  const rows = await queryPreparedRows<RawNotice>(db, 'notices_take_unpushed', TAKE_UNPUSHED, [
    limit,
    at.toISOString(),
  ]);
  return rows.map((row) => fromRaw(row, at));
}

const TAKE_UNPUSHED = `with due as (
    select id from notifications where pushed_at is null order by id limit $1 for update skip locked
  )
  update notifications as n set pushed_at = $2::timestamptz from due where n.id = due.id
  returning n.id, n.user_id, n.kind, n.params, n.created_at, n.read_at`;
