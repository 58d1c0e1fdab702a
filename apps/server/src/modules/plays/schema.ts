// The live plays feed (issue 32, point 11): each player's say in it. No row: in the feed, amounts
// not shown (the default until the player chooses, as on the share card).
import { bigint, boolean, pgTable } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns';
import { users } from '../account/schema';

export const playFeedSettings = pgTable('play_feed_settings', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  /** The player's own plays are kept out of the feed. */
  hidden: boolean('hidden').notNull().default(false),
  /** The feed shows the stake and the result of the player's plays. */
  showAmounts: boolean('show_amounts').notNull().default(false),
  updatedAt: timestamptz('updated_at').notNull(),
});
