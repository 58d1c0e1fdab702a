// Issue 16, point 3: the vault pays every winner. The exposure check was per position, so 12 opens
// each under 10 % of the vault could together win more than the vault held, and the last winners
// went unpaid. Now an open is refused when the profit caps of every open position of the token plus
// its own exceed the vault's free balance, checked with the vault locked, so concurrent opens cannot
// pass it together.
import { beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@tradeflip/money';
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

interface Position {
  id: string;
  status: 'open' | 'closed';
  margin: string;
  pnl: string | null;
  closeReason: string | null;
  profitUnpaid: string | null;
}

describeEachDatabase('the vault covers what every open position could win', (target) => {
  const db = useDatabase(target);
  let t: TestApp;
  let clock: TestClock;

  beforeAll(async () => {
    clock = new TestClock(Date.parse('2030-04-01T00:00:00Z'));
    t = await db.app({ clock });
    await t.app.services.market.init();
    await t.app.services.gameEngine.lead();
  });

  async function price(symbol: string, value: string) {
    clock.advance(0.25);
    await t.app.services.market.pin(symbol, value);
    await t.app.services.gameEngine.idle();
  }

  async function vault(): Promise<Decimal> {
    const house = await t.app.services.ledger.houseAccounts();
    return new Decimal(house.find((row) => row.kind === 'vault' && row.token === 'USDT')?.available ?? 0);
  }

  /** Sets the USDT vault to exactly `amount`. */
  async function vaultAt(amount: string) {
    const change = new Decimal(amount).sub(await vault());
    if (!change.isZero()) await t.app.services.ledger.fundVault({ token: 'USDT', amount: change.toFixed() });
  }

  async function players(n: number, usdt: string) {
    const users = [];
    for (let i = 0; i < n; i++) {
      const user = await registerUser(t);
      await adminCall(t.app, 'POST', '/api/admin/balances/adjust', {
        body: { email: user.email, token: 'USDT', amount: usdt, reason: 'test' },
      });
      users.push(user);
    }
    return users;
  }

  const open = (token: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
    call(t.app, 'POST', '/api/app/game/open', { token, body, ...(headers && { headers }) });

  async function positionOf(token: string, id: string): Promise<Position> {
    const res = await call(t.app, 'GET', `/api/app/game/position?id=${id}`, { token });
    return res.body.data as unknown as Position;
  }

  async function owed(): Promise<Decimal> {
    const res = await adminCall(t.app, 'GET', '/api/admin/game/exposure');
    const row = (res.body.data as { list: { token: string; maxProfit: string }[] }).list.find(
      (r) => r.token === 'USDT',
    );
    return new Decimal(row?.maxProfit ?? 0);
  }

  it("the red team's 12 large longs: the opens beyond the vault are refused, every winner is paid in full", async () => {
    await vaultAt('1000000');
    await price('BTCUSDT', '60000');
    const users = await players(12, '10000');
    // Each long can win 10 × its 9,000 margin = 90,000: 9 % of the vault, under its 10 % share. Each
    // pays a 45 open fee (90,000 · 0.0005) into the vault.
    const results = [];
    for (const user of users) {
      results.push(await open(user.token, { symbol: 'BTCUSDT', side: 'long', margin: '9000', leverage: 10 }));
    }
    // Eleven fit: 990,000 ≤ 1,000,495. The twelfth would take the total to 1,080,000.
    expect(results.map((res) => res.status)).toEqual([...Array<number>(11).fill(200), 409]);
    const refused = results[11]!.body;
    // What is left, 1,000,495 − 990,000, covers a margin of 1,049.5 at 10×.
    expect(refused).toMatchObject({
      code: 409,
      reason: 'conflict',
      msg: 'This position could win more than the house can cover right now. The most margin it can take is 1049.5 USDT',
      data: { fields: { margin: expect.any(String) } },
    });
    const zh = await open(
      users[11]!.token,
      { symbol: 'BTCUSDT', side: 'long', margin: '9000', leverage: 10 },
      { 'x-lang': 'zh-CN' },
    );
    expect(zh.body.msg).toBe('该仓位可能的盈利超出平台当前可支付的范围，当前最多可用 1049.5 USDT 保证金');
    // The margin it names opens; a cent more would not have.
    const more = await open(users[11]!.token, {
      symbol: 'BTCUSDT',
      side: 'long',
      margin: '1049.51',
      leverage: 10,
    });
    expect(more.status).toBe(409);
    const last = await open(users[11]!.token, {
      symbol: 'BTCUSDT',
      side: 'long',
      margin: '1049.5',
      leverage: 10,
    });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect((await owed()).lte(await vault())).toBe(true);
    // Now nothing fits: a minimum margin of 1 would already be too much.
    const full = await open(users[11]!.token, { symbol: 'BTCUSDT', side: 'long', margin: '1', leverage: 10 });
    expect(full.body).toMatchObject({
      code: 409,
      msg: 'The house cannot cover a new USDT position right now. Please try again later',
    });

    // The price reaches every cap (entry · (1 + 10/10) = 120,000): each closes as take-profit, paid
    // in full.
    await price('BTCUSDT', '120000');
    const opened = [...results.slice(0, 11), last].map((res) => (res.body.data as unknown as Position).id);
    const owners = [...users.slice(0, 11), users[11]!];
    const closed = await Promise.all(opened.map((id, i) => positionOf(owners[i]!.token, id)));
    for (const position of closed) {
      expect(position).toMatchObject({ status: 'closed', closeReason: 'take_profit', profitUnpaid: '0' });
      expect(new Decimal(position.pnl!).eq(new Decimal(position.margin).mul(10))).toBe(true);
    }
    expect((await vault()).gte(0)).toBe(true);
    await expectAuditClean(db.handle.db);
  });

  describe('races', () => {
    it('100 concurrent opens at the edge, from 25 players: what could be won never exceeds the vault', async () => {
      await vaultAt('50000');
      await price('ETHUSDT', '3000');
      const users = await players(25, '1000');
      // Each can win 10 × 100 = 1,000 (2 % of the vault) and pays a 0.5 fee: 50 fit, not one more.
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          open(users[i % 25]!.token, { symbol: 'ETHUSDT', side: 'long', margin: '100', leverage: 10 }),
        ),
      );
      const opened = results.filter((res) => res.status === 200);
      expect(opened).toHaveLength(50);
      for (const res of results.filter((r) => r.status !== 200)) {
        expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 409, reason: 'conflict' });
      }
      expect((await owed()).toFixed()).toBe('50000');
      expect((await vault()).toFixed()).toBe('50025');
      // At every cap at once, every one is paid in full.
      await price('ETHUSDT', '6000');
      const closed = await Promise.all(
        results.flatMap((res, i) =>
          res.status === 200
            ? [positionOf(users[i % 25]!.token, (res.body.data as unknown as Position).id)]
            : [],
        ),
      );
      expect(closed.every((p) => p.status === 'closed' && p.profitUnpaid === '0')).toBe(true);
      await expectAuditClean(db.handle.db);
    });
  });
});
