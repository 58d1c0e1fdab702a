// Issue 16, point 3: the vault pays every winner. The exposure check was per position, so 12 opens
// each under 10 % of the vault could together win more than the vault held, and the last winners
// went unpaid. Now an open is refused when the profit caps of every open position of the token plus
// its own exceed the vault's free balance, checked with the vault locked, so concurrent opens cannot
// pass it together.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@tradeflip/money';
import { formatAudit, runAudit } from '../ledger/audit';
import { fundedUser } from '../../test/accounts';
import { adminCall, describeEachDatabase, type TestApp } from '../../test/harness';
import { GameTable } from './test-helpers';

interface Position {
  id: string;
  status: 'open' | 'closed';
  margin: string;
  pnl: string | null;
  closeReason: string | null;
  profitUnpaid: string | null;
}

describeEachDatabase('the vault covers what every open position could win', (db) => {
  let game: GameTable;
  let t: TestApp;

  beforeAll(async () => {
    game = await GameTable.start(db, '2030-04-01T00:00:00Z', { vault: null });
    t = game.t;
  });

  const price = (symbol: string, value: string) => game.price(symbol, value);
  const vault = () => game.vault();
  const vaultAt = (amount: string) => game.vaultAt(amount);
  const open = (token: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
    game.open(token, body, headers);
  const positionOf = (token: string, id: string) => game.position<Position>(token, id);

  async function players(n: number, usdt: string) {
    const users = [];
    for (let i = 0; i < n; i++) users.push(await fundedUser(t, usdt));
    return users;
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
    await db.expectAuditClean();
  });

  it('keeps what the vault owes as positions open and close; the audit fails on a total changed by hand', async () => {
    await vaultAt('100000');
    await price('BTCUSDT', '60000');
    const ledger = t.app.services.ledger;
    const before = await ledger.exposureOf('USDT');
    const [a, b] = await players(2, '10000');
    const first = await open(a!.token, { symbol: 'BTCUSDT', side: 'long', margin: '100', leverage: 10 });
    const second = await open(b!.token, { symbol: 'BTCUSDT', side: 'short', margin: '250.5', leverage: 20 });
    expect([first.status, second.status]).toEqual([200, 200]);
    // Caps of 10 × 100 and 10 × 250.5.
    expect((await ledger.exposureOf('USDT')).sub(before).toFixed()).toBe('3505');
    await db.expectAuditClean();

    // By hand: the running total no longer matches the open positions' caps.
    await db.handle.db.execute(sql`update vault_exposure set owed = owed + 1 where token = 'USDT'`);
    const broken = await runAudit(db.handle.db);
    expect(broken.ok).toBe(false);
    expect(broken.checks.filter((c) => c.differences > 0).map((c) => c.name)).toEqual(['exposure']);
    const owed = before.add(3505);
    expect(broken.differences).toEqual([
      {
        check: 'exposure',
        detail: `the USDT vault owes ${owed.add(1).toFixed()} by its running total; the open positions' profit caps sum to ${owed.toFixed()}`,
      },
    ]);
    expect(formatAudit(broken)).toMatch(/FAIL exposure\s+1 difference/);
    await db.handle.db.execute(sql`update vault_exposure set owed = owed - 1 where token = 'USDT'`);
    await db.expectAuditClean();

    // A close by hand releases its cap, a liquidation the other's.
    const closed = await game.close(a!.token, (first.body.data as unknown as Position).id);
    expect(closed.status).toBe(200);
    expect((await ledger.exposureOf('USDT')).sub(before).toFixed()).toBe('2505');
    await price('BTCUSDT', '64000');
    expect(await positionOf(b!.token, (second.body.data as unknown as Position).id)).toMatchObject({
      status: 'closed',
      closeReason: 'liquidation',
    });
    expect((await ledger.exposureOf('USDT')).eq(before)).toBe(true);
    await db.expectAuditClean();
  });

  it('vault:fund refuses to take the vault below what its open positions could win', async () => {
    await vaultAt('50000');
    await price('ETHUSDT', '3000');
    const [user] = await players(1, '1000');
    const before = await t.app.services.ledger.exposureOf('USDT');
    const opened = await open(user!.token, { symbol: 'ETHUSDT', side: 'long', margin: '100', leverage: 10 });
    expect(opened.status).toBe(200);
    // The vault holds 50,000.5 (the 0.5 open fee) and owes 1,000 more: 49,000.5 − before can go.
    const free = new Decimal('49000.5').sub(before);
    const fund = (amount: string, headers?: Record<string, string>) =>
      adminCall(t.app, 'POST', '/api/admin/vault/fund', {
        body: { token: 'USDT', amount },
        ...(headers && { headers }),
      });
    const tooMuch = await fund(free.add('0.01').neg().toFixed());
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({
      reason: 'insufficient_balance',
      msg: `Refused: the USDT vault must keep ${before.add(1000).toFixed()} USDT that open positions could win. At most ${free.toFixed()} USDT can be taken out`,
    });
    const zh = await fund('-50000', { 'x-lang': 'zh-CN' });
    expect(zh.body.msg).toBe(
      `已拒绝：USDT 金库须保留未平仓位可能赢取的 ${before.add(1000).toFixed()} USDT，最多可取出 ${free.toFixed()} USDT`,
    );
    expect((await vault()).toFixed()).toBe('50000.5');
    // Exactly what is free goes; then not a cent more, though the vault still holds money.
    const exact = await fund(free.neg().toFixed());
    expect(exact.status, JSON.stringify(exact.body)).toBe(200);
    expect((await vault()).eq(before.add(1000))).toBe(true);
    const cent = await fund('-0.01');
    expect(cent.body).toMatchObject({ code: 400, msg: expect.stringContaining('At most 0 USDT') });
    // Funding in is always fine.
    expect((await fund('10')).status).toBe(200);
    // The winner is paid in full at the cap.
    await price('ETHUSDT', '6000');
    expect(await positionOf(user!.token, (opened.body.data as unknown as Position).id)).toMatchObject({
      status: 'closed',
      profitUnpaid: '0',
    });
    await db.expectAuditClean();
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
      await db.expectAuditClean();
    });
  });
});
