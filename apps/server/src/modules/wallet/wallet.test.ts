import * as routes from '@tradeflip/api/routes';
// The asset calls as the web app makes them, and the operator's money calls behind them.
import { describe, expect, it } from 'vitest';
import {
  adminCall,
  call,
  describeEachDatabase,
  registerUser,
  uniqueEmail,
  userOf,
  callRoute,
  adminCallRoute,
} from '../../test/harness';
import { FixedPriceSource } from './prices';

const prices = new FixedPriceSource(
  { BTC: '65000.12', ETH: '3500.55', BNB: '600', SOL: '150.5', XRP: '0.61', DOGE: '0.15' },
  new Date('2030-01-01T00:00:00Z'),
);

describeEachDatabase('wallet', (db) => {
  describe('precisions', () => {
    it('answers the precision map at both paths, without a session, with normalised keys', async () => {
      const t = await db.app();
      for (const url of ['/api/app/asset/precision-map', '/api/asset/precision-map']) {
        const res = await call(t.app, 'GET', `${url}?_r=123`);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          code: 0,
          data: {
            price_dp: { USDT: 4, BTC: 2, ETH: 2, BNB: 2, SOL: 2, XRP: 4, DOGE: 5 },
            amount_dp: {
              USDT: 6,
              USDT__ERC20: 6,
              USDT__BEP20: 6,
              BTC: 6,
              ETH: 5,
              BNB: 4,
              SOL: 3,
              XRP: 1,
              DOGE: 0,
            },
          },
        });
      }
    });

    it('lists precisions per symbol and per network', async () => {
      const t = await db.app();
      const res = await callRoute(t.app, routes.wallet.precisions, {});
      expect(res.status).toBe(200);
      const list = res.body.data!.list as { symbol: string; mainnet?: string }[];
      expect(list.slice(0, 3)).toEqual([
        { symbol: 'USDT', price_precision: 4, amount_precision: 6 },
        { symbol: 'USDT', price_precision: 4, amount_precision: 6, mainnet: 'ERC20' },
        { symbol: 'USDT', price_precision: 4, amount_precision: 6, mainnet: 'BEP20' },
      ]);
      expect(list.map((entry) => entry.symbol)).toEqual([
        'USDT',
        'USDT',
        'USDT',
        'BTC',
        'ETH',
        'BNB',
        'SOL',
        'XRP',
        'DOGE',
      ]);
    });
  });

  describe('balances and overview', () => {
    it('lists every enabled token, zero balances included, valued at exact USDT prices', async () => {
      const t = await db.app({ prices });
      const { token, email } = await registerUser(t);
      const empty = await callRoute(t.app, routes.wallet.balances, { token });
      expect(empty.status).toBe(200);
      const zero = empty.body.data!.list as Record<string, unknown>[];
      expect(zero.map((b) => b.token)).toEqual(['USDT', 'BTC', 'ETH', 'BNB', 'SOL', 'XRP', 'DOGE']);
      expect(zero[1]).toEqual({
        token: 'BTC',
        available: '0',
        frozen: '0',
        total: '0',
        price: '65000.12',
        usdtValue: '0',
        amountDp: 6,
        priceDp: 2,
      });

      for (const [symbol, amount] of [
        ['USDT', '100.5'],
        ['BTC', '0.123456'],
        ['ETH', '2.5'],
      ] as const) {
        const res = await adminCallRoute(t.app, routes.admin.adjust, {
          body: { email, token: symbol, amount, reason: 'test credit' },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      const user = await userOf(db.handle.db, email);
      await t.app.services.ledger.freeze({
        userId: user.id,
        token: 'ETH',
        amount: '1',
        type: 'bet_freeze',
        ref: { type: 'test', id: 1 },
      });

      const res = await callRoute(t.app, routes.wallet.balances, { token });
      const list = res.body.data.list;
      expect(list.find((b) => b.token === 'USDT')).toMatchObject({
        available: '100.5',
        total: '100.5',
        price: '1',
        usdtValue: '100.5',
      });
      expect(list.find((b) => b.token === 'BTC')).toMatchObject({ usdtValue: '8024.65481472' });
      expect(list.find((b) => b.token === 'ETH')).toMatchObject({
        available: '1.5',
        frozen: '1',
        total: '2.5',
        usdtValue: '8751.375',
      });

      const overview = await callRoute(t.app, routes.wallet.overview, { token });
      expect(overview.body).toEqual({
        code: 0,
        data: {
          // 100.5 + 8024.65481472 + 1.5 × 3500.55 available, 1 × 3500.55 frozen
          totalUsdt: '16876.52981472',
          availableUsdt: '13375.97981472',
          frozenUsdt: '3500.55',
          openPositions: 0,
          openFlips: 0,
          unrealizedPnlUsdt: '0',
          closeNowUsdt: '0',
          positions: [],
          flips: [],
          pricedAt: '2030-01-01T00:00:00.000Z',
        },
      });
      // The freeze above is held by no bet: given back, so the audit's frozen check holds too.
      await t.app.services.ledger.unfreeze({
        userId: user.id,
        token: 'ETH',
        amount: '1',
        type: 'bet_unfreeze',
        ref: { type: 'test', id: 1 },
      });
      await db.expectAuditClean();
    });

    it('needs a session', async () => {
      const t = await db.app();
      for (const url of ['/api/app/asset/balances', '/api/app/asset/overview', '/api/app/asset/flows']) {
        const res = await call(t.app, 'GET', url);
        expect(res.status).toBe(401);
        expect(res.body.reason).toBe('unauthorized');
      }
    });
  });

  describe('ledger entries', () => {
    it('pages and filters the user’s own entries, newest first', async () => {
      const t = await db.app();
      const { token, email } = await registerUser(t);
      for (let i = 1; i <= 5; i++) {
        await adminCallRoute(t.app, routes.admin.adjust, {
          body: { email, token: 'USDT', amount: String(i), reason: `credit ${i}` },
        });
      }
      await adminCallRoute(t.app, routes.admin.airdrop, {
        body: { token: 'DOGE', amount: '7', emails: [email], memo: 'welcome' },
      });
      await adminCallRoute(t.app, routes.admin.adjust, {
        body: { email, token: 'USDT', amount: '-2', reason: 'correction' },
      });

      const all = await callRoute(t.app, routes.wallet.flows, { query: { page: '1', pageSize: '3' }, token });
      expect(all.status).toBe(200);
      const page1 = all.body.data as { list: Record<string, unknown>[]; total: number };
      expect(page1.total).toBe(7);
      expect(page1.list).toHaveLength(3);
      expect(page1.list[0]).toMatchObject({
        token: 'USDT',
        type: 'admin_adjust',
        availableDelta: '-2',
        frozenDelta: '0',
        availableAfter: '13',
        frozenAfter: '0',
        refType: 'admin',
        refId: null,
        memo: 'correction',
        createdAt: '2030-01-01T00:00:00.000Z',
      });
      expect(page1.list[1]).toMatchObject({
        token: 'DOGE',
        type: 'airdrop',
        availableDelta: '7',
        memo: 'welcome',
        refType: 'airdrop',
      });

      const page3 = await callRoute(t.app, routes.wallet.flows, {
        query: { page: '3', pageSize: '3' },
        token,
      });
      const last = page3.body.data as { list: Record<string, unknown>[]; total: number; page: number };
      expect(last).toMatchObject({ total: 7, page: 3, pageSize: 3 });
      expect(last.list.map((e) => e.availableAfter)).toEqual(['1']);

      const ids = new Set<unknown>();
      for (let page = 1; page <= 3; page++) {
        const res = await callRoute(t.app, routes.wallet.flows, { query: { page, pageSize: 3 }, token });
        for (const entry of (res.body.data as { list: { id: string }[] }).list) ids.add(entry.id);
      }
      expect(ids.size).toBe(7);

      const usdt = await callRoute(t.app, routes.wallet.flows, { query: { token: 'usdt' }, token });
      expect((usdt.body.data as { total: number }).total).toBe(6);
      const airdrops = await callRoute(t.app, routes.wallet.flows, { query: { type: 'airdrop' }, token });
      expect((airdrops.body.data as { list: { token: string }[] }).list.map((e) => e.token)).toEqual([
        'DOGE',
      ]);
      const none = await callRoute(t.app, routes.wallet.flows, {
        query: { token: 'BTC', type: 'airdrop' },
        token,
      });
      expect(none.body.data).toEqual({ list: [], total: 0, page: 1, pageSize: 20 });
      const bad = await call(t.app, 'GET', `${routes.wallet.flows.path}?type=nonsense`, { token });
      expect(bad.status).toBe(400);
      await db.expectAuditClean();
    });

    it('shows one entry to its owner and 404 to anyone else', async () => {
      const t = await db.app();
      const owner = await registerUser(t);
      const other = await registerUser(t);
      await adminCallRoute(t.app, routes.admin.adjust, {
        body: { email: owner.email, token: 'USDT', amount: '3', reason: 'credit' },
      });
      const list = await callRoute(t.app, routes.wallet.flows, { token: owner.token });
      const id = (list.body.data as { list: { id: string }[] }).list[0]!.id;

      const mine = await callRoute(t.app, routes.wallet.flow, { query: { id }, token: owner.token });
      expect(mine.status).toBe(200);
      expect(mine.body.data).toMatchObject({ id, token: 'USDT', availableDelta: '3' });

      const theirs = await callRoute(t.app, routes.wallet.flow, { query: { id }, token: other.token });
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual({ code: 404, reason: 'not_found', msg: 'Not found' });
      for (const missing of ['999999999', 'abc', '1e3']) {
        const res = await callRoute(t.app, routes.wallet.flow, {
          query: { id: missing },
          token: owner.token,
        });
        expect(res.status).toBe(404);
      }
      expect(
        (await call(t.app, routes.wallet.flow.method, routes.wallet.flow.path, { token: owner.token }))
          .status,
      ).toBe(400);
    });
  });

  describe('operator calls', () => {
    it('adjusts up and down, never below zero, in the token’s decimals, with clear refusals', async () => {
      const t = await db.app();
      const { email } = await registerUser(t);
      const adjust = (body: Record<string, unknown>, lang = 'en-US') =>
        adminCall(t.app, routes.admin.adjust.method, routes.admin.adjust.path, {
          body,
          headers: { 'x-lang': lang },
        });

      const up = await adjust({ email: email.toUpperCase(), token: 'btc', amount: '0.5', reason: 'promo' });
      expect(up.body).toMatchObject({
        code: 0,
        data: { email, token: 'BTC', amount: '0.5', available: '0.5', frozen: '0' },
      });
      const down = await adjust({ email, token: 'BTC', amount: '-0.2', reason: 'fix' });
      expect(down.body.data).toMatchObject({ available: '0.3' });

      const below = await adjust({ email, token: 'BTC', amount: '-0.300001', reason: 'too much' });
      expect(below.status).toBe(400);
      expect(below.body).toMatchObject({
        reason: 'insufficient_balance',
        msg: 'Refused: the balance would go below zero (0.3 BTC available)',
      });
      const belowZh = await adjust({ email, token: 'BTC', amount: '-1', reason: 'too much' }, 'zh-CN');
      expect(belowZh.body.msg).toBe('已拒绝：余额将低于零（可用 0.3 BTC）');

      const decimals = await adjust({ email, token: 'BTC', amount: '0.0000001', reason: 'x' });
      expect(decimals.status).toBe(400);
      expect(decimals.body).toMatchObject({ reason: 'validation', msg: 'Up to 6 decimals' });
      const doge = await adjust({ email, token: 'DOGE', amount: '1.5', reason: 'x' });
      expect(doge.body.msg).toBe('Up to 0 decimals');
      const zero = await adjust({ email, token: 'BTC', amount: '0', reason: 'x' });
      expect(zero.body).toMatchObject({ reason: 'validation', msg: 'Amount must not be 0' });
      const unknownToken = await adjust({ email, token: 'XYZ', amount: '1', reason: 'x' });
      expect(unknownToken.body).toMatchObject({ reason: 'validation', msg: 'Token XYZ is not supported' });
      const unknownUser = await adjust({ email: uniqueEmail(), token: 'BTC', amount: '1', reason: 'x' });
      expect(unknownUser.body).toMatchObject({ code: 404, reason: 'email_not_registered' });
      const noReason = await adjust({ email, token: 'BTC', amount: '1' });
      expect(noReason.status).toBe(400);
      // NUMERIC(38,18) holds 20 integer digits: a sum beyond is refused, not a server error.
      const huge = { email, token: 'XRP', amount: '99999999999999999999', reason: 'x' };
      const first = await adjust(huge);
      const second = await adjust(huge);
      expect(second.body).toMatchObject({ code: 400, reason: 'validation', msg: 'The amount is too large' });
      if (first.status === 200) await adjust({ ...huge, amount: '-99999999999999999999' });

      const userOnly = await callRoute(t.app, routes.admin.adjust, {
        body: { email, token: 'BTC', amount: '1', reason: 'x' },
      });
      expect(userOnly.status).toBe(401);
      await db.expectAuditClean();
    });

    it('moves money once for a replayed Idempotency-Key', async () => {
      const t = await db.app();
      const { email } = await registerUser(t);
      const headers = { 'idempotency-key': `adjust-${email}` };
      const body = { email, token: 'USDT', amount: '25', reason: 'once' };
      const first = await adminCallRoute(t.app, routes.admin.adjust, { body, headers });
      const again = await adminCallRoute(t.app, routes.admin.adjust, { body, headers });
      expect(first.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');

      const airdropHeaders = { 'idempotency-key': `airdrop-${email}` };
      const airdrop = { token: 'USDT', amount: '5', emails: [email] };
      await adminCallRoute(t.app, routes.admin.airdrop, { body: airdrop, headers: airdropHeaders });
      const replay = await adminCallRoute(t.app, routes.admin.airdrop, {
        body: airdrop,
        headers: airdropHeaders,
      });
      expect(replay.headers['idempotent-replayed']).toBe('true');

      const ledger = await adminCallRoute(t.app, routes.admin.ledger, { query: { email } });
      expect(ledger.body.data).toMatchObject({
        balances: [{ token: 'USDT', available: '30', frozen: '0' }],
        total: 2,
      });
      await db.expectAuditClean();
    });

    it('airdrops to a list of emails or to every active user, and refuses unknown emails', async () => {
      const t = await db.app();
      const a = await registerUser(t);
      const b = await registerUser(t);
      const unknown = uniqueEmail('nobody');
      const refused = await adminCallRoute(t.app, routes.admin.airdrop, {
        body: { token: 'SOL', amount: '1', emails: [a.email, unknown] },
      });
      expect(refused.status).toBe(404);
      expect(refused.body.msg).toBe(`Not registered: ${unknown}`);
      expect(refused.body.data).toEqual({ emails: [unknown] });
      const both = await adminCallRoute(t.app, routes.admin.airdrop, {
        body: { token: 'SOL', amount: '1.25', emails: [a.email, b.email.toUpperCase(), a.email] },
      });
      expect(both.body.data).toMatchObject({ token: 'SOL', amount: '1.25', users: 2, total: '2.5' });

      const everyone = await adminCallRoute(t.app, routes.admin.airdrop, {
        body: { token: 'XRP', amount: '2', all: true },
      });
      const data = everyone.body.data as { users: number; total: string; movementIds: string[] };
      expect(data.users).toBeGreaterThanOrEqual(2);
      expect(data.total).toBe(String(data.users * 2));
      const neither = await adminCallRoute(t.app, routes.admin.airdrop, {
        body: { token: 'XRP', amount: '2' },
      });
      expect(neither.status).toBe(400);
      const negative = await adminCallRoute(t.app, routes.admin.airdrop, {
        body: { token: 'XRP', amount: '-2', all: true },
      });
      expect(negative.body.msg).toBe('Amount must be greater than 0');

      const balances = await callRoute(t.app, routes.wallet.balances, { token: b.token });
      const list = balances.body.data!.list as { token: string; available: string }[];
      expect(list.find((x) => x.token === 'SOL')!.available).toBe('1.25');
      expect(list.find((x) => x.token === 'XRP')!.available).toBe('2');
      await db.expectAuditClean();
    });

    it('funds the vault from equity and shows the house accounts', async () => {
      const t = await db.app();
      const funded = await adminCallRoute(t.app, routes.admin.fundVault, {
        body: { token: 'BNB', amount: '100' },
      });
      expect(funded.body.data).toMatchObject({ vault: { kind: 'vault', token: 'BNB', available: '100' } });
      const back = await adminCallRoute(t.app, routes.admin.fundVault, {
        body: { token: 'BNB', amount: '-40' },
      });
      expect(back.body.data).toMatchObject({ vault: { available: '60' } });
      const tooMuch = await adminCallRoute(t.app, routes.admin.fundVault, {
        body: { token: 'BNB', amount: '-61' },
      });
      expect(tooMuch.body).toMatchObject({ reason: 'insufficient_balance' });

      const house = await adminCallRoute(t.app, routes.admin.house, {});
      const list = house.body.data!.list as { kind: string; token: string; available: string }[];
      expect(list.filter((row) => row.token === 'BNB')).toEqual([
        { kind: 'equity', token: 'BNB', network: null, available: '-60' },
        { kind: 'vault', token: 'BNB', network: null, available: '60' },
      ]);
      const audit = await adminCallRoute(t.app, routes.admin.audit, {});
      expect(audit.body.data).toMatchObject({ ok: true, differences: [] });
    });
  });
});
