// Web Push: one row per device that asked for the user's notices (the browser's PushSubscription).
// An endpoint is one device's address at its push service: unique, whoever subscribed it last.
import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { userIdColumn } from '../account/schema';
import { timestamptz } from '../../db/columns';

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userIdColumn(),
    endpoint: text('endpoint').notNull().unique(),
    /** The device's P-256 public key and auth secret (base64url): what a push is encrypted to. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
