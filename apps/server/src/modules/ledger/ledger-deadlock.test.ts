// Issue 8, defect 8: a brand-new account created inside a caller's own transaction used to be able
// to deadlock against another caller. T1 credits new user A (holding A's uncommitted row and the
// equity account's lock) while T2, crediting new user C, has inserted C's account and waits for
// equity; when T1 then credits C, it waits for T2's uncommitted C, and PostgreSQL aborts one of
// them (40P01). Only PostgreSQL runs transactions side by side; PGlite has one connection.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../../db/client';
import { userAccount } from './accounts';
import { describeOnPostgres, registerUser, userOf } from '../../test/harness';

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

describeOnPostgres('ledger: new accounts inside callers’ transactions', (db) => {
  let handle: DatabaseHandle;
  beforeAll(() => {
    handle = db.handle;
  });

  it('two callers crediting each other’s new users both commit, no deadlock', async () => {
    const t = await db.app();
    const ledger = t.app.services.ledger;
    const money = t.app.services.operatorMoney;
    const registerAndFind = async () => userOf(handle.db, (await registerUser(t)).email);
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const { email } = await registerUser(t);
      ids.push((await userOf(handle.db, email)).id);
    }
    const [a, c] = ids as [number, number];
    // The equity account exists: the callers lock its row rather than create it.
    await money.adjust({ userId: (await registerAndFind()).id, token: 'USDT', amount: '1' });
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
    await db.expectAuditClean();
  });

  it('callers moving money both ways between two users in their own transactions never deadlock', async () => {
    const t = await db.app();
    const ledger = t.app.services.ledger;
    const money = t.app.services.operatorMoney;
    const [a, b] = [
      await userOf(handle.db, (await registerUser(t)).email),
      await userOf(handle.db, (await registerUser(t)).email),
    ];
    for (const user of [a, b]) await money.adjust({ userId: user.id, token: 'USDT', amount: '100' });
    // Each caller names a transfer; the ledger locks both accounts in one order inside the call.
    // (Locking the payer first and the payee in the movement's statement deadlocked two opposite
    // transfers: each held its payer and waited for the other's.)
    const transfer = (from: number, to: number) =>
      handle.db.transaction((tx) =>
        ledger.move(
          {
            type: 'admin_adjust',
            ref: { type: 'test', id: null },
            legs: [
              { account: userAccount(from, 'USDT'), available: '-1' },
              { account: userAccount(to, 'USDT'), available: '1' },
            ],
          },
          tx,
        ),
      );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? transfer(a.id, b.id) : transfer(b.id, a.id))),
    );
    const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
    expect(failures).toEqual([]);
    await db.expectAuditClean();
  });

  it('more callers than the pool has connections, each creating an account in its transaction, all commit', async () => {
    // Each airdrop holds a connection for its transaction and creates its user's new account
    // outside it. Through the same pool, 12 of them on its 5 connections each waited for a sixth
    // and all hung (CI, stop 21); the ledger creates accounts through the handle's `outside` pool.
    const t = await db.app();
    const money = t.app.services.operatorMoney;
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await userOf(handle.db, (await registerUser(t)).email)).id);
    const outcomes = await Promise.allSettled(
      ids.map((id) => money.airdrop({ userIds: [id], token: 'BTC', amount: '0.5' })),
    );
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok'))).toEqual(
      ids.map(() => 'ok'),
    );
    for (const id of ids)
      expect(await t.app.services.ledger.availableOf(id, 'BTC')).toBe('0.500000000000000000');
    await db.expectAuditClean();
  });
});
