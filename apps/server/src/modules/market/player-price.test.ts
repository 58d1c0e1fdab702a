// The prices whose moment the player chooses (a flip's open, a position's open, the player's own close),
// on the live feed against a local fake of Binance's stream with the default pricing settings. The mark
// is the median of the last second's trades, so right after a step it still stands at the old price; a
// player who reads the exchange's public stream and bets at that moment must win nothing by it.
// (MARKET_TICK_MS only sets how often the feed hands its trades over in real time: the trades' times
// are the test clock's, and every step waits until the market took its trade.)
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { translate } from '@tradeflip/i18n';
import { Decimal } from '@tradeflip/money';
import { queryRows } from '../../db/rows';
import { balanceOf, fundedUser } from '../../test/accounts';
import { call, describeEachDatabase, TestClock, type TestApp } from '../../test/harness';
import { FakeBinance } from '../../test/fake-binance';

const T0 = Date.parse('2030-05-01T00:00:00Z');
/** A busy market: a trade every 200 ms. */
const TRADE_SECONDS = 0.2;
/** How long after a step the attacker's order arrives. */
const REACTION_SECONDS = 0.12;

interface Position {
  id: string;
  status: 'open' | 'closed';
  entryPrice: string;
  closePrice: string | null;
}

describeEachDatabase('prices the player times, on the live feed (local fake stream)', (db) => {
  const exchange = new FakeBinance();
  let t: TestApp;
  let clock: TestClock;

  const market = () => t.app.services.market;

  /** The clock moves on `seconds`, then one trade of `symbol` arrives; resolves once the market took it. */
  async function trade(symbol: string, price: Decimal, seconds: number) {
    clock.advance(seconds);
    const time = clock.now().getTime();
    exchange.trade(symbol, price.toFixed(), '0.01');
    await vi.waitFor(
      () => expect(market().lastPrice(symbol)).toMatchObject({ price: price.toFixed(), time }),
      {
        interval: 5,
      },
    );
  }

  /** Trades every 200 ms at `price` until `seconds` have passed since the last trade. */
  async function hold(symbol: string, price: Decimal, seconds: number) {
    for (let i = 0; i < Math.round(seconds / TRADE_SECONDS); i++) await trade(symbol, price, TRADE_SECONDS);
  }

  /** The tick a position's open kept in market_ticks (read as SQL: the market does not import the game). */
  async function expectOpenTick(position: Position, price: Decimal) {
    const [row] = await queryRows<{ open_tick_id: string | number }>(
      db.handle.db,
      sql`select open_tick_id from game_positions where id = ${Number(position.id)}`,
    );
    expect(await market().keptTick(Number(row!.open_tick_id))).toMatchObject({ price: price.toFixed() });
    expect(position.entryPrice).toBe(price.toFixed());
  }

  async function total(users: { token: string }[]) {
    let sum = new Decimal(0);
    for (const user of users) {
      const balance = await balanceOf(t, user.token);
      sum = sum.add(balance.available).add(balance.frozen);
    }
    return sum;
  }

  beforeAll(async () => {
    clock = new TestClock(T0);
    t = await db.app({
      clock,
      env: { PRICE_FEED: 'binance', BINANCE_STREAM_URL: exchange.url, MARKET_TICK_MS: '50' },
    });
    await market().init();
    t.app.services.liveFeed!.start();
    await vi.waitFor(() => expect(exchange.sockets).toHaveLength(1));
    await t.app.services.operatorMoney.fundVault({ token: 'USDT', amount: '1000000' });
    await t.app.services.gameEngine.lead();
  });
  afterAll(async () => {
    t.app.services.liveFeed?.stop();
    await exchange.close();
  });

  it('Up and Down flips placed 120 ms after a 0.1 % step held flat win nothing over 20 bets', async () => {
    const low = new Decimal('90000');
    const high = low.mul('1.001');
    // Four players (at most 10 open flips each), 100 USDT a bet.
    const players = [];
    for (let i = 0; i < 4; i++) players.push(await fundedUser(t, '1000'));
    const before = await total(players);
    await hold('BTCUSDT', low, 2);
    // The price steps between the two levels every 1.6 s; after each step up an Up flip, after each
    // step down a Down flip. A 30 s flip placed 0.12 s after step k expires 1.32 s after step k + 18,
    // at the same level as step k's, with the mark long caught up: the price stood still for it.
    const flips: { token: string; id: string; level: Decimal }[] = [];
    for (let k = 0; k < 20 + 19; k++) {
      const level = k % 2 === 0 ? high : low;
      await trade('BTCUSDT', level, TRADE_SECONDS);
      if (k < 20) {
        clock.advance(REACTION_SECONDS);
        const player = players[k % players.length]!;
        const res = await call(t.app, 'POST', '/api/app/flip/open', {
          token: player.token,
          body: {
            symbol: 'BTCUSDT',
            direction: level === high ? 'up' : 'down',
            amount: '100',
            duration: 30,
            token: 'USDT',
          },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        flips.push({ token: player.token, id: String(res.body.data!.id), level });
        await trade('BTCUSDT', level, TRADE_SECONDS - REACTION_SECONDS);
        await hold('BTCUSDT', level, 1.2);
      } else await hold('BTCUSDT', level, 1.4);
      await t.app.services.flip.settleDue();
    }
    await hold('BTCUSDT', low, 1);
    await t.app.services.flip.settleDue();
    const results: string[] = [];
    for (const flip of flips) {
      const res = await call(t.app, 'GET', `/api/app/flip/position?id=${flip.id}`, { token: flip.token });
      const detail = res.body.data as { status: string; result: string; openPrice: string };
      expect(detail.status).not.toBe('open');
      results.push(detail.result);
    }
    const net = (await total(players)).sub(before);
    expect(net.lte(0), `the attacker made ${net.toFixed()} USDT (${results.join(' ')})`).toBe(true);
  });

  it('500x and 200x opens 120 ms after a 0.3 % step, closed 2 s later, make nothing over 20 round trips, net of both fees', async () => {
    const low = new Decimal('3000');
    const high = low.mul('1.003');
    const player = await fundedUser(t, '1000');
    const before = await total([player]);
    const open = (side: string, leverage: number) =>
      call(t.app, 'POST', '/api/app/game/open', {
        token: player.token,
        body: { symbol: 'ETHUSDT', side, margin: '10', leverage },
      });
    await hold('ETHUSDT', low, 2);
    const refusals: string[] = [];
    for (let k = 0; k < 20; k++) {
      const level = k % 2 === 0 ? high : low;
      const side = level === high ? 'long' : 'short';
      await trade('ETHUSDT', level, TRADE_SECONDS);
      clock.advance(REACTION_SECONDS);
      const positions: Position[] = [];
      for (const leverage of [500, 200]) {
        const opened = await open(side, leverage);
        if (opened.status === 200) positions.push(opened.body.data as unknown as Position);
        else refusals.push(`${leverage}x ${opened.body.reason} ${opened.body.msg}`);
      }
      // The tick the open kept (market_ticks) is the price it used: the newest trade, not the mark.
      if (k === 0) await expectOpenTick(positions.at(-1)!, level);
      await trade('ETHUSDT', level, TRADE_SECONDS - REACTION_SECONDS);
      await hold('ETHUSDT', level, 1.8);
      clock.advance(REACTION_SECONDS);
      for (const position of positions) {
        const closed = await call(t.app, 'POST', '/api/app/game/close', {
          token: player.token,
          body: { id: position.id },
        });
        expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      }
      await trade('ETHUSDT', level, TRADE_SECONDS - REACTION_SECONDS);
    }
    const net = (await total([player])).sub(before);
    expect(net.lte(0), `the attacker made ${net.toFixed()} USDT`).toBe(true);
    // At 500x the step is more than the position could lose: opened at the newest trade, the mark
    // still at the old price would liquidate it at once. It waits, changing nothing. At 200x it
    // opens at the newest trade and pays both fees for nothing.
    expect(refusals).toEqual(
      Array.from(
        { length: 20 },
        () => '500x price_unavailable The price is moving fast. Please try again in a moment.',
      ),
    );
    await db.expectAuditClean();
  });

  it('while the newest trade is more than 0.5 % from the mark, opens and the player’s closes wait, in both languages', async () => {
    const price = new Decimal('600');
    const player = await fundedUser(t, '1000');
    await hold('BNBUSDT', price, 2);
    const opened = await call(t.app, 'POST', '/api/app/game/open', {
      token: player.token,
      body: { symbol: 'BNBUSDT', side: 'long', margin: '10', leverage: 10 },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const position = opened.body.data as unknown as Position;
    const balance = await balanceOf(t, player.token);
    // The market falls 1 %: the mark (the median of the last second) still stands at 600.
    const fallen = price.mul('0.99');
    await trade('BNBUSDT', fallen, TRADE_SECONDS);
    expect(market().markPrice('BNBUSDT')?.price).toBe('600');
    const attempts = [
      ['/api/app/game/open', { symbol: 'BNBUSDT', side: 'short', margin: '10', leverage: 10 }],
      [
        '/api/app/flip/open',
        { symbol: 'BNBUSDT', direction: 'down', amount: '10', duration: 30, token: 'USDT' },
      ],
      ['/api/app/game/close', { id: position.id }],
    ] as const;
    for (const lang of ['en-US', 'zh-CN'] as const) {
      for (const [url, body] of attempts) {
        const res = await call(t.app, 'POST', url, {
          token: player.token,
          body,
          headers: { 'x-lang': lang },
        });
        expect(res.status, url).toBe(409);
        expect(res.body, url).toMatchObject({
          code: 409,
          reason: 'price_unavailable',
          msg: translate(lang, 'errors.priceMoving'),
        });
      }
    }
    // Nothing changed: the position is open, the balance as it was, no flip was placed.
    const still = await call(t.app, 'GET', `/api/app/game/position?id=${position.id}`, {
      token: player.token,
    });
    expect(still.body.data).toMatchObject({ status: 'open' });
    expect(await balanceOf(t, player.token)).toEqual(balance);
    const flips = await call(t.app, 'GET', '/api/app/flip/positions?status=open', { token: player.token });
    expect(flips.body.data!.list).toEqual([]);
    // A second on, the mark has followed: the close goes through, at the newest trade, and the tick
    // the close kept is the price it used.
    await hold('BNBUSDT', fallen, 1);
    const closed = await call(t.app, 'POST', '/api/app/game/close', {
      token: player.token,
      body: { id: position.id },
    });
    expect(closed.body.data).toMatchObject({ status: 'closed', closePrice: fallen.toFixed() });
    const [row] = await queryRows<{ close_tick_id: string | number }>(
      db.handle.db,
      sql`select close_tick_id from game_positions where id = ${Number(position.id)}`,
    );
    expect(await market().keptTick(Number(row!.close_tick_id))).toMatchObject({ price: fallen.toFixed() });
    await db.expectAuditClean();
  });
});
