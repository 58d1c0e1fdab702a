// VIP levels (DESIGN §9, issue 19): the level table, configuration an operator changes; a player's
// level is the highest whose threshold their cumulative USDT turnover has reached (game-events keeps
// the turnover), and it adds its bonus to the player's own invite rewards.
import { sql } from 'drizzle-orm';
import { check, integer, pgTable } from 'drizzle-orm/pg-core';
import { money, timestamptz } from '../../db/columns';

export const vipLevels = pgTable(
  'vip_levels',
  {
    level: integer('level').primaryKey(),
    /** The cumulative USDT turnover from which a player is at this level. */
    minTurnover: money('min_turnover').notNull(),
    /** What the level gives: this fraction more on the player's own invite rewards (0.1 = +10 %). */
    rewardBonus: money('reward_bonus').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    check('vip_levels_level_check', sql`${t.level} >= 0 and ${t.level} <= 20`),
    check('vip_levels_min_check', sql`${t.minTurnover} >= 0`),
    check('vip_levels_bonus_check', sql`${t.rewardBonus} >= 0 and ${t.rewardBonus} <= 1`),
  ],
);
