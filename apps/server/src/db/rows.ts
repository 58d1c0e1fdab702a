// Raw SQL through Drizzle on either driver: both node-postgres and PGlite answer `{ rows }`.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Queryable } from './client';

export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A page of a table's rows matching `where`, newest (highest `id`) first, and how many match in all. */
export async function pageNewestFirst<T extends PgTable>(
  db: Queryable,
  table: T,
  id: PgColumn,
  where: SQL | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(desc(id))
    .limit(page.limit)
    .offset(page.offset);
  const [counted] = await db
    .select({ total: count() })
    .from(table as PgTable)
    .where(where);
  return { rows: rows as T['$inferSelect'][], total: counted?.total ?? 0 };
}

/** Which page of a user's rows, of one token or all. */
export interface UserPageFilter {
  userId: number;
  token?: string | undefined;
  offset: number;
  limit: number;
}

/** A page of a user's rows (of one token, when given), newest first: their deposits, their withdrawals. */
export function userPageNewestFirst<T extends PgTable & { id: PgColumn; userId: PgColumn; token: PgColumn }>(
  db: Queryable,
  table: T,
  filter: UserPageFilter,
) {
  const where = and(
    eq(table.userId, filter.userId),
    filter.token ? eq(table.token, filter.token) : undefined,
  );
  return pageNewestFirst(db, table, table.id, where, filter);
}

/** The SQLSTATE of a database error, also when Drizzle wraps it. */
export function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Socket errors of a connection to the database that went, or never came. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** node-postgres's words when a connection drops or cannot be made in time (pg-pool: "timeout expired"). */
const CONNECTION_WORDS =
  /connection terminated|timeout exceeded when trying to connect|connection error|connection closed|^timeout expired$/i;

/**
 * Whether a query failed because the database could not be reached (refused, dropped, no
 * connection in time, or the server shutting down: SQLSTATE class 08 and 57P01-57P03), as
 * opposed to the database refusing the statement. Such a request is worth trying again.
 */
export function databaseUnreachable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08|^57P0[123]$/.test(code))) return true;
    if (typeof message === 'string' && CONNECTION_WORDS.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A hot statement as fixed SQL text with positional parameters ($1, ...), sent straight to the
 * driver under Drizzle (no query building): on PostgreSQL as a named prepared statement, planned
 * once per connection (`name` must always go with the same text); on PGlite as a plain query.
 */
export async function queryPreparedRows<T>(
  db: Queryable,
  name: string,
  text: string,
  params: unknown[],
): Promise<T[]> {
  const client = (db._.session as unknown as { client?: unknown }).client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const result = await client.query<T & pg.QueryResultRow>({ name, text, values: params });
    return result.rows;
  }
  const pglite = client as { query(text: string, params: unknown[]): Promise<{ rows: T[] }> };
  return (await pglite.query(text, params)).rows;
}
