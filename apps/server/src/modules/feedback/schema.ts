// Feedback (issue 19): what a player sent, in which language and app version, and the operator's
// reply once there is one.
import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { userIdColumn } from '../account/schema';
import { timestamptz } from '../../db/columns';

export const feedback = pgTable(
  'feedback',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userIdColumn(),
    content: text('content').notNull(),
    contact: text('contact'),
    language: text('language').notNull(),
    appVersion: text('app_version'),
    reply: text('reply'),
    repliedAt: timestamptz('replied_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('feedback_user_idx').on(t.userId, t.id), index('feedback_open_idx').on(t.repliedAt, t.id)],
);
