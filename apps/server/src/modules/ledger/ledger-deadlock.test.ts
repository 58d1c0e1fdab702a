// Issue 8, defect 8: a brand-new account created inside a caller's own transaction used to be able
// to deadlock against another caller. T1 credits new user A (holding A's uncommitted row and the
// equity account's lock) while T2, crediting new user C, has inserted C's account and waits for
// equity; when T1 then credits C, it waits for T2's uncommitted C, and PostgreSQL aborts one of
// them (40P01). Only PostgreSQL runs transactions side by side; PGlite has one connection.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../db/client';
import { findUserByEmail } from '../account/repository';
import {
  expectAuditClean,
  postgresTarget,
  registerUser,
  testSettings,
  useDatabase,
} from '../../test/harness';

const url = testSettings.databaseUrl;
const describePostgres = url ? describe : testSettings.ci ? describe : describe.skip;

/** Resolves once some other session of this database waits for a lock. */
async function someoneWaitsForALock(db: Database) {
  for (;;) {
    const result = (await db.execute(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    )) as unknown as { rows: { n: number }[] };
    if (result.rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describePostgres('ledger: new accounts inside callers’ transactions [PostgreSQL]', () => {
  if (!url) {
    it('needs TEST_DATABASE_URL when CI=true', () => {
      throw new Error('CI=true but TEST_DATABASE_URL is not set');
    });
    return;
  }
  const db = useDatabase(postgresTarget(url));
  let handle: DatabaseHandle;
  beforeAll(() => {
    handle = db.handle;
  });

  it('two callers crediting each other’s new users both commit, no deadlock', async () => {
    const t = await db.app();
    const ledger = t.app.services.ledger;
    const registerAndFind = async () => (await findUserByEmail(handle.db, (await registerUser(t)).email))!;
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const { email } = await registerUser(t);
      ids.push((await findUserByEmail(handle.db, email))!.id);
    }
    const [a, c] = ids as [number, number];
    // The equity account exists: the callers lock its row rather than create it.
    await ledger.adjust({ userId: (await registerAndFind()).id, token: 'USDT', amount: '1' });
    const credit = (userId: number, tx: Parameters<typeof ledger.credit>[1]) =>
      ledger.credit({ userId, token: 'USDT', amount: '1', type: 'admin_adjust', ref: { type: 'test' } }, tx);

    let releaseFirst!: () => void;
    const firstMayGoOn = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstCredited!: () => void;
    const firstHasCredited = new Promise<void>((resolve) => (firstCredited = resolve));

    const first = handle.db.transaction(async (tx) => {
      await credit(a, tx); // holds the equity account until it commits
      firstCredited();
      await firstMayGoOn;
      await credit(c, tx);
    });
    await firstHasCredited;
    const second = handle.db.transaction(async (tx) => {
      await credit(c, tx); // waits for equity
    });
    await someoneWaitsForALock(handle.db);
    releaseFirst();

    const outcomes = await Promise.allSettled([first, second]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(['ok', 'ok']);
    await expectAuditClean(handle.db);
  });
});
