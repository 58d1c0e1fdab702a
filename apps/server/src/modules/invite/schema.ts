// Invite rewards (DESIGN §9, issue 19): per game event kind (bet, profit, loss) and level (the player
// themself, their inviter one level up) a rate of the event's amount, paid from the vault; each
// reward once per event and level, the ledger movement it made named; and how far the rewarder has
// read the game events.
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { userIdColumn } from '../account/schema';
import { gameEvents, type GameEventKind, type GameName } from '../game-events/schema';
import { tokenColumn } from '../token/schema';
import { money, timestamptz } from '../../db/columns';

export type RewardLevel = 'self' | 'upline';

export const inviteRewardRules = pgTable(
  'invite_reward_rules',
  {
    kind: text('kind').$type<'bet' | 'profit' | 'loss'>().notNull(),
    level: text('level').$type<RewardLevel>().notNull(),
    /** A fraction of the event's amount (0.002 = 0.2 %); 0 pays nothing. */
    rate: money('rate').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.level] }),
    check('invite_reward_rules_kind_check', sql`${t.kind} in ('bet', 'profit', 'loss')`),
    check('invite_reward_rules_level_check', sql`${t.level} in ('self', 'upline')`),
    check('invite_reward_rules_rate_check', sql`${t.rate} >= 0 and ${t.rate} <= 0.5`),
  ],
);

/**
 * Every rate a rule has had and from which game event on: an event is rewarded at the rate in force
 * when it was played, not when the rewarder reaches it (a vault short of money or a server down holds
 * events back across an operator's change). A change counts for the events numbered after the last
 * number the game events had handed out when it was made (a game still running then, whose event
 * commits later, was played before it). The first rows, from before this table, count from 0.
 */
export const inviteRewardRuleChanges = pgTable(
  'invite_reward_rule_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<'bet' | 'profit' | 'loss'>().notNull(),
    level: text('level').$type<RewardLevel>().notNull(),
    rate: money('rate').notNull(),
    /** For game events whose play's number (play_seq, else their id) is greater. */
    afterEventId: bigint('after_event_id', { mode: 'number' }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    check('invite_reward_rule_changes_kind_check', sql`${t.kind} in ('bet', 'profit', 'loss')`),
    check('invite_reward_rule_changes_level_check', sql`${t.level} in ('self', 'upline')`),
    check('invite_reward_rule_changes_rate_check', sql`${t.rate} >= 0 and ${t.rate} <= 0.5`),
  ],
);

export const inviteRewards = pgTable(
  'invite_rewards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => gameEvents.id),
    level: text('level').$type<RewardLevel>().notNull(),
    /** The event's game and kind, as it was (a reward is read without the event). */
    game: text('game').$type<GameName>().notNull(),
    kind: text('kind').$type<GameEventKind>().notNull(),
    /** Who was paid. */
    userId: userIdColumn(),
    /** Whose play it was (the same user for `self`, their friend for `upline`). */
    friendId: bigint('friend_id', { mode: 'number' }).notNull(),
    token: tokenColumn(),
    amount: money('amount').notNull(),
    movementId: bigint('movement_id', { mode: 'number' }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    // Once per event and level: a pass run again after a crash pays nothing twice.
    unique('invite_rewards_once').on(t.eventId, t.level),
    index('invite_rewards_user_idx').on(t.userId, t.id),
    index('invite_rewards_friend_idx').on(t.userId, t.friendId),
    check('invite_rewards_level_check', sql`${t.level} in ('self', 'upline')`),
    check('invite_rewards_amount_check', sql`${t.amount} > 0`),
  ],
);
