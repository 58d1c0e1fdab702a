// Opens the database: embedded PGlite (a directory, or in memory for tests) or PostgreSQL through
// a node-postgres pool. Both give the same Drizzle API, typed as `Database`, and both are migrated
// from the committed SQL in apps/server/drizzle.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import { repoRoot } from '../config';
import * as schema from './schema';
import { lockDirectory } from './pglite-lock';
import { pgliteListen, postgresListen, type Listen } from './notifications';

export type Schema = typeof schema;
/** The Drizzle database common to both drivers. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database or a transaction: repositories accept either. */
export type Queryable = Database | Transaction;

/** Found from the repository's root: the compiled server (apps/server/dist) is one file, not this one. */
export const migrationsFolder = path.join(repoRoot, 'apps/server/drizzle');

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** LISTEN/NOTIFY on this database (db/notifications.ts). */
  listen: Listen;
  /**
   * PostgreSQL: a second, small pool for short statements that commit on their own while a
   * transaction of the main pool waits for them (the ledger creating an account). On the main pool
   * they could wait forever: with every connection held by such a transaction, none is left for
   * the statements they wait on. Undefined on PGlite (one connection; those statements join the
   * transaction).
   */
  outside?: Database;
  close(): Promise<void>;
}

/**
 * Keeps other local users out of the embedded database's directory (PostgreSQL's own rule for its
 * data directory): PGlite writes its files readable and writable by anyone, and they hold every
 * user's data and the ledger. A directory left open by an earlier release is closed too.
 */
export function closeToOthers(dbDir: string) {
  fs.mkdirSync(dbDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dbDir, 0o700);
}

/**
 * PGlite in `dataDir` (locked against a second process), or in memory when dataDir is undefined.
 */
export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const lock = dataDir ? lockDirectory(dataDir) : undefined;
  try {
    if (dataDir) closeToOthers(dataDir);
    const client = dataDir ? new PGlite(dataDir) : new PGlite();
    await client.waitReady;
    // A new WAL segment is not written full of zeros first: in PGlite's memory file system that
    // rewrote the growing file again and again (half of a burst of flip settlements' commit time);
    // the segment's pages are written as the log reaches them.
    await client.exec('SET wal_init_zero = off');
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db satisfies Database,
      driver: 'pglite',
      listen: pgliteListen(client),
      async close() {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/**
 * How long a new connection may take. node-postgres waits forever by default: with the database's
 * network cut (no answer, not even a refusal) every call would hang; this way it fails (a 500) after
 * a few seconds, and the next call connects again once the database is back.
 */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * The pools' connections, each with that deadline to connect. (The pool's own option would also
 * bound the wait for a free connection, failing calls that queue under load.)
 */
class DeadlineClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    Client: DeadlineClient,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  try {
    // Several processes may start at once: one migrates while the others wait on the lock.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(7166470151)');
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(7166470151)').catch(() => undefined);
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  // Its statements never wait long: a lock held by a transaction that waits on them fails them
  // (lock_timeout) instead of hanging both.
  const outside = new pg.Pool({
    connectionString: url,
    max: 2,
    options: '-c lock_timeout=5000',
    Client: DeadlineClient,
  });
  outside.on('error', () => {
    // As above.
  });
  return {
    db: drizzlePg({ client: pool, schema }) satisfies Database,
    driver: 'postgres',
    listen: postgresListen(url),
    outside: drizzlePg({ client: outside, schema }) satisfies Database,
    close: async () => {
      await Promise.all([pool.end(), outside.end()]);
    },
  };
}

export function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }) {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(path.join(config.dataDir, 'db'));
}
