// Catches a transaction that waits on the pool it holds a connection of: code inside
// `db.transaction(...)` that queries through `db` (not its `tx`) needs a second connection while
// holding one, and enough such callers at once take every connection and wait forever (the CI hang
// of stop 21). The harness wraps PostgreSQL databases with it; a suite fails naming the call.
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { Database } from '../db/client';

const inTransaction = new AsyncLocalStorage<true>();

/** Records every pool use from inside one of `db`'s transactions; answers the list (statements, stacks). */
export function guardPool(db: Database): string[] {
  const found: string[] = [];
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    transaction((tx) => inTransaction.run(true, () => work(tx)), config)) as typeof db.transaction;
  // A query names its statement; a client checked out (pool.connect: a nested transaction) its stack.
  let viaQuery = false;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    if (!inTransaction.getStore()) return query(...args);
    const statement = args[0] as string | { text?: string };
    found.push(`query: ${typeof statement === 'string' ? statement : statement.text}`);
    viaQuery = true; // pool.query checks its client out through pool.connect, at once
    try {
      return query(...args);
    } finally {
      viaQuery = false;
    }
  };
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { connect: unknown }).connect = (...args: unknown[]) => {
    if (inTransaction.getStore() && !viaQuery) {
      found.push(new Error('a transaction checks out another connection').stack ?? '');
    }
    return connect(...args);
  };
  return found;
}
