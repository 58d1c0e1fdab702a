// The red team's load (of DatabaseHandle.outside): brand-new accounts created from many callers'
// transactions at once — overlapping airdrops to fresh users, operator credits on a second token,
// registrations (whose own new user's account is made inside their transaction) and freezes of the
// same users — all settle within the time limit and leave the books balanced. PostgreSQL only.
import { expect, it } from 'vitest';
import { adminCall, describeOnPostgres, registerUser, userOf } from '../../test/harness';

describeOnPostgres('new accounts from many callers at once', (db) => {
  it('overlapping airdrops, credits, registrations and freezes of fresh users all settle; audit clean', async () => {
    const t = await db.app();
    const money = t.app.services.operatorMoney;
    const users: { id: number; email: string }[] = [];
    for (let i = 0; i < 16; i++) {
      const { email } = await registerUser(t);
      users.push({ id: (await userOf(db.handle.db, email)).id, email });
    }
    const ids = users.map((u) => u.id);
    const started = Date.now();
    const work: Promise<unknown>[] = [];
    for (let round = 0; round < 4; round++) {
      // Each airdrop covers an overlapping half of the users, so their new accounts collide.
      const half = ids.filter((_, i) => (i + round) % 2 === 0);
      work.push(money.airdrop({ userIds: half, token: 'BTC', amount: '0.1' }));
      work.push(money.airdrop({ userIds: [...half].reverse(), token: 'ETH', amount: '0.2' }));
    }
    for (const user of users) {
      work.push(money.adjust({ userId: user.id, token: 'ETH', amount: '1' }));
      work.push(registerUser(t));
    }
    for (const user of users.slice(0, 4)) {
      work.push(adminCall(t.app, 'POST', '/api/admin/users/freeze', { body: { email: user.email } }));
    }
    const outcomes = await Promise.allSettled(work);
    const failures = outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
    expect(failures).toEqual([]);
    expect(Date.now() - started).toBeLessThan(20_000);
    for (const id of ids) {
      expect(await t.app.services.ledger.availableOf(id, 'BTC')).toBe('0.200000000000000000');
      expect(await t.app.services.ledger.availableOf(id, 'ETH')).toBe('1.400000000000000000');
    }
    await db.expectAuditClean();
  }, 60_000);
});
