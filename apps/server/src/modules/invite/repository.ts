// Queries of the invite rewards: the rules, the rewards paid, and
// what a user was paid by whom.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { inviteRewardRuleChanges, inviteRewardRules, inviteRewards, type RewardLevel } from './schema';

export type RuleRow = typeof inviteRewardRules.$inferSelect;
export type RewardRow = typeof inviteRewards.$inferInsert;

export function rules(db: Queryable): Promise<RuleRow[]> {
  return db.select().from(inviteRewardRules).orderBy(inviteRewardRules.kind, inviteRewardRules.level);
}

/**
 * A rule's new rate: the rule as shown, and its change kept for the game events numbered after the
 * last number handed out so far (the sequence's, committed or not: an event of a game still running
 * was played before the change).
 */
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
  const handedOut = (await db.execute(
    sql`select case when is_called then last_value else 0 end::text as last from game_events_id_seq`,
  )) as unknown as { rows: { last: string }[] };
  await db
    .insert(inviteRewardRuleChanges)
    .values({ ...rule, afterEventId: Number(handedOut.rows[0]?.last ?? 0), createdAt: now });
}

/** Every rate each rule has had, oldest first (a handful of rows: operators change them rarely). */
export function ruleChanges(db: Queryable) {
  return db
    .select({
      kind: inviteRewardRuleChanges.kind,
      level: inviteRewardRuleChanges.level,
      rate: inviteRewardRuleChanges.rate,
      afterEventId: inviteRewardRuleChanges.afterEventId,
    })
    .from(inviteRewardRuleChanges)
    .orderBy(inviteRewardRuleChanges.id);
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
