// Issue 16, point 5: disabling a pair stranded its positions (close refused with 'price fetch
// failed' while funding was still charged). Disabling stops new opens only (an exchange's
// reduce-only mode): the pair keeps its live price, its positions close, their take-profit,
// stop-loss and liquidation run, and funding is still charged (the position can be closed now).
import { beforeAll, expect, it } from 'vitest';
import { fundedUser } from '../../test/accounts';
import { adminCall, call, describeEachDatabase, type TestApp, type TestClock } from '../../test/harness';
import { GameTable } from './test-helpers';

interface Position {
  id: string;
  status: 'open' | 'closed';
  closeReason: string | null;
  closePrice: string | null;
  currentPrice: string | null;
  fundingPaid: string;
}

describeEachDatabase('a disabled pair is reduce-only', (db) => {
  let game: GameTable;
  let t: TestApp;
  let clock: TestClock;
  let user: { email: string; token: string };

  beforeAll(async () => {
    game = await GameTable.start(db, '2030-06-01T00:00:00Z');
    ({ t, clock } = game);
    user = await fundedUser(t, '1000');
  });

  const price = (symbol: string, value: string) => game.price(symbol, value);
  const positionOf = (id: string) => game.position<Position>(user.token, id);

  async function scenario(symbol: string, disable: () => Promise<unknown>, enable: () => Promise<unknown>) {
    await price(symbol, '200');
    const ids: string[] = [];
    for (const body of [
      { side: 'long', margin: '10', leverage: 5, takeProfit: '220' },
      { side: 'long', margin: '10', leverage: 50 },
      { side: 'short', margin: '10', leverage: 5 },
    ]) {
      ids.push(await game.opened(user.token, { symbol, ...body }));
    }
    const [tp, liquidated, manual] = ids as [string, string, string];
    await disable();

    // No new position, in the user's words.
    const refused = await game.open(user.token, { symbol, side: 'long', margin: '10', leverage: 5 });
    expect(refused.body).toMatchObject({ code: 400, msg: 'This pair is not available right now' });
    const pairs = await call(t.app, 'GET', '/api/app/game/pairs');
    expect(
      (pairs.body.data as { list: { symbol: string; enabled: boolean }[] }).list.find(
        (p) => p.symbol === symbol,
      ),
    ).toMatchObject({ enabled: false });

    // The feed still prices it, and its positions follow.
    clock.advance(1);
    const batch = await t.app.services.market.step();
    expect(batch.ticks.map((tick) => tick.symbol)).toContain(symbol);
    expect((await positionOf(manual)).currentPrice).toBe('200');

    // Funding is still charged: 50 · 0.0001 from the short's margin.
    clock.advance(8 * 3600);
    await t.app.services.gameEngine.fundingPass();
    expect((await positionOf(manual)).fundingPaid).toBe('0.005');

    // A close, a liquidation (50x long at 200 liquidates near 196.2) and a take-profit all settle.
    await price(symbol, '205');
    const closed = await game.close(user.token, manual);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data).toMatchObject({ status: 'closed', closeReason: 'manual', closePrice: '205' });
    await price(symbol, '195');
    expect(await positionOf(liquidated)).toMatchObject({ status: 'closed', closeReason: 'liquidation' });
    await price(symbol, '221');
    expect(await positionOf(tp)).toMatchObject({
      status: 'closed',
      closeReason: 'take_profit',
      closePrice: '221',
    });
    await enable();
    await db.expectAuditClean();
  }

  it.each([
    ['switched off on the market (market:pair --disable)', 'SOLUSDT', '/api/admin/market/pairs'],
    ["switched off in the game's terms (game:pair --disable)", 'BNBUSDT', '/api/admin/game/pairs'],
  ])('%s', async (_name, symbol, pairs) => {
    const switchTo = (enabled: boolean) => adminCall(t.app, 'POST', pairs, { body: { symbol, enabled } });
    await scenario(
      symbol,
      () => switchTo(false),
      () => switchTo(true),
    );
  });
});
