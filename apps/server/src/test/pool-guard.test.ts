// The harness's guard against a transaction waiting on its own pool (pool-guard.ts) catches a query
// through the database inside a transaction, and nothing that goes through the transaction.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openScratchPostgres } from '../db/scratch';
import { testSettings } from './harness';
import { guardPool } from './pool-guard';

const url = testSettings.databaseUrl;

(url ? describe : describe.skip)('pool guard [PostgreSQL]', () => {
  it('records a query through the pool from inside a transaction, not one through the transaction', async () => {
    const handle = await openScratchPostgres(url!, 'guard');
    try {
      const found = guardPool(handle.db);
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
      });
      await handle.db.execute(sql`select 1`);
      expect(found).toEqual([]);
      await handle.db.transaction(async () => {
        await handle.db.execute(sql`select 1`);
      });
      expect(found).toHaveLength(1);
      expect(found[0]).toBe('query: select 1');
    } finally {
      await handle.close();
    }
  });
});
