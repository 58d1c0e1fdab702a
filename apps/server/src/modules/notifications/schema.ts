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
    /** When the notice pusher took it for the owner's devices (or passed it over: push off, too old). */
    pushedAt: timestamptz('pushed_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    // The notice pusher's queue: the few not yet pushed, oldest first.
    index('notifications_unpushed_idx')
      .on(t.id)
      .where(sql`${t.pushedAt} is null`),
    check('notifications_params_object', sql`jsonb_typeof(${t.params}) = 'object'`),
  ],
);
