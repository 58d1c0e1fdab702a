// The notification centre's table (issue 32 point 7): one row per thing that happened to a player's
// money or to a request of theirs, written in the transaction of the event itself, kept until read.
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { NoticeKind, NoticeParams } from '@tradeflip/api';
import { userIdColumn } from '../account/schema';
import { timestamptz } from '../../db/columns';

export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userIdColumn(),
    kind: text('kind').$type<NoticeKind>().notNull(),
    /** Ids, amounts as exact decimal strings, symbols, reasons: what the text says (packages/api). */
    params: jsonb('params').$type<NoticeParams>().notNull(),
    createdAt: timestamptz('created_at').notNull(),
    readAt: timestamptz('read_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    check('notifications_params_object', sql`jsonb_typeof(${t.params}) = 'object'`),
  ],
);
