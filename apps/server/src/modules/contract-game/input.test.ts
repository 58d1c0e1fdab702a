// Issue 16, point 9: input the contract game's routes once took. A take-profit or stop-loss of 21+
// digits answered 500 (the database's NUMERIC(38,18) overflowed); leverage "0x0A", "1e1", "+10" and
// " 10 " opened at 10x (Number() read them); ids like ["2"] were read as "2". Each is a 400 naming the
// field now, and nothing moves.
import { beforeAll, expect, it } from 'vitest';
import { fundedUser } from '../../test/accounts';
import { adminCall, call, describeEachDatabase, type TestApp } from '../../test/harness';
import { GameTable } from './test-helpers';

describeEachDatabase('the contract game refuses malformed input with a 400 naming the field', (db) => {
  let t: TestApp;
  let user: { email: string; token: string };
  let positionId: string;

  beforeAll(async () => {
    const game = await GameTable.start(db, '2030-03-01T00:00:00Z', { lead: false });
    t = game.t;
    await t.app.services.market.pin('BTCUSDT', '60000');
    user = await fundedUser(t, '1000');
    positionId = await game.opened(user.token, {
      symbol: 'BTCUSDT',
      side: 'long',
      margin: '10',
      leverage: 10,
    });
  });

  const open = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    call(t.app, 'POST', '/api/app/game/open', { token: user.token, body, ...(headers && { headers }) });

  async function openPositions(): Promise<number> {
    const res = await call(t.app, 'GET', '/api/app/game/positions?status=open', { token: user.token });
    return (res.body.data as { total: number }).total;
  }

  const huge = '1' + '0'.repeat(20);
  const base = { symbol: 'BTCUSDT', side: 'long', margin: '10', leverage: 10 };

  it('a take-profit or stop-loss of 21 digits, as text or as a JSON number, at open and later', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['takeProfit', { ...base, takeProfit: huge }],
      ['takeProfit', { ...base, takeProfit: 2e20 }], // 21 digits as a JSON number
      ['stopLoss', { ...base, side: 'short', stopLoss: huge }],
      ['stopLoss', { ...base, stopLoss: '-5' }],
      ['takeProfit', { ...base, takeProfit: '7e4' }],
    ];
    for (const [field, body] of cases) {
      const res = await open(body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ reason: 'validation', msg: 'Invalid price' });
      expect(Object.keys(res.body.data!.fields!)).toEqual([field]);
    }
    for (const body of [{ takeProfit: huge }, { stopLoss: 2e20 }]) {
      const res = await call(t.app, 'POST', '/api/app/game/tpsl', {
        token: user.token,
        body: { id: positionId, ...body },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(Object.keys(res.body.data!.fields!)).toEqual(Object.keys(body));
    }
    // In Chinese too.
    const zh = await open({ ...base, takeProfit: huge }, { 'x-lang': 'zh-CN' });
    expect(zh.body.msg).toBe('价格无效');
    expect(await openPositions()).toBe(1);
  });

  it('a take-profit as a JSON number beyond exact integers is refused, not stored rounded', async () => {
    // 12345678901234567891 parses as 12345678901234567000 in JSON: what was sent can't be kept.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/game/tpsl',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: `{"id":"${positionId}","takeProfit":12345678901234567891}`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys((res.json() as { data: { fields: object } }).data.fields)).toEqual(['takeProfit']);
    const detail = await call(t.app, 'GET', `/api/app/game/position?id=${positionId}`, { token: user.token });
    expect((detail.body.data as { takeProfit: unknown }).takeProfit ?? null).toBeNull();
  });

  it('leverage that is not plain digits: "0x0A", "1e1", "+10", " 10 ", 10.5', async () => {
    for (const leverage of ['0x0A', '1e1', '+10', ' 10 ', '10.0', 10.5]) {
      const res = await open({ ...base, leverage });
      expect(res.status, `${JSON.stringify(leverage)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.msg).toBe('Leverage must be a whole number from 1 to 1000');
      expect(Object.keys(res.body.data!.fields!)).toEqual(['leverage']);
    }
    const array = await open({ ...base, leverage: ['10'] });
    expect(array.status).toBe(400);
    expect(Object.keys(array.body.data!.fields!)).toEqual(['leverage']);
    // Digits as text and whole numbers still open.
    expect((await open({ ...base, leverage: '10' })).status).toBe(200);
    expect(await openPositions()).toBe(2);
  });

  it('ids that are not plain digits: ["2"], "0x0A", " 2 ", "1e1", on every route that takes one', async () => {
    for (const id of [[positionId], `0x${Number(positionId).toString(16)}`, ` ${positionId} `, '1e1', 2.5]) {
      for (const [url, admin] of [
        ['/api/app/game/close', false],
        ['/api/app/game/tpsl', false],
        ['/api/admin/game/close', true],
        ['/api/admin/withdrawals/approve', true],
      ] as const) {
        const res = admin
          ? await adminCall(t.app, 'POST', url, { body: { id } })
          : await call(t.app, 'POST', url, { token: user.token, body: { id } });
        expect(res.status, `${url} ${JSON.stringify(id)}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.msg).toBe('Invalid value for id');
        expect(Object.keys(res.body.data!.fields!)).toEqual(['id']);
      }
    }
    expect(await openPositions()).toBe(2);
    // The id as digits, or as a whole number, still closes.
    const closed = await call(t.app, 'POST', '/api/app/game/close', {
      token: user.token,
      body: { id: Number(positionId) },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    await db.expectAuditClean();
  });

  it('a page or page size that is not plain digits: "0x10", "1e2", " 5", "10.", "+2"', async () => {
    for (const [field, value] of [
      ['page', '0x10'],
      ['page', '1e2'],
      ['page', ' 5'],
      ['pageSize', '10.'],
      ['pageSize', '+2'],
      ['pageSize', '1e1'],
    ]) {
      const res = await call(
        t.app,
        'GET',
        `/api/app/game/positions?status=closed&${field}=${encodeURIComponent(value!)}`,
        {
          token: user.token,
          headers: { 'x-lang': 'zh-CN' },
        },
      );
      expect(res.status, `${field}=${value}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.msg).toBe(`${field} 的值无效`);
      expect(Object.keys(res.body.data!.fields!)).toEqual([field]);
    }
    // Digits page as ever, and the defaults stand.
    const page = await call(t.app, 'GET', '/api/app/game/positions?status=closed&page=1&pageSize=5', {
      token: user.token,
    });
    expect(page.body.data).toMatchObject({ page: 1, pageSize: 5, total: 1 });
    const defaults = await call(t.app, 'GET', '/api/app/game/positions', { token: user.token });
    expect(defaults.body.data).toMatchObject({ page: 1, pageSize: 20 });
  });
});
