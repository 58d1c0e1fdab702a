// Infrastructure's own tables (no product module's): stored idempotent answers, worker leases, the
// hot wallets' nonces and the database's identity.
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Responses of mutating calls by Idempotency-Key. The row is keyed by a hash of (scope, key) and
 * the body is encrypted with a key derived from the Idempotency-Key itself, so a database reader
 * cannot replay or read stored answers (some hold session tokens).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    keyHash: text('key_hash').primaryKey(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<'in_flight' | 'done'>().notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: timestamptz('created_at').notNull(),
    /** An in-flight claim older than this is considered abandoned (its process died). */
    lockedUntil: timestamptz('locked_until').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('idempotency_keys_expires_idx').on(t.expiresAt)],
);

/** Leases of background workers: one leader per name across processes sharing the database. */
export const workerLeases = pgTable('worker_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});

/**
 * The database's own identity: one random id, written once by the migrations. What the processes
 * sharing a database must share is keyed by it (the market's Redis channel), never by how each
 * one's DATABASE_URL is written (host name or address, parameters, a pooler in between).
 */
export const databaseIdentity = pgTable('database_identity', {
  id: text('id').primaryKey(),
});

/**
 * The next nonce of each hot wallet (chain/nonces.ts), kept here so concurrent senders (the
 * withdrawal sender, the sweeper's gas transfers) never share one.
 */
export const hotWalletNonces = pgTable(
  'hot_wallet_nonces',
  {
    network: text('network').notNull(),
    address: text('address').notNull(),
    nextNonce: integer('next_nonce').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.address] })],
);
