// Issue 11, acceptance 2 and 3: the contract game end to end on a scripted price path (the simulated
// feed's pinned price), through the real app, ledger and database: open → funding → close with profit;
// close with a loss; liquidation exactly at the liquidation price, not a tick before; a gap past it
// (the loss stops at the margin); take-profit and stop-loss; the vault short (partial payout and the
// fee refunded). Balances exact and the audit clean after each. Races: a manual close against a
// liquidation settles once; 100 concurrent opens beyond the balance open only what is affordable; a
// retried open with the same key opens once.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@tradeflip/money';
import { adminApi, adminCommand, balanceOf, fundedUser } from '../../test/accounts';
import { adminCall, call, describeEachDatabase, type TestApp, type TestClock } from '../../test/harness';
import { GameTable } from './test-helpers';

interface Position {
  id: string;
  orderNo: string;
  status: 'open' | 'closed';
  entryPrice: string;
  liquidationPrice: string;
  pnl: string | null;
  closeReason: string | null;
  closePrice: string | null;
  closeFee: string | null;
  fundingPaid: string;
  nextFundingAt: string | null;
  profitUnpaid: string | null;
}

describeEachDatabase('the contract game', (db) => {
  let game: GameTable;
  let t: TestApp;
  let clock: TestClock;

  beforeAll(async () => {
    game = await GameTable.start(db, '2030-02-01T00:00:00Z');
    ({ t, clock } = game);
  });

  const price = (symbol: string, value: string) => game.price(symbol, value);
  const player = (usdt: string) => fundedUser(t, usdt);
  const usdt = (token: string) => balanceOf(t, token);
  const open = (token: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
    game.open(token, body, headers);
  const positionOf = (token: string, id: string) => game.position<Position>(token, id);
  const close = (token: string, id: string) => game.close(token, id);

  /** A new player holding `usdt` who, the pair priced at `at`, opens a position on it. */
  async function playerOpens(
    usdt: string,
    symbol: string,
    at: string,
    side: string,
    margin: string,
    leverage: number,
  ) {
    const user = await player(usdt);
    await price(symbol, at);
    return { user, id: await game.opened(user.token, { symbol, side, margin, leverage }) };
  }

  it("lists positions for operators newest first with their owner's e-mail, filtered by an e-mail in any case", async () => {
    const [alice, bob] = [await player('1000'), await player('1000')];
    await price('BTCUSDT', '60000');
    const ids: string[] = [];
    for (const user of [alice, bob, alice]) {
      ids.push(await game.opened(user.token, { symbol: 'BTCUSDT', side: 'long', margin: '10', leverage: 2 }));
    }
    const list = async (query: string) =>
      (await adminCall(t.app, 'GET', `/api/admin/game/positions?${query}`)).body.data as unknown as {
        list: { id: string; email: string }[];
        total: number;
      };
    const mine = await list(`email=${encodeURIComponent(alice.email.toUpperCase())}&pageSize=1`);
    expect(mine).toMatchObject({ total: 2, list: [{ id: ids[2], email: alice.email }] });
    const second = await list(`email=${encodeURIComponent(alice.email)}&pageSize=1&page=2`);
    expect(second.list).toEqual([expect.objectContaining({ id: ids[0], email: alice.email })]);
    const all = await list('status=open&pageSize=100');
    expect(all.list.find((row) => row.id === ids[1])?.email).toBe(bob.email);
    expect(await list('email=nobody%40example.com')).toMatchObject({ list: [], total: 0 });
  });

  it('opens, pays funding, and closes with a profit: every figure exact', async () => {
    const user = await player('1000');
    await price('BTCUSDT', '60000');
    const opened = await open(user.token, { symbol: 'BTCUSDT', side: 'long', margin: '100', leverage: 10 });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const position = opened.body.data as unknown as Position & { notional: string; openFee: string };
    expect(position).toMatchObject({ entryPrice: '60000', notional: '1000', openFee: '0.5', status: 'open' });
    // 60000 · (1 − (100 − 0.5)/1000)
    expect(position.liquidationPrice).toBe('54030');
    expect(await usdt(user.token)).toEqual({ available: '899.5', frozen: '100' });

    // Eight hours on: funding of N·0.0001 = 0.1 from the margin.
    clock.advance(8 * 3600);
    await t.app.services.gameEngine.fundingPass();
    expect(await usdt(user.token)).toEqual({ available: '899.5', frozen: '99.9' });
    expect((await positionOf(user.token, position.id)).fundingPaid).toBe('0.1');

    await price('BTCUSDT', '61200');
    const closed = await close(user.token, position.id);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    // PnL 1000·1200/60000 = 20; close fee 1000·61200/60000·0.0005 = 0.51.
    expect(closed.body.data).toMatchObject({
      status: 'closed',
      closeReason: 'manual',
      closePrice: '61200',
      pnl: '20',
      closeFee: '0.51',
    });
    // 899.5 + (99.9 − 0.51) + 20
    expect(await usdt(user.token)).toEqual({ available: '1018.89', frozen: '0' });
    // The position's detail accounts for every movement of its money, in order.
    const detail = (await positionOf(user.token, position.id)) as Position & {
      entries: { type: string; availableDelta: string; frozenDelta: string }[];
    };
    expect(detail.entries.map((e) => [e.type, e.availableDelta, e.frozenDelta])).toEqual([
      ['margin_lock', '-100', '100'],
      ['game_open_fee', '-0.5', '0'],
      ['funding_fee', '0', '-0.1'],
      ['close_fee_from_frozen', '0', '-0.51'],
      ['margin_unfreeze', '99.39', '-99.39'],
      ['profit_payout', '20', '0'],
    ]);
    // Closing again: already closed, nothing moves.
    const again = await close(user.token, position.id);
    expect(again.body).toMatchObject({ code: 409, msg: 'This position is already closed' });
    await db.expectAuditClean();
  });

  /** The user's total USDT (available + frozen). */
  async function total(token: string): Promise<Decimal> {
    const balance = await usdt(token);
    return new Decimal(balance.available).add(balance.frozen);
  }

  interface Movement {
    kind: string;
    amount: string;
  }

  /** The lines that move money (the margin's lines only say where it sat), added up. */
  const sumOf = (lines: Movement[]) =>
    lines
      .filter((line) => !line.kind.startsWith('margin_'))
      .reduce((sum, line) => sum.add(line.amount), new Decimal(0))
      .toFixed();

  it('charges funding at the pair’s next funding time, the one its terms answer, whenever the position opened', async () => {
    // An hour and a half past a multiple of 8 h: the next charge is 6.5 h away, not 8 h.
    const step = 8 * 3600_000;
    const at = clock.now().getTime();
    clock.advance(((Math.floor(at / step) + 1) * step + 1.5 * 3600_000 - at) / 1000);
    const next = new Date(clock.now().getTime() + 6.5 * 3600_000).toISOString();
    const pairs = (await call(t.app, 'GET', '/api/app/game/pairs')).body.data as unknown as {
      list: { symbol: string; fundingRate: string; nextFundingAt: string }[];
    };
    expect(pairs.list.find((pair) => pair.symbol === 'BTCUSDT')).toMatchObject({
      fundingRate: '0.0001',
      nextFundingAt: next,
    });
    const { user, id } = await playerOpens('1000', 'BTCUSDT', '60000', 'short', '12.345678', 7);
    expect((await positionOf(user.token, id)).nextFundingAt).toBe(next);
    // A second before: nothing; at the time: 86.419746 · 0.0001 = 0.0086419746 → 0.008642 (half-up).
    clock.advance(6.5 * 3600 - 1);
    await t.app.services.gameEngine.fundingPass();
    expect((await positionOf(user.token, id)).fundingPaid).toBe('0');
    clock.advance(1);
    await t.app.services.gameEngine.fundingPass();
    const charged = await positionOf(user.token, id);
    expect(charged.fundingPaid).toBe('0.008642');
    expect(charged.nextFundingAt).toBe(new Date(Date.parse(next) + 8 * 3600_000).toISOString());
    await close(user.token, id);
  });

  it('a closed position shows its realized PnL net of fees and funding, and where the money went adds up to it', async () => {
    const user = await player('1000');
    const before = await total(user.token);
    await price('BTCUSDT', '60000');
    const id = await game.opened(user.token, {
      symbol: 'BTCUSDT',
      side: 'long',
      margin: '100',
      leverage: 10,
    });
    clock.advance(8 * 3600);
    await t.app.services.gameEngine.fundingPass();
    // While open: its margin locked, the open fee and the funding paid, nothing realized yet.
    const running = (await positionOf(user.token, id)) as Position & {
      movements: Movement[];
      realizedPnl: null;
    };
    expect(running.realizedPnl).toBeNull();
    expect(running.movements.map((m) => [m.kind, m.amount])).toEqual([
      ['margin_locked', '100'],
      ['open_fee', '-0.5'],
      ['funding', '-0.1'],
    ]);
    await price('BTCUSDT', '55000');
    const closed = await close(user.token, id);
    // Loss 1000·5000/60000 = 83.333333 (down to 6 decimals); fee 1000·55000/60000·0.0005 = 0.458333.
    expect(closed.body.data).toMatchObject({ pnl: '-83.333333', closeFee: '0.458333' });
    const position = (await positionOf(user.token, id)) as Position & {
      movements: Movement[];
      realizedPnl: string;
      returnRate: string;
      openFee: string;
    };
    const moved = (await total(user.token)).sub(before).toFixed();
    // Net: the loss, both fees and the funding, what the balance moved (the raw rows listed −184.4).
    expect(moved).toBe('-84.391666');
    expect(position.realizedPnl).toBe(moved);
    expect(position.returnRate).toBe('-0.8439');
    expect(position.movements.map((m) => [m.kind, m.amount])).toEqual([
      ['margin_locked', '100'],
      ['open_fee', '-0.5'],
      ['funding', '-0.1'],
      ['loss', '-83.333333'],
      ['close_fee', '-0.458333'],
      // The margin back in full: the funding, loss and close fee it paid are their own lines (the
      // ledger unfroze 16.108334, net of them; read beside them, the fee counted twice).
      ['margin_released', '100'],
    ]);
    expect(sumOf(position.movements)).toBe(moved);
    await db.expectAuditClean();
  });

  it('realized PnL and its lines add up on a profit, a loss with a close fee and a vault short of the profit', async () => {
    const user = await player('1000');
    const cases: { side: string; from: string; to: string; drain?: boolean }[] = [
      { side: 'long', from: '600', to: '612' },
      { side: 'short', from: '600', to: '606' },
      { side: 'long', from: '600', to: '660', drain: true },
    ];
    for (const path of cases) {
      const before = await total(user.token);
      await price('BNBUSDT', path.from);
      const id = await game.opened(user.token, {
        symbol: 'BNBUSDT',
        side: path.side,
        margin: '100',
        leverage: 10,
      });
      if (path.drain) {
        await game.vaultAt('40', { belowOwed: true });
      }
      await price('BNBUSDT', path.to);
      const closed = await close(user.token, id);
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      const position = (await positionOf(user.token, id)) as Position & {
        movements: Movement[];
        realizedPnl: string;
      };
      const moved = (await total(user.token)).sub(before).toFixed();
      expect(position.realizedPnl, `${path.side} ${path.from}→${path.to}`).toBe(moved);
      expect(sumOf(position.movements)).toBe(moved);
      if (path.drain) {
        await t.app.services.operatorMoney.fundVault({ token: 'USDT', amount: '1000000' });
        expect(position.movements.map((m) => m.kind)).toContain('fee_refund');
      }
    }
    // The asset history reads the same: one item per position, its net as the amount, the same lines.
    const res = await call(t.app, 'GET', '/api/app/asset/activity?token=USDT&category=games', {
      token: user.token,
    });
    const items = res.body.data!.list as { kind: string; state: string; amount: string; steps: Movement[] }[];
    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(item).toMatchObject({ kind: 'contract_position', state: 'done' });
      expect(sumOf(item.steps)).toBe(item.amount);
      expect(item.steps.filter((step) => step.kind.startsWith('margin_')).map((step) => step.amount)).toEqual(
        ['100', '100'],
      );
    }
    await db.expectAuditClean();
  });

  it('TP / SL are checked against the current price: a long in profit moves its stop to break-even; both errors at once', async () => {
    const { user, id } = await playerOpens('1000', 'ETHUSDT', '3000', 'long', '100', 10);
    await price('ETHUSDT', '3300');
    // Above the entry, below the price: allowed now.
    const moved = await call(t.app, 'POST', '/api/app/game/tpsl', {
      token: user.token,
      body: { id, stopLoss: '3002', takeProfit: null },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ stopLoss: '3002', takeProfit: null });
    // A take-profit below the price and a stop-loss above it: both named.
    const wrong = await call(t.app, 'POST', '/api/app/game/tpsl', {
      token: user.token,
      body: { id, takeProfit: '3200', stopLoss: '3400' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      msg: 'Take-profit must be above the current price for a long and below it for a short',
      data: {
        fields: {
          takeProfit: 'Take-profit must be above the current price for a long and below it for a short',
          stopLoss: 'Stop-loss must be below the current price for a long and above it for a short',
        },
      },
    });
    expect((await positionOf(user.token, id)) as Position & { stopLoss: string }).toMatchObject({
      stopLoss: '3002',
    });
    await close(user.token, id);
    await db.expectAuditClean();
  });

  it('Total assets counts open positions of every pair and their unrealised PnL', async () => {
    const user = await player('1000');
    await price('BTCUSDT', '60000');
    await price('ETHUSDT', '3000');
    await open(user.token, { symbol: 'BTCUSDT', side: 'long', margin: '100', leverage: 10 });
    await open(user.token, { symbol: 'ETHUSDT', side: 'short', margin: '50', leverage: 20 });
    await price('BTCUSDT', '60600');
    await price('ETHUSDT', '3015');
    const res = await call(t.app, 'GET', '/api/app/asset/overview', { token: user.token });
    // BTC +1000·600/60000 = +10, closing fee 1000·60600/60000·0.0005 = 0.505; ETH −1000·15/3000 = −5,
    // closing fee 1000·3015/3000·0.0005 = 0.5025; balances 1000 − 0.5 − 0.5 in opening fees.
    // Their unrealized PnL (the price move alone, no fee) is 10 − 5 = 5; closing both now would add
    // 10 − 0.505 − 5 − 0.5025 = 3.9925 (the opening fees are gone already, not taken again).
    expect(res.body.data).toMatchObject({
      openPositions: 2,
      unrealizedPnlUsdt: '5',
      closeNowUsdt: '3.9925',
      availableUsdt: '849',
      frozenUsdt: '150',
      totalUsdt: '1002.9925',
      // One by one for Home, the newest first, as their cards: the headline and what closing adds.
      positions: [
        { symbol: 'ETHUSDT', side: 'short', leverage: 20, token: 'USDT', pnl: '-5', closeNow: '-5.5025' },
        { symbol: 'BTCUSDT', side: 'long', leverage: 10, token: 'USDT', pnl: '10', closeNow: '9.495' },
      ],
      flips: [],
    });
    // The figure is what closing pays: both closed at these prices, the balance is that total.
    const positions = await call(t.app, 'GET', '/api/app/game/positions?status=open', { token: user.token });
    for (const item of (positions.body.data as { list: { id: string }[] }).list)
      await close(user.token, item.id);
    const after = await call(t.app, 'GET', '/api/app/asset/overview', { token: user.token });
    expect(after.body.data).toMatchObject({
      openPositions: 0,
      unrealizedPnlUsdt: '0',
      closeNowUsdt: '0',
      totalUsdt: '1002.9925',
    });
    await db.expectAuditClean();
  });

  it('an open 20× long above its entry: its unrealized PnL, and what closing now adds with no fee taken twice', async () => {
    const { user, id } = await playerOpens('500', 'ETHUSDT', '3000', 'long', '100', 20);
    await price('ETHUSDT', '3001.7');
    // 2000·1.7/3000 = 1.1333…; closing: 1.133333 less the close fee 2000·3001.7/3000·0.0005 = 1.000567
    // (the open fee of 1 left with the open, not taken again); return 1.133333/100 at 4 decimals.
    expect(await positionOf(user.token, id)).toMatchObject({
      pnl: '1.133333',
      closeNow: '0.132766',
      returnRate: '0.0113',
      realizedPnl: null,
    });
    const closed = await close(user.token, id);
    expect(closed.body.data).toMatchObject({
      closeNow: null,
      realizedPnl: '-0.867234',
      returnRate: '-0.0087',
    });
    await db.expectAuditClean();
  });

  it('gives an open position’s break-even price at the pair’s decimals', async () => {
    const { user, id } = await playerOpens('500', 'BTCUSDT', '60000', 'long', '100', 10);
    // 60,000 · (1,000 + 0.5) / (1,000 · (1 − 0.0005)) = 60,060.030015…, at BTC's 2 decimals.
    expect(await positionOf(user.token, id)).toMatchObject({ breakEvenPrice: '60060.03' });
    await close(user.token, id);
    await db.expectAuditClean();
  });

  it('closes a short with a loss', async () => {
    const { user, id } = await playerOpens('500', 'ETHUSDT', '3000', 'short', '50', 20);
    await price('ETHUSDT', '3030');
    const closed = await close(user.token, id);
    // N 1000: loss 1000·30/3000 = 10; fee 1000·3030/3000·0.0005 = 0.505; open fee 0.5.
    expect(closed.body.data).toMatchObject({ pnl: '-10', closeFee: '0.505' });
    expect(await usdt(user.token)).toEqual({ available: '488.995', frozen: '0' });
    await db.expectAuditClean();
  });

  it('liquidates exactly at the liquidation price, not a tick before, taking only the margin', async () => {
    const user = await player('100');
    await price('BTCUSDT', '60000');
    const opened = await open(user.token, { symbol: 'BTCUSDT', side: 'long', margin: '10', leverage: 100 });
    const position = opened.body.data as unknown as Position;
    // N 1000, maintenance 0.5: 60000 · (1 − 9.5/1000) = 59430.
    expect(position.liquidationPrice).toBe('59430');
    await price('BTCUSDT', '59430.01');
    expect((await positionOf(user.token, position.id)).status).toBe('open');
    await price('BTCUSDT', '59430');
    expect(await positionOf(user.token, position.id)).toMatchObject({
      status: 'closed',
      closeReason: 'liquidation',
      closePrice: '59430',
      pnl: '-10',
    });
    expect(await usdt(user.token)).toEqual({ available: '89.5', frozen: '0' });
    await db.expectAuditClean();
  });

  it('a gap far past the liquidation price still costs only the margin', async () => {
    const { user, id } = await playerOpens('100', 'SOLUSDT', '200', 'long', '10', 50);
    await price('SOLUSDT', '150');
    expect(await positionOf(user.token, id)).toMatchObject({
      status: 'closed',
      closeReason: 'liquidation',
      pnl: '-10',
    });
    // Open fee 500·0.0006 = 0.3.
    expect(await usdt(user.token)).toEqual({ available: '89.7', frozen: '0' });
    await db.expectAuditClean();
  });

  it('closes at the take-profit and at the stop-loss, at the tick that crossed them', async () => {
    const user = await player('1000');
    await price('BNBUSDT', '600');
    const tp = await open(user.token, {
      symbol: 'BNBUSDT',
      side: 'long',
      margin: '100',
      leverage: 5,
      takeProfit: '630',
    });
    const sl = await open(user.token, {
      symbol: 'BNBUSDT',
      side: 'short',
      margin: '100',
      leverage: 5,
      stopLoss: '615',
    });
    const tpId = (tp.body.data as unknown as Position).id;
    const slId = (sl.body.data as unknown as Position).id;
    await price('BNBUSDT', '614.9');
    expect((await positionOf(user.token, slId)).status).toBe('open');
    await price('BNBUSDT', '615');
    expect(await positionOf(user.token, slId)).toMatchObject({
      closeReason: 'stop_loss',
      closePrice: '615',
      pnl: '-12.5',
    });
    await price('BNBUSDT', '631');
    // Past the take-profit in one move: closed at the tick's price, 631 (500·31/600, down to 6 decimals).
    expect(await positionOf(user.token, tpId)).toMatchObject({
      closeReason: 'take_profit',
      closePrice: '631',
      pnl: '25.833333',
    });
    // A take-profit on the wrong side of the entry is refused.
    const wrong = await open(user.token, {
      symbol: 'BNBUSDT',
      side: 'long',
      margin: '10',
      leverage: 5,
      takeProfit: '600',
    });
    expect(wrong.body).toMatchObject({ code: 400, data: { fields: { takeProfit: expect.any(String) } } });
    await db.expectAuditClean();
  });

  it('when the vault is short: it pays what it has and the close fee comes back', async () => {
    const { user, id } = await playerOpens('1000', 'XRPUSDT', '1', 'long', '100', 10);
    // The operator takes almost everything out of the vault meanwhile.
    await game.vaultAt('30', { belowOwed: true });
    await price('XRPUSDT', '1.1');
    const closed = await close(user.token, id);
    // PnL 100 but 30 in the vault: 30 paid, 70 unpaid, the close fee (1100·0.0008 = 0.88) refunded.
    expect(closed.body.data).toMatchObject({ pnl: '100', profitUnpaid: '70', closeFee: '0' });
    // 1000 − 100 − 0.8 (open fee) + 100 (margin back) + 30
    expect(await usdt(user.token)).toEqual({ available: '1029.2', frozen: '0' });
    await t.app.services.operatorMoney.fundVault({ token: 'USDT', amount: '1000000' });
    await db.expectAuditClean();
  });

  it('one tick closing many settles them in order, as one after the other: the vault runs short midway', async () => {
    const users = [await player('1000'), await player('1000'), await player('1000')];
    await price('XRPUSDT', '1');
    const ids: string[] = [];
    for (const user of users) {
      ids.push(
        await game.opened(user.token, {
          symbol: 'XRPUSDT',
          side: 'long',
          margin: '100',
          leverage: 10,
          takeProfit: '1.1',
        }),
      );
    }
    await game.vaultAt('150', { belowOwed: true });
    const settledBefore = t.app.services.gameEngine.settled;
    await price('XRPUSDT', '1.1');
    expect(t.app.services.gameEngine.settled - settledBefore).toBe(3);
    const closed = await Promise.all(users.map((user, i) => positionOf(user.token, ids[i]!)));
    // Each wins 100. The first is paid in full (its close fee 0.88 stays: 150 + 0.88 − 100 = 50.88
    // left), the second what is left (its fee refunded), the third nothing (its fee refunded).
    expect(closed.map((p) => [p.closeReason, p.pnl, p.profitUnpaid, p.closeFee])).toEqual([
      ['take_profit', '100', '0', '0.88'],
      ['take_profit', '100', '49.12', '0'],
      ['take_profit', '100', '100', '0'],
    ]);
    expect(await Promise.all(users.map((user) => usdt(user.token)))).toEqual([
      { available: '1098.32', frozen: '0' },
      { available: '1050.08', frozen: '0' },
      { available: '999.2', frozen: '0' },
    ]);
    expect((await game.vault()).isZero()).toBe(true);
    await t.app.services.operatorMoney.fundVault({ token: 'USDT', amount: '1000000' });
    await db.expectAuditClean();
  });

  it('refuses what the rules refuse, in the spec’s order, changing nothing', async () => {
    const user = await player('10');
    await price('BTCUSDT', '60000');
    const cases: [Record<string, unknown>, string][] = [
      [{ side: 'long', margin: '1', leverage: 1 }, 'Please choose a trading pair'],
      [{ symbol: 'BTCUSDT', side: 'long', leverage: 1 }, 'Please enter the margin'],
      [
        { symbol: 'BTCUSDT', side: 'long', margin: '1', leverage: 1001 },
        'Leverage must be a whole number from 1 to 1000',
      ],
      [
        { symbol: 'BTCUSDT', side: 'long', margin: '1.1234567', leverage: 1 },
        'Invalid amount or precision (up to 6 decimals)',
      ],
      [{ symbol: 'BTCUSDT', side: 'long', margin: '11', leverage: 1 }, 'Insufficient balance'],
      [
        { symbol: 'BTCUSDT', side: 'long', margin: '10', leverage: 100 },
        'Insufficient fee: leave some balance for the opening fee (0.5 USDT)',
      ],
    ];
    for (const [body, msg] of cases) {
      const res = await open(user.token, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    // The two balance refusals carry DESIGN §3's reason words, on the margin field.
    const short = await open(user.token, { symbol: 'BTCUSDT', side: 'long', margin: '11', leverage: 1 });
    expect(short.body).toMatchObject({ reason: 'insufficient_balance' });
    const noFee = await open(user.token, { symbol: 'BTCUSDT', side: 'long', margin: '10', leverage: 100 });
    expect(noFee.body).toMatchObject({
      reason: 'insufficient_fee',
      data: { fields: { margin: 'Insufficient fee: leave some balance for the opening fee (0.5 USDT)' } },
    });
    // Leverage is a whole number in digits (the same validateOpen as the order panel).
    for (const leverage of ['0x0A', '1e1', '+10', ' 10 ', '10.5', 10.5]) {
      const res = await open(user.token, { symbol: 'BTCUSDT', side: 'long', margin: '1', leverage });
      expect(res.body, String(leverage)).toMatchObject({
        code: 400,
        data: { fields: { leverage: 'Leverage must be a whole number from 1 to 1000' } },
      });
    }
    // In Chinese too.
    const zh = await open(
      user.token,
      { symbol: 'BTCUSDT', side: 'long', margin: '11', leverage: 1 },
      { 'x-lang': 'zh-CN' },
    );
    expect(zh.body.msg).toBe('余额不足');
    // A leverage liquidatable at once names the highest that works (terms operators can no longer
    // set, mmr ≥ 1 / max leverage, written as a pair stored before that bound would hold them).
    await db.handle.db.execute(
      sql`update game_pairs set mmr = 0.005, max_leverage = 1000 where symbol = 'DOGEUSDT'`,
    );
    await t.app.services.game.updatePair('DOGEUSDT', { enabled: true });
    await price('DOGEUSDT', '0.2');
    const tooHigh = await open(user.token, { symbol: 'DOGEUSDT', side: 'long', margin: '1', leverage: 200 });
    expect(tooHigh.body.msg).toBe(
      'At this leverage the position would be liquidated at once. The highest that works is 199x',
    );
    // A stale price: 'price fetch failed'.
    clock.advance(11);
    const stale = await open(user.token, { symbol: 'BTCUSDT', side: 'long', margin: '1', leverage: 1 });
    expect(stale.body).toMatchObject({ code: 409, msg: 'Price fetch failed' });
    expect(await usdt(user.token)).toEqual({ available: '10', frozen: '0' });
    await db.expectAuditClean();
  });

  it('after a restart the engine rebuilds from the database and liquidates on time', async () => {
    const { user, id } = await playerOpens('100', 'BTCUSDT', '60000', 'short', '10', 100);
    // Another process comes up on the same database (this one stops leading): its engine starts
    // with an empty index and rebuilds it when it leads.
    t.app.services.gameEngine.follow();
    const next = await db.app({ clock });
    await next.app.services.market.init();
    expect(next.app.services.gameEngine.index.size).toBe(0);
    await next.app.services.gameEngine.lead();
    expect(next.app.services.gameEngine.index.has(Number(id))).toBe(true);
    // Short at 60000, 100x: 60000 · (1 + 9.5/1000) = 60570.
    clock.advance(0.25);
    await next.app.services.market.pin('BTCUSDT', '60569.99');
    await next.app.services.gameEngine.idle();
    expect((await positionOf(user.token, id)).status).toBe('open');
    clock.advance(0.25);
    await next.app.services.market.pin('BTCUSDT', '60570');
    await next.app.services.gameEngine.idle();
    expect(await positionOf(user.token, id)).toMatchObject({ status: 'closed', closeReason: 'liquidation' });
    next.app.services.gameEngine.follow();
    await t.app.services.gameEngine.lead();
    await db.expectAuditClean();
  });

  it('a price crossed while no engine led closes at that tick when one leads, without another tick', async () => {
    const { user, id } = await playerOpens('100', 'BTCUSDT', '60000', 'long', '10', 100);
    const engine = t.app.services.gameEngine;
    engine.follow();
    // Long at 60000, 100x liquidates at 59430; the market passes it while no one leads.
    clock.advance(0.25);
    await t.app.services.market.pin('BTCUSDT', '59400');
    await engine.idle();
    expect((await positionOf(user.token, id)).status).toBe('open');
    await engine.lead();
    await engine.idle();
    expect(await positionOf(user.token, id)).toMatchObject({
      status: 'closed',
      closeReason: 'liquidation',
      closePrice: '59400',
    });
    await db.expectAuditClean();
  });

  it('operators see positions and the exposure, and close a position at the last price', async () => {
    const { user, id } = await playerOpens('100', 'SOLUSDT', '200', 'long', '10', 5);
    const api = adminApi(t);
    const command = adminCommand;
    const listed = await command('game:positions').run(api, ['--open', '--email', user.email]);
    expect(listed).toMatch(
      new RegExp(
        `${id}\\s+C\\d{18}\\s+${user.email.replace('.', '\\.')}\\s+SOLUSDT\\s+long\\s+10\\s+5x\\s+200\\s+open`,
      ),
    );
    expect(await command('house:show').run(api, [])).toMatch(
      /Contract game exposure:\nTOKEN\s+OPEN\s+MARGIN\s+MOST THEY COULD WIN\s+VAULT\nUSDT\s+\d+/,
    );
    await price('SOLUSDT', '210');
    const closed = await command('game:close').run(api, [id]);
    expect(closed).toMatch(/SOLUSDT\s+long\s+10\s+5x\s+200\s+closed\s+2.5\s+operator/);
    await expect(command('game:close').run(api, [id])).rejects.toThrow('This position is already closed');
    await db.expectAuditClean();
  });

  describe('races', () => {
    it('a manual close and a liquidation of the same position at once: settled once', async () => {
      const { user, id } = await playerOpens('100', 'BTCUSDT', '60000', 'long', '10', 100);
      const tick = { symbol: 'BTCUSDT', price: '59000', time: clock.now().getTime() };
      const [manual, engine] = await Promise.all([
        close(user.token, id),
        t.app.services.game.settle(Number(id), tick, 'liquidation'),
      ]);
      expect([manual.status === 200, engine].filter(Boolean)).toHaveLength(1);
      const after = await positionOf(user.token, id);
      expect(after.status).toBe('closed');
      expect((await usdt(user.token)).frozen).toBe('0');
      await db.expectAuditClean();
    });

    it('100 concurrent opens beyond the balance: only the affordable ones open', async () => {
      const user = await player('1000');
      await price('ETHUSDT', '3000');
      // Each takes 20 + 0.5 (20·50·0.0005): 48 fit in 1000.
      const results = await Promise.all(
        Array.from({ length: 100 }, () =>
          open(user.token, { symbol: 'ETHUSDT', side: 'long', margin: '20', leverage: 50 }),
        ),
      );
      const opened = results.filter((res) => res.status === 200);
      expect(opened).toHaveLength(48);
      for (const res of results.filter((r) => r.status !== 200))
        expect(res.body.reason).toBe('insufficient_balance');
      expect(await usdt(user.token)).toEqual({ available: '16', frozen: '960' });
      await db.expectAuditClean();
    });

    it('a retried TP / SL Save with the same key is answered as the first (its answer kept with its change)', async () => {
      const { user, id } = await playerOpens('100', 'BTCUSDT', '60000', 'long', '10', 10);
      const headers = { 'idempotency-key': `tpsl-${user.email}` };
      const save = (takeProfit: string) =>
        call(t.app, 'POST', '/api/app/game/tpsl', { token: user.token, body: { id, takeProfit }, headers });
      const first = await save('65000');
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      // The same key: the first answer, replayed (a second press after a lost answer changes nothing).
      const again = await save('65000');
      expect(again.body.data).toEqual(first.body.data);
      expect(again.headers['idempotent-replayed']).toBe('true');
      await close(user.token, id);
      await db.expectAuditClean();
    });

    it('a retried open with the same key opens once', async () => {
      const user = await player('100');
      await price('BTCUSDT', '60000');
      const headers = { 'idempotency-key': `open-${user.email}` };
      const body = { symbol: 'BTCUSDT', side: 'short', margin: '10', leverage: 10 };
      const first = await open(user.token, body, headers);
      const second = await open(user.token, body, headers);
      expect(second.body.data).toEqual(first.body.data);
      const list = await call(t.app, 'GET', '/api/app/game/positions?status=open', { token: user.token });
      expect((list.body.data as { total: number }).total).toBe(1);
      await db.expectAuditClean();
    });
  });
});
