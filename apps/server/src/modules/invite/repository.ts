// Queries of the invite rewards: the rules, the rewards paid, and
// what a user was paid by whom.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { inviteRewardRules, inviteRewards, type RewardLevel } from './schema';

export type RuleRow = typeof inviteRewardRules.$inferSelect;
export type RewardRow = typeof inviteRewards.$inferInsert;

export function rules(db: Queryable): Promise<RuleRow[]> {
  return db.select().from(inviteRewardRules).orderBy(inviteRewardRules.kind, inviteRewardRules.level);
}

export async function setRule(
  db: Queryable,
  rule: { kind: RuleRow['kind']; level: RewardLevel; rate: string },
  now: Date,
) {
  await db
    .insert(inviteRewardRules)
    .values({ ...rule, updatedAt: now })
    .onConflictDoUpdate({
      target: [inviteRewardRules.kind, inviteRewardRules.level],
      set: { rate: rule.rate, updatedAt: now },
    });
}

export async function insertRewards(db: Queryable, rows: RewardRow[]) {
  if (rows.length === 0) return;
  await db.insert(inviteRewards).values(rows).onConflictDoNothing();
}

/** Everything a user received, per token. */
export async function totals(db: Queryable, userId: number) {
  return db
    .select({
      token: inviteRewards.token,
      amount: sql<string>`sum(${inviteRewards.amount})::text`,
      ownPlays: sql<string>`coalesce(sum(${inviteRewards.amount}) filter (where ${inviteRewards.level} = 'self'), 0)::text`,
      friendsPlays: sql<string>`coalesce(sum(${inviteRewards.amount}) filter (where ${inviteRewards.level} = 'upline'), 0)::text`,
    })
    .from(inviteRewards)
    .where(eq(inviteRewards.userId, userId))
    .groupBy(inviteRewards.token)
    .orderBy(inviteRewards.token);
}

/** What each of `friendIds`' plays paid `userId` (upline rewards), per token. */
export function fromFriends(db: Queryable, userId: number, friendIds: number[]) {
  if (friendIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      friendId: inviteRewards.friendId,
      token: inviteRewards.token,
      amount: sql<string>`sum(${inviteRewards.amount})::text`,
    })
    .from(inviteRewards)
    .where(
      and(
        eq(inviteRewards.userId, userId),
        eq(inviteRewards.level, 'upline'),
        inArray(inviteRewards.friendId, friendIds),
      ),
    )
    .groupBy(inviteRewards.friendId, inviteRewards.token);
}

/** A user's rewards, newest first, with the event each came of. */
export async function rewardsOf(db: Queryable, userId: number, page: { offset: number; limit: number }) {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: inviteRewards.id,
        level: inviteRewards.level,
        friendId: inviteRewards.friendId,
        token: inviteRewards.token,
        amount: inviteRewards.amount,
        createdAt: inviteRewards.createdAt,
        kind: inviteRewards.kind,
        game: inviteRewards.game,
      })
      .from(inviteRewards)
      .where(eq(inviteRewards.userId, userId))
      .orderBy(desc(inviteRewards.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: count() }).from(inviteRewards).where(eq(inviteRewards.userId, userId)),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}
