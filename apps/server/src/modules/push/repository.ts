// Queries of push_subscriptions.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pushSubscriptions } from './schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Stores a device for `userId`: a known endpoint moves to them (a shared browser, signed in anew). */
export async function upsert(db: Queryable, row: typeof pushSubscriptions.$inferInsert) {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: sql`excluded.user_id`,
        p256dh: sql`excluded.p256dh`,
        auth: sql`excluded.auth`,
        createdAt: sql`excluded.created_at`,
      },
    });
}

/** Forgets a device of `userId` (another user's endpoint stays); answers whether one was. */
export async function removeOwn(db: Queryable, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** Forgets a device the push service says is gone, unless it was subscribed again meanwhile. */
export async function removeGone(db: Queryable, row: { id: number; endpoint: string }) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, row.id), eq(pushSubscriptions.endpoint, row.endpoint)));
}

export function ofUser(db: Queryable, userId: number): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** The devices of any of `userIds`. */
export function ofUsers(db: Queryable, userIds: number[]): Promise<PushSubscriptionRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
}

/** Keeps the user's `count` newest devices, forgetting older ones. */
export async function keepNewest(db: Queryable, userId: number, count: number) {
  await db.execute(sql`
    delete from push_subscriptions
    where user_id = ${userId} and id not in (
      select id from push_subscriptions where user_id = ${userId} order by created_at desc, id desc limit ${count}
    )`);
}
