// The account module's tables: users, their sessions and e-mailed codes.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../db/columns';

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    inviteCode: text('invite_code').notNull().unique(),
    inviterId: bigint('inviter_id', { mode: 'number' }).references((): AnyPgColumn => users.id),
    language: text('language').$type<'zh-CN' | 'en-US'>().notNull().default('en-US'),
    status: text('status').$type<'active' | 'frozen'>().notNull().default('active'),
    frozenAt: timestamptz('frozen_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('users_status_check', sql`${t.status} in ('active', 'frozen')`),
    check('users_language_check', sql`${t.language} in ('zh-CN', 'en-US')`),
    index('users_inviter_idx').on(t.inviterId),
  ],
);

/** The `user_id` column of a row that belongs to a user. */
export const userIdColumn = () =>
  bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id);

export type SessionRevokeReason = 'logout' | 'password_changed' | 'password_reset' | 'frozen';

/** Bearer sessions. Only the sha256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    revokeReason: text('revoke_reason').$type<SessionRevokeReason>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** E-mailed 6-digit codes, stored hashed; the newest one per (email, scene) is the valid one. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    scene: text('scene').$type<'register' | 'forgot'>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [
    index('verification_codes_email_idx').on(t.email, t.createdAt),
    index('verification_codes_expires_idx').on(t.expiresAt),
  ],
);
