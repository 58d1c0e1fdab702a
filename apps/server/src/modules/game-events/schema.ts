// What the games report of each play (DESIGN §9, issue 18): a bet, its profit or its loss, with its
// USDT value at that moment, for the invite rewards and the VIP turnover built on them. Money does not
// move here: the ledger holds the stakes and payouts; these rows say what happened, once each.
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { userIdColumn } from '../account/schema';
import { tokenColumn } from '../token/schema';
import { money, timestamptz } from '../../db/columns';

export type GameName = 'flip' | 'contract';
export type GameEventKind = 'bet' | 'profit' | 'loss';

export const gameEvents = pgTable(
  'game_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userIdColumn(),
    game: text('game').$type<GameName>().notNull(),
    kind: text('kind').$type<GameEventKind>().notNull(),
    token: tokenColumn(),
    /** The stake (bet), what was won on top of it (profit) or what was lost (loss): positive. */
    amount: money('amount').notNull(),
    /** `amount` in USDT at the event's moment; null when the token had no price then. */
    usdtValue: money('usdt_value'),
    /**
     * The most all invite rewards on this event pay together, when less than its rates say: a contract
     * bet's opening fee, so that no rates can pay a player more than a round trip costs (farming).
     */
    rewardCap: money('reward_cap'),
    /** The play it belongs to (a ledger reference: `flip_position` and its id). */
    refType: text('ref_type').notNull(),
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
    /**
     * The number its play took in this table's numbering when it was opened (NEXT_PLAY_NUMBER): the invite
     * rates are those in force then, though a flip's events and a position's close come later. Null:
     * the event's own id (a play recorded as it was opened, or one from before the column).
     */
    playSeq: bigint('play_seq', { mode: 'number' }),
    createdAt: timestamptz('created_at').notNull(),
    /**
     * When the invite rewarder dealt with it (null: not yet). A mark per event, not a cursor over ids:
     * ids are taken at insert, but the games' transactions commit in any order, so an event with a
     * lower id can become visible after one with a higher id has been rewarded.
     */
    rewardedAt: timestamptz('rewarded_at'),
  },
  (t) => [
    // Once each: a settlement run again after a crash records nothing new.
    unique('game_events_once').on(t.refType, t.refId, t.kind),
    index('game_events_user_idx').on(t.userId, t.id),
    index('game_events_unrewarded_idx')
      .on(t.id)
      .where(sql`${t.rewardedAt} is null`),
    check('game_events_game_check', sql`${t.game} in ('flip', 'contract')`),
    check('game_events_kind_check', sql`${t.kind} in ('bet', 'profit', 'loss')`),
    check('game_events_amount_check', sql`${t.amount} > 0`),
  ],
);

/** A user's cumulative USDT turnover: the USDT value of every bet's stake, kept with the bets. */
export const userTurnover = pgTable('user_turnover', {
  userId: userIdColumn().primaryKey(),
  usdt: money('usdt').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});
