// Withdrawal requests as the web app makes them, and the operators' review: every rule of spec §5
// answered by the server in both languages without moving money, the freeze of amount + fee, records,
// approve and reject (funds back once), and the admin CLI commands. No chain is needed here: the
// registry only tells which networks can be withdrawn on (the sender's tests use real Anvil nodes).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, adminCommand, balanceOf, credit } from '../../test/accounts';
import {
  adminCall,
  call,
  describeEachDatabase,
  PASSWORD,
  registerUser,
  uniqueEmail,
  type TestApp,
} from '../../test/harness';
import { offlineChains } from '../../test/chains';
import { RECIPIENT } from './test-helpers';

function withdraw(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return call(t.app, 'POST', '/api/app/asset/withdraw', {
    token,
    body: { token: 'USDT', network: 'ERC20', address: RECIPIENT, amount: '20', password: PASSWORD, ...body },
    headers,
  });
}

describeEachDatabase('withdrawals', (db) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await db.app({ chains: offlineChains() });
  });

  describe('config', () => {
    it('answers each network at both paths with the user’s available balance; sign-in required', async () => {
      const user = await registerUser(t);
      await credit(t, user.email, '123.45');
      for (const url of ['/api/app/asset/withdraw/config', '/api/app/asset/withdrawConfig']) {
        const res = await call(t.app, 'GET', `${url}?token=usdt&_r=1`, { token: user.token });
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual({
          token: 'USDT',
          available: '123.45',
          networks: [
            { network: 'ERC20', minWithdrawal: '10', fee: '1', amountDp: 6, enabled: true },
            { network: 'BEP20', minWithdrawal: '10', fee: '0.5', amountDp: 6, enabled: true },
          ],
        });
      }
      const signedOut = await call(t.app, 'GET', '/api/app/asset/withdraw/config?token=USDT');
      expect(signedOut.status).toBe(401);
    });

    it('shows networks disabled without a hot wallet or when withdrawals are switched off', async () => {
      const noChains = await db.app();
      const user = await registerUser(noChains);
      const res = await call(noChains.app, 'GET', '/api/app/asset/withdraw/config', { token: user.token });
      expect(res.body.data!.networks).toEqual([
        expect.objectContaining({ network: 'ERC20', enabled: false }),
        expect.objectContaining({ network: 'BEP20', enabled: false }),
      ]);
      const refused = await withdraw(noChains, user.token, { amount: '10' });
      expect(refused.body).toMatchObject({
        code: 400,
        msg: 'Withdrawal is not available for this token on this network',
        data: { fields: { network: 'Withdrawal is not available for this token on this network' } },
      });
    });
  });

  describe('validation (spec §5), on the server, in both languages', () => {
    let user: { email: string; token: string };
    beforeAll(async () => {
      user = await registerUser(t);
      await credit(t, user.email, '100');
    });

    const cases: {
      name: string;
      body: Record<string, unknown>;
      status?: number;
      reason: string;
      field: string;
      en: string;
      zh: string;
    }[] = [
      {
        name: 'an address that is not 0x + 40 hex',
        body: { address: '0x12345' },
        reason: 'validation',
        field: 'address',
        en: 'Invalid address',
        zh: '地址无效',
      },
      {
        name: 'a mixed-case address with a wrong checksum',
        body: { address: '0x8ba1f109551bd432803012645Ac136ddd64DBA72' },
        reason: 'validation',
        field: 'address',
        en: 'Invalid address',
        zh: '地址无效',
      },
      {
        name: 'no amount',
        body: { amount: '' },
        reason: 'validation',
        field: 'amount',
        en: 'Please enter an amount',
        zh: '请输入数量',
      },
      {
        name: 'more decimals than the network allows',
        body: { amount: '10.1234567' },
        reason: 'validation',
        field: 'amount',
        en: 'Up to 6 decimals',
        zh: '最多 6 位小数',
      },
      {
        name: 'below the minimum',
        body: { amount: '9.999999' },
        reason: 'validation',
        field: 'amount',
        en: 'Amount must be ≥ minimum 10',
        zh: '金额须 ≥ 最小值 10',
      },
      {
        name: 'zero',
        body: { amount: '0' },
        reason: 'validation',
        field: 'amount',
        en: 'Amount must be ≥ minimum 10',
        zh: '金额须 ≥ 最小值 10',
      },
      {
        name: 'more than the available balance',
        body: { amount: '100.000001' },
        reason: 'insufficient_balance',
        field: 'amount',
        en: 'Amount exceeds the available balance',
        zh: '数量超过可用余额',
      },
      {
        name: 'an amount that leaves nothing for the fee',
        body: { amount: '99.5' },
        reason: 'insufficient_fee',
        field: 'amount',
        en: 'Insufficient balance for the 1 USDT network fee',
        zh: '余额不足以支付 1 USDT 的网络手续费',
      },
      {
        name: 'no password',
        body: { password: '' },
        reason: 'validation',
        field: 'password',
        en: 'Please enter your password',
        zh: '请输入密码',
      },
      {
        name: 'a wrong password (400, not 401: the app stays signed in)',
        body: { password: 'Wrong1234' },
        reason: 'invalid_credentials',
        field: 'password',
        en: 'The sign-in password is incorrect',
        zh: '登录密码错误',
      },
      {
        name: 'an unsupported network',
        body: { network: 'TRC20' },
        reason: 'validation',
        field: 'network',
        en: 'This network is not supported',
        zh: '不支持该网络',
      },
      {
        name: 'an unknown token',
        body: { token: 'FOO' },
        reason: 'validation',
        field: 'token',
        en: 'Token FOO is not supported',
        zh: '不支持的币种：FOO',
      },
      {
        name: 'a token without an on-chain network',
        body: { token: 'BTC' },
        reason: 'validation',
        field: 'network',
        en: 'Withdrawal is not available for this token on this network',
        zh: '该代币在此网络暂不支持提现',
      },
    ];

    for (const lang of ['en-US', 'zh-CN'] as const) {
      for (const c of cases) {
        it(`refuses ${c.name} [${lang}] and moves nothing`, async () => {
          const res = await withdraw(t, user.token, c.body, { 'x-lang': lang });
          const text = lang === 'en-US' ? c.en : c.zh;
          expect(res.status, JSON.stringify(res.body)).toBe(c.status ?? 400);
          expect(res.body).toMatchObject({ code: c.status ?? 400, msg: text, reason: c.reason });
          expect(res.body.data?.fields?.[c.field]).toBe(text);
          expect(await balanceOf(t, user.token)).toEqual({ available: '100', frozen: '0' });
          const list = await call(t.app, 'GET', '/api/app/asset/withdraw/list', { token: user.token });
          expect(list.body.data!.total).toBe(0);
        });
      }
    }

    it('keeps the session after a wrong password', async () => {
      await withdraw(t, user.token, { password: 'Wrong1234' });
      const me = await call(t.app, 'GET', '/api/app/user/me', { token: user.token });
      expect(me.status).toBe(200);
    });

    it('refuses a network switched off in the configuration', async () => {
      await db.handle.db.execute(
        sql`update token_networks set withdraw_enabled = false where token = 'USDT' and network = 'BEP20'`,
      );
      t.app.services.tokens.invalidate();
      try {
        const res = await withdraw(t, user.token, { network: 'BSC', amount: '10' }, { 'x-lang': 'zh-CN' });
        expect(res.body).toMatchObject({ code: 400, msg: '该代币在此网络暂不支持提现' });
        const config = await call(t.app, 'GET', '/api/app/asset/withdraw/config', { token: user.token });
        expect(config.body.data!.networks).toContainEqual(
          expect.objectContaining({ network: 'BEP20', enabled: false }),
        );
        expect(await balanceOf(t, user.token)).toEqual({ available: '100', frozen: '0' });
      } finally {
        await db.handle.db.execute(
          sql`update token_networks set withdraw_enabled = true where token = 'USDT' and network = 'BEP20'`,
        );
        t.app.services.tokens.invalidate();
      }
    });
  });

  describe('a request', () => {
    it('freezes amount + fee in one step, shows reviewing with the expected arrival, and replays once', async () => {
      const user = await registerUser(t);
      await credit(t, user.email, '50');
      const key = { 'idempotency-key': 'withdraw-once-1' };
      const first = await withdraw(t, user.token, { amount: '20.5', network: 'bsc' }, key);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const record = first.body.data as Record<string, string | null>;
      expect(record).toMatchObject({
        token: 'USDT',
        network: 'BEP20',
        address: RECIPIENT,
        amount: '20.5',
        fee: '0.5',
        arrivalAmount: '20.5',
        status: 'reviewing',
        rejectReason: null,
        failureReason: null,
        txHash: null,
        processedAt: null,
      });
      expect(record.orderNo).toMatch(/^W\d{8}\d{10}$/);
      expect(record.orderNo!.slice(1, 9)).toBe(record.createdAt!.slice(0, 10).replaceAll('-', ''));
      expect(Date.parse(record.estimatedArrival!) - Date.parse(record.createdAt!)).toBe(24 * 3600_000);
      expect(await balanceOf(t, user.token)).toEqual({ available: '29', frozen: '21' });

      const replay = await withdraw(t, user.token, { amount: '20.5', network: 'bsc' }, key);
      expect(replay.body).toEqual(first.body);
      const different = await withdraw(t, user.token, { amount: '10', network: 'bsc' }, key);
      expect(different.status).toBe(422);
      expect(await balanceOf(t, user.token)).toEqual({ available: '29', frozen: '21' });

      const flows = await call(t.app, 'GET', '/api/app/asset/flows?token=USDT&type=withdraw', {
        token: user.token,
      });
      expect(flows.body.data!.list).toEqual([
        expect.objectContaining({
          type: 'withdraw',
          availableDelta: '-21',
          frozenDelta: '21',
          refType: 'withdrawal',
          refId: record.id,
        }),
      ]);
      await db.expectAuditClean();
    });

    it('refuses the second of two requests that together exceed the balance, through the ledger', async () => {
      const user = await registerUser(t);
      await credit(t, user.email, '100');
      const results = await Promise.all([
        withdraw(t, user.token, { amount: '60' }),
        withdraw(t, user.token, { amount: '60' }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
      const refused = results.find((r) => r.status === 400)!;
      expect(refused.body).toMatchObject({
        reason: 'insufficient_balance',
        msg: 'Amount exceeds the available balance',
      });
      expect(await balanceOf(t, user.token)).toEqual({ available: '39', frozen: '61' });
      const list = await call(t.app, 'GET', '/api/app/asset/withdraw/list', { token: user.token });
      expect(list.body.data!.total).toBe(1);
      await db.expectAuditClean();
    });

    it('lists the user’s own withdrawals newest first; another user’s detail is 404', async () => {
      const alice = await registerUser(t);
      const bob = await registerUser(t);
      await credit(t, alice.email, '100');
      const ids: string[] = [];
      for (const amount of ['10', '11', '12']) {
        const res = await withdraw(t, alice.token, { amount });
        ids.push((res.body.data as { id: string }).id);
      }
      const page = await call(t.app, 'GET', '/api/app/asset/withdraw/list?page=1&pageSize=2&_r=5', {
        token: alice.token,
      });
      expect(page.body.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
      expect((page.body.data!.list as { id: string }[]).map((w) => w.id)).toEqual([ids[2], ids[1]]);
      const second = await call(t.app, 'GET', '/api/app/asset/withdraw/list?page=2&pageSize=2', {
        token: alice.token,
      });
      expect((second.body.data!.list as { amount: string }[]).map((w) => w.amount)).toEqual(['10']);

      const own = await call(t.app, 'GET', `/api/app/asset/withdraw/detail?id=${ids[0]}`, {
        token: alice.token,
      });
      expect(own.body.data).toMatchObject({ id: ids[0], amount: '10', status: 'reviewing' });
      const theirs = await call(t.app, 'GET', `/api/app/asset/withdraw/detail?id=${ids[0]}`, {
        token: bob.token,
      });
      expect(theirs.status).toBe(404);
      expect(theirs.body.reason).toBe('not_found');
      const bobs = await call(t.app, 'GET', '/api/app/asset/withdraw/list', { token: bob.token });
      expect(bobs.body.data!.total).toBe(0);
      const missing = await call(t.app, 'GET', '/api/app/asset/withdraw/detail', { token: alice.token });
      expect(missing.body).toMatchObject({ code: 400, msg: 'Missing parameter: id' });
      expect(await balanceOf(t, alice.token)).toEqual({ available: '64', frozen: '36' });
      await db.expectAuditClean();
    });
  });

  describe('review', () => {
    it('approves and rejects only from reviewing; a rejection returns amount + fee once, with its reason', async () => {
      const user = await registerUser(t, uniqueEmail('review'));
      await credit(t, user.email, '100');
      const a = (await withdraw(t, user.token, { amount: '30' })).body.data as { id: string };
      const b = (await withdraw(t, user.token, { amount: '40' })).body.data as { id: string };
      expect(await balanceOf(t, user.token)).toEqual({ available: '28', frozen: '72' });

      const reviewing = await adminCall(t.app, 'GET', '/api/admin/withdrawals?status=reviewing&pageSize=100');
      const listed = (reviewing.body.data!.list as { id: string; email: string }[]).filter((w) =>
        [a.id, b.id].includes(w.id),
      );
      expect(listed.map((w) => w.id)).toEqual([b.id, a.id]);
      expect(listed[0]!.email).toBe(user.email);

      const approved = await adminCall(t.app, 'POST', '/api/admin/withdrawals/approve', {
        body: { id: a.id },
      });
      expect(approved.body.data).toMatchObject({
        id: a.id,
        status: 'approved',
        nonce: null,
        fromAddress: null,
      });
      const again = await adminCall(t.app, 'POST', '/api/admin/withdrawals/approve', { body: { id: a.id } });
      expect(again.body).toMatchObject({
        code: 409,
        reason: 'conflict',
        msg: 'This withdrawal is no longer waiting for review',
      });
      const rejectApproved = await adminCall(t.app, 'POST', '/api/admin/withdrawals/reject', {
        body: { id: a.id, reason: 'too late' },
        headers: { 'x-lang': 'zh-CN' },
      });
      expect(rejectApproved.body).toMatchObject({ code: 409, msg: '该提现已不在审核中' });

      const rejected = await adminCall(t.app, 'POST', '/api/admin/withdrawals/reject', {
        body: { id: b.id, reason: 'Address on a sanctions list' },
        headers: { 'idempotency-key': 'reject-b' },
      });
      expect(rejected.body.data).toMatchObject({
        id: b.id,
        status: 'rejected',
        rejectReason: 'Address on a sanctions list',
      });
      expect(await balanceOf(t, user.token)).toEqual({ available: '69', frozen: '31' });
      // A retry with the key answers the first result; without it, the withdrawal is no longer in review.
      const replay = await adminCall(t.app, 'POST', '/api/admin/withdrawals/reject', {
        body: { id: b.id, reason: 'Address on a sanctions list' },
        headers: { 'idempotency-key': 'reject-b' },
      });
      expect(replay.body).toEqual(rejected.body);
      const twice = await adminCall(t.app, 'POST', '/api/admin/withdrawals/reject', {
        body: { id: b.id, reason: 'again' },
      });
      expect(twice.status).toBe(409);
      expect(await balanceOf(t, user.token)).toEqual({ available: '69', frozen: '31' });

      const seen = await call(t.app, 'GET', `/api/app/asset/withdraw/detail?id=${b.id}`, {
        token: user.token,
      });
      expect(seen.body.data).toMatchObject({
        status: 'rejected',
        rejectReason: 'Address on a sanctions list',
        estimatedArrival: null,
      });
      expect(seen.body.data!.processedAt).toEqual(expect.any(String));

      const unknown = await adminCall(t.app, 'POST', '/api/admin/withdrawals/approve', {
        body: { id: '999999' },
      });
      expect(unknown.status).toBe(404);
      const unauthorised = await call(t.app, 'POST', '/api/admin/withdrawals/approve', {
        token: user.token,
        body: { id: a.id },
      });
      expect(unauthorised.status).toBe(401);
      await db.expectAuditClean();
    });

    it('works from the admin CLI: withdraw:list, withdraw:approve, withdraw:reject', async () => {
      const user = await registerUser(t, uniqueEmail('cli'));
      await credit(t, user.email, '100');
      const a = (await withdraw(t, user.token, { amount: '15' })).body.data as {
        id: string;
        orderNo: string;
      };
      const b = (await withdraw(t, user.token, { amount: '16' })).body.data as {
        id: string;
        orderNo: string;
      };
      const api = adminApi(t);

      const listed = await adminCommand('withdraw:list').run(api, ['--status', 'reviewing']);
      expect(listed).toContain(a.orderNo);
      expect(listed).toContain(b.orderNo);
      expect(listed).toMatch(/^ID\s+ORDER\s+STATUS/);

      expect(await adminCommand('withdraw:approve').run(api, [a.id])).toMatch(
        new RegExp(`^Approved withdrawal ${a.id} \\(${a.orderNo}\\): 15 USDT \\+ 1 fee from ${user.email}`),
      );
      expect(
        await adminCommand('withdraw:reject').run(api, [b.id, '--reason', 'Suspicious activity']),
      ).toContain(`Rejected withdrawal ${b.id}`);
      await expect(adminCommand('withdraw:reject').run(api, [a.id])).rejects.toThrow(
        /usage: withdraw:reject ID --reason TEXT/,
      );
      await expect(adminCommand('withdraw:approve').run(api, ['x'])).rejects.toThrow(
        /usage: withdraw:approve ID/,
      );
      await expect(adminCommand('withdraw:reject').run(api, [a.id, '--reason', 'late'])).rejects.toThrow(
        'This withdrawal is no longer waiting for review',
      );
      const approvedList = await adminCommand('withdraw:list').run(api, ['--status', 'approved']);
      expect(approvedList).toContain(a.orderNo);
      expect(approvedList).not.toContain(b.orderNo);
      expect(await balanceOf(t, user.token)).toEqual({ available: '84', frozen: '16' });
      await db.expectAuditClean();
    });
  });
});
