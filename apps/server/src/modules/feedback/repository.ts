// Queries of feedback.
import { and, count, desc, eq, gt, isNull, min, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { feedback } from './schema';

export type FeedbackRow = typeof feedback.$inferSelect;

export async function insert(db: Queryable, row: typeof feedback.$inferInsert): Promise<FeedbackRow> {
  const [inserted] = await db.insert(feedback).values(row).returning();
  return inserted!;
}

export async function page(
  db: Queryable,
  filter: { userId?: number | undefined; open?: boolean | undefined },
  rows: { offset: number; limit: number },
): Promise<{ rows: FeedbackRow[]; total: number }> {
  const where: SQL[] = [];
  if (filter.userId !== undefined) where.push(eq(feedback.userId, filter.userId));
  if (filter.open) where.push(isNull(feedback.repliedAt));
  const condition = where.length ? and(...where) : undefined;
  const [list, [counted]] = await Promise.all([
    db
      .select()
      .from(feedback)
      .where(condition)
      .orderBy(desc(feedback.id))
      .offset(rows.offset)
      .limit(rows.limit),
    db.select({ n: count() }).from(feedback).where(condition),
  ]);
  return { rows: list, total: Number(counted?.n ?? 0) };
}

export async function reply(
  db: Queryable,
  id: number,
  text: string,
  now: Date,
): Promise<FeedbackRow | undefined> {
  const [row] = await db
    .update(feedback)
    .set({ reply: text, repliedAt: now })
    .where(eq(feedback.id, id))
    .returning();
  return row;
}

/** How many a user sent after `since`, and when the oldest of them was. */
export async function sentSince(
  db: Queryable,
  userId: number,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ n: count(), oldest: min(feedback.createdAt) })
    .from(feedback)
    .where(and(eq(feedback.userId, userId), gt(feedback.createdAt, since)));
  return { count: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}
