// Issue 16, point 9: input the contract game's routes once took. A take-profit or stop-loss of 21+
// digits answered 500 (the database's NUMERIC(38,18) overflowed); leverage "0x0A", "1e1", "+10" and
// " 10 " opened at 10x (Number() read them); ids like ["2"] were read as "2". Each is a 400 naming the
// field now, and nothing moves.
import { beforeAll, expect, it } from 'vitest';
import {
  adminCall,
  call,
  describeEachDatabase,
  expectAuditClean,
  registerUser,
  TestClock,
  useDatabase,
  type TestApp,
} from '../../test/harness';

describeEachDatabase('the contract game refuses malformed input with a 400 naming the field', (target) => {
  const db = useDatabase(target);
  let t: TestApp;
  let user: { email: string; token: string };
  let positionId: string;

  beforeAll(async () => {
    const clock = new TestClock(Date.parse('2030-03-01T00:00:00Z'));
    t = await db.app({ clock });
    await t.app.services.market.init();
    await t.app.services.ledger.fundVault({ token: 'USDT', amount: '1000000' });
    await t.app.services.market.pin('BTCUSDT', '60000');
    user = await registerUser(t);
    await adminCall(t.app, 'POST', '/api/admin/balances/adjust', {
      body: { email: user.email, token: 'USDT', amount: '1000', reason: 'test' },
    });
    const opened = await open({ symbol: 'BTCUSDT', side: 'long', margin: '10', leverage: 10 });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    positionId = (opened.body.data as { id: string }).id;
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
    await expectAuditClean(db.handle.db);
  });
});
