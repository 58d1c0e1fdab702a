// Issue 9: the history in the user's words. One item per operation (a withdrawal's freeze with its
// refund or its sending), named by how it ended, filtered by a few categories, paged by operations.
import { beforeAll, expect, it } from 'vitest';
import { credit } from '../../test/accounts';
import { adminCall, call, describeEachDatabase, registerUser, uniqueEmail } from '../../test/harness';
import type { TestApp } from '../../test/harness';
import { offlineChains } from '../../test/chains';
import { requestWithdrawal } from '../withdraw/test-helpers';

interface Item {
  id: string;
  kind: string;
  state: string;
  category: string;
  amount: string;
  availableDelta: string;
  frozenDelta: string;
  refType: string;
  refId: string | null;
  steps: { kind: string; availableDelta: string; frozenDelta: string; availableAfter: string }[];
}

async function activity(t: TestApp, token: string, query = '') {
  const res = await call(t.app, 'GET', `/api/app/asset/activity?token=USDT${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { list: Item[]; total: number; page: number; pageSize: number };
}

describeEachDatabase('activity: the history in the user’s words', (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await db.app({ chains: offlineChains() });
  });

  it('groups each withdrawal into one item named by how it ended', async () => {
    const user = await registerUser(t, uniqueEmail('activity'));
    await credit(t, user.email, '100');
    const rejected = await requestWithdrawal(t, user.token, '20');
    await adminCall(t.app, 'POST', '/api/admin/withdrawals/reject', { body: { id: rejected, reason: 'no' } });
    const cancelled = await requestWithdrawal(t, user.token, '10');
    await call(t.app, 'POST', '/api/app/asset/withdraw/cancel', {
      token: user.token,
      body: { id: cancelled },
    });
    const pending = await requestWithdrawal(t, user.token, '30');

    const page = await activity(t, user.token);
    expect(page.total).toBe(4);
    expect(page.list.map((item) => [item.id, item.kind, item.state, item.amount])).toEqual([
      [`withdrawal:${pending}`, 'withdrawal', 'pending', '-31'],
      [`withdrawal:${cancelled}`, 'withdrawal_cancelled', 'refunded', '-11'],
      [`withdrawal:${rejected}`, 'withdrawal_rejected', 'refunded', '-21'],
      [expect.stringMatching(/^entry:\d+$/), 'adjustment', 'done', '100'],
    ]);
    const [inReview, , refund, adjustment] = page.list;
    expect(refund).toMatchObject({
      category: 'withdrawals',
      availableDelta: '0',
      frozenDelta: '0',
      refType: 'withdrawal',
      refId: rejected,
    });
    expect(refund!.steps.map((s) => [s.kind, s.availableDelta, s.frozenDelta])).toEqual([
      ['frozen', '-21', '21'],
      ['refunded', '21', '-21'],
    ]);
    expect(inReview!.steps.map((s) => s.kind)).toEqual(['frozen']);
    expect(adjustment).toMatchObject({
      category: 'other',
      steps: [{ kind: 'credited', availableAfter: '100' }],
    });
    // Nothing internal goes out: no cause keys, no operator memos.
    expect(JSON.stringify(page)).not.toMatch(/causeKey|memo|test funds/);
  });

  it('filters by category and pages by operations, not entries', async () => {
    const user = await registerUser(t, uniqueEmail('activity-pages'));
    await credit(t, user.email, '100');
    for (let i = 0; i < 3; i++) {
      const id = await requestWithdrawal(t, user.token, '10');
      await adminCall(t.app, 'POST', '/api/admin/withdrawals/reject', { body: { id, reason: 'no' } });
    }
    await adminCall(t.app, 'POST', '/api/admin/airdrop', {
      body: { emails: [user.email], token: 'USDT', amount: '5', reason: 'launch' },
    });

    const withdrawals = await activity(t, user.token, '&category=withdrawals');
    expect(withdrawals.total).toBe(3);
    expect(withdrawals.list.every((item) => item.kind === 'withdrawal_rejected')).toBe(true);
    const rewards = await activity(t, user.token, '&category=rewards');
    expect(rewards.list.map((item) => [item.kind, item.amount])).toEqual([['airdrop', '5']]);
    expect((await activity(t, user.token, '&category=games')).list).toEqual([]);

    // 5 operations made of 8 entries: two pages of 2 and a last one of 1, none split.
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const answer = await activity(t, user.token, `&page=${page}&pageSize=2`);
      expect(answer.total).toBe(5);
      seen.push(...answer.list.map((item) => item.id));
      for (const item of answer.list) {
        if (item.kind === 'withdrawal_rejected') expect(item.steps).toHaveLength(2);
      }
    }
    expect(new Set(seen).size).toBe(5);
  });

  it('shows nobody else’s entries, and refuses an unknown category in the caller’s language', async () => {
    const alice = await registerUser(t, uniqueEmail('alice'));
    const bob = await registerUser(t, uniqueEmail('bob'));
    await credit(t, alice.email, '7');
    expect((await activity(t, bob.token)).list).toEqual([]);
    expect((await activity(t, alice.token)).list).toHaveLength(1);
    const bad = await call(t.app, 'GET', '/api/app/asset/activity?token=USDT&category=bets', {
      token: alice.token,
      headers: { 'x-lang': 'zh-CN' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('未知的分类');
    expect((await call(t.app, 'GET', '/api/app/asset/activity?token=USDT')).status).toBe(401);
  });
});
