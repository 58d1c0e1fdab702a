// Raw SQL through Drizzle on either driver: both node-postgres and PGlite answer `{ rows }`.
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Queryable } from './client';

export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
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
