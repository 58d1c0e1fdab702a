// Issue 10 (first part): the simulated feed, stored candles, tickers and the operators' controls, through
// the real app and database. The feed is stepped by hand on the test clock, so every tick is known.
import { sql } from 'drizzle-orm';
import type { Candle, Ticker, TickerMove } from '@tradeflip/api';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, adminCommand } from '../../test/accounts';
import {
  adminCall,
  call,
  describeEachDatabase,
  registerUser,
  TestClock,
  type TestApp,
} from '../../test/harness';

const T0 = Date.parse('2030-01-01T00:00:00Z');

async function tickers(t: TestApp): Promise<Ticker[]> {
  const res = await call(t.app, 'GET', '/api/app/market/tickers');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!.list as Ticker[];
}

async function candles(t: TestApp, query: string): Promise<Candle[]> {
  const res = await call(t.app, 'GET', `/api/app/market/candles?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data!.list as Candle[];
}

describeEachDatabase('market data', (db) => {
  let t: TestApp;
  let clock: TestClock;
  beforeAll(async () => {
    clock = new TestClock(T0);
    t = await db.app({ clock });
  });

  it('back-fills a day of history at the first start, so every pair has candles and a ticker', async () => {
    const list = await tickers(t);
    expect(list.map((row) => row.symbol)).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'BNBUSDT',
      'SOLUSDT',
      'XRPUSDT',
      'DOGEUSDT',
    ]);
    expect(list.find((row) => row.symbol === 'BTCUSDT')!.priceDp).toBe(2);
    const minutes = await candles(t, 'symbol=btcusdt&interval=1m&limit=1000');
    expect(minutes).toHaveLength(1000);
    // Oldest first, one per minute, each bucket on a minute edge, ending before now.
    for (let i = 1; i < minutes.length; i++) expect(minutes[i]!.time - minutes[i - 1]!.time).toBe(60_000);
    expect(minutes.at(-1)!.time).toBe(T0 - 60_000);
    expect((await candles(t, 'symbol=ETHUSDT&interval=1s&limit=1000')).length).toBe(900);
    expect((await candles(t, 'symbol=ETHUSDT&interval=15m&limit=1000')).length).toBe(96);
    // Paging back: the 10 minutes before the oldest shown.
    const older = await candles(t, `symbol=BTCUSDT&interval=1m&limit=10&before=${minutes[0]!.time}`);
    expect(older.at(-1)!.time).toBe(minutes[0]!.time - 60_000);
  });

  it('pins a price: every tick is exactly it, in the ticker and the candles, until released', async () => {
    const pinned = await adminCall(t.app, 'POST', '/api/admin/market/price', {
      body: { symbol: 'BTCUSDT', price: '65000.5' },
    });
    expect(pinned.status, JSON.stringify(pinned.body)).toBe(200);
    const market = t.app.services.market;
    for (let i = 0; i < 3; i++) {
      clock.advance(0.25);
      await market.step();
    }
    expect((await tickers(t)).find((row) => row.symbol === 'BTCUSDT')!.price).toBe('65000.5');
    await market.flush();
    const [last] = (await candles(t, 'symbol=BTCUSDT&interval=1s&limit=1')).slice(-1);
    expect(last).toMatchObject({ open: '65000.5', high: '65000.5', low: '65000.5', close: '65000.5' });

    const released = await adminCall(t.app, 'POST', '/api/admin/market/price', {
      body: { symbol: 'BTCUSDT' },
    });
    expect(released.status).toBe(200);
    const moved = new Set<string>();
    for (let i = 0; i < 20; i++) {
      clock.advance(0.25);
      const batch = await market.step();
      moved.add(batch.ticks.find((tick) => tick.symbol === 'BTCUSDT')!.price);
    }
    expect(moved.size).toBeGreaterThan(1);
    await market.flush();
  });

  it('marks a pair stale after the staleness limit without ticks, and fresh again with one', async () => {
    await t.app.services.market.step();
    expect((await tickers(t)).every((row) => !row.stale)).toBe(true);
    clock.advance(11);
    expect((await tickers(t)).every((row) => row.stale)).toBe(true);
    const status = await adminCall(t.app, 'GET', '/api/admin/market/status');
    expect(status.body.data!.list).toContainEqual(
      expect.objectContaining({ symbol: 'ETHUSDT', stale: true, feed: 'simulated', lastTickAgeMs: 11_000 }),
    );
    await t.app.services.market.step();
    expect((await tickers(t)).every((row) => !row.stale)).toBe(true);
  });

  it('keeps the exact tick a settlement used, and refuses a stale pair: price fetch failed', async () => {
    const market = t.app.services.market;
    await adminCall(t.app, 'POST', '/api/admin/market/price', {
      body: { symbol: 'XRPUSDT', price: '0.61237' },
    });
    clock.advance(0.25);
    await market.step();
    const used = await market.settlementTick('XRPUSDT');
    expect(used).toEqual({ tickId: expect.any(Number), price: '0.6124', time: clock.now().getTime() });
    // Kept as the market had it: anyone can check the settlement later.
    expect(await market.keptTick(used.tickId)).toEqual({
      id: used.tickId,
      symbol: 'XRPUSDT',
      price: '0.6124',
      time: used.time,
    });
    await adminCall(t.app, 'POST', '/api/admin/market/price', { body: { symbol: 'XRPUSDT' } });

    clock.advance(11);
    const stale = await market.settlementTick('XRPUSDT').catch((error: unknown) => error);
    expect(stale).toMatchObject({
      statusCode: 409,
      reason: 'price_unavailable',
      msgKey: 'errors.priceFetchFailed',
    });
    await expect(market.settlementTick('NOPEUSDT')).rejects.toMatchObject({ statusCode: 404 });
    // Back from the silence, the mark is the median of the first three trades (one could be a bad print).
    await market.step();
    await market.step();
    await expect(market.settlementTick('XRPUSDT')).rejects.toMatchObject({ reason: 'price_unavailable' });
    await market.step();
    expect((await market.settlementTick('XRPUSDT')).time).toBe(clock.now().getTime());
  });

  it('continues the same candle after a restart mid-bucket', async () => {
    clock.advance(60 - ((clock.now().getTime() / 1000) % 60) + 10); // 10 s into a fresh minute
    const bucket = Math.floor(clock.now().getTime() / 60_000) * 60_000;
    await adminCall(t.app, 'POST', '/api/admin/market/price', { body: { symbol: 'SOLUSDT', price: '150' } });
    await t.app.services.market.step();
    await t.app.services.market.flush();
    const before = (await candles(t, 'symbol=SOLUSDT&interval=1m&limit=1'))[0]!;
    expect(before.time).toBe(bucket);

    // Another process (a restart) on the same database, 20 s later in the same minute.
    const restartClock = new TestClock(clock.now().getTime() + 20_000);
    const restarted = await db.app({ clock: restartClock });
    await adminCall(restarted.app, 'POST', '/api/admin/market/price', {
      body: { symbol: 'SOLUSDT', price: '149' },
    });
    await restarted.app.services.market.flush();
    const after = (await candles(restarted, 'symbol=SOLUSDT&interval=1m&limit=1'))[0]!;
    expect(after).toMatchObject({ time: bucket, open: before.open, close: '149', low: '149' });
    expect(Number(after.volume)).toBe(Number(before.volume) + 1);
  });

  it('writes every other candle when the database refuses one bucket, and that one at its next tick', async () => {
    const market = t.app.services.market;
    await market.init();
    // Which pairs have this minute's 1m candle stored (the candles call shows open candles on top).
    const storedMinutes = async () => {
      const minute = Math.floor(clock.now().getTime() / 60_000) * 60_000;
      const result = (await db.handle.db.execute(
        sql`select symbol from market_candles where interval = '1m' and time = ${minute} order by symbol`,
      )) as unknown as { rows: { symbol: string }[] };
      return result.rows.map((row) => row.symbol);
    };
    // Issue 16: one bucket the database could not take stopped every pair's candles until a restart.
    await db.handle.db.execute(
      sql`alter table market_candles add constraint refuse_eth_minutes
          check (symbol <> 'ETHUSDT' or interval <> '1m') not valid`,
    );
    clock.advance(60 - ((clock.now().getTime() / 1000) % 60) + 10); // 10 s into a fresh minute
    try {
      await market.step();
      await expect(market.flush()).resolves.toBe(6 * 4 - 1);
    } finally {
      await db.handle.db.execute(sql`alter table market_candles drop constraint refuse_eth_minutes`);
    }
    expect(await storedMinutes()).toEqual(['BNBUSDT', 'BTCUSDT', 'DOGEUSDT', 'SOLUSDT', 'XRPUSDT']);
    // The bucket's next tick writes the refused candle.
    clock.advance(1);
    await market.step();
    await market.flush();
    expect(await storedMinutes()).toContain('ETHUSDT');
  });

  it('refuses an unknown pair or interval in the caller’s language, and pins only positive prices', async () => {
    const interval = await call(t.app, 'GET', '/api/app/market/candles?symbol=BTCUSDT&interval=2m', {
      headers: { 'x-lang': 'zh-CN' },
    });
    expect(interval.status).toBe(400);
    expect(interval.body.msg).toContain('未知的K线周期');
    const pair = await call(t.app, 'GET', '/api/app/market/candles?symbol=NOPEUSDT&interval=1m');
    expect(pair.body).toMatchObject({ code: 404, msg: 'Unknown trading pair' });
    const zero = await adminCall(t.app, 'POST', '/api/admin/market/price', {
      body: { symbol: 'BTCUSDT', price: '0' },
    });
    expect(zero.status).toBe(400);
    // Below the pair's smallest step (BTC has 2 decimals): rounds to zero, refused too.
    const tiny = await adminCall(t.app, 'POST', '/api/admin/market/price', {
      body: { symbol: 'BTCUSDT', price: '0.004' },
    });
    expect(tiny.status).toBe(400);
    // A pin carries the pair's decimals, half-up, like every tick.
    await adminCall(t.app, 'POST', '/api/admin/market/price', {
      body: { symbol: 'BTCUSDT', price: '65000.125' },
    });
    expect((await tickers(t)).find((row) => row.symbol === 'BTCUSDT')!.price).toBe('65000.13');
    await adminCall(t.app, 'POST', '/api/admin/market/price', { body: { symbol: 'BTCUSDT' } });
    expect(
      (await call(t.app, 'POST', '/api/admin/market/price', { body: { symbol: 'BTCUSDT' } })).status,
    ).toBe(401);
  });

  it('values balances in USDT at the live price (USDT = 1)', async () => {
    const user = await registerUser(t);
    await adminCall(t.app, 'POST', '/api/admin/balances/adjust', {
      body: { email: user.email, token: 'ETH', amount: '0.5', reason: 'test' },
    });
    await adminCall(t.app, 'POST', '/api/admin/market/price', {
      body: { symbol: 'ETHUSDT', price: '4000.1' },
    });
    const balances = await call(t.app, 'GET', '/api/app/asset/balances', { token: user.token });
    const eth = (balances.body.data!.list as { token: string; price: string; usdtValue: string }[]).find(
      (row) => row.token === 'ETH',
    )!;
    expect(eth).toMatchObject({ price: '4000.1', usdtValue: '2000.05' });
    const overview = await call(t.app, 'GET', '/api/app/asset/overview', { token: user.token });
    expect(overview.body.data).toMatchObject({ totalUsdt: '2000.05' });
  });

  describe('from the admin CLI', () => {
    it('market:price pins, market:status shows it, market:release and market:pair change the list', async () => {
      const api = adminApi(t);
      const pinned = await adminCommand('market:price').run(api, ['DOGEUSDT', '0.2']);
      expect(pinned).toMatch(/DOGEUSDT\s+yes\s+6\s+simulated\s+0\.2\s+.*\s+yes/);
      const released = await adminCommand('market:release').run(api, ['DOGEUSDT']);
      expect(released).toMatch(/DOGEUSDT\s+yes\s+6\s+simulated\s+0\.2\s+.*\s+no$/m);
      await adminCommand('market:pair').run(api, ['XRPUSDT', '--disable']);
      expect((await tickers(t)).map((row) => row.symbol)).not.toContain('XRPUSDT');
      await adminCommand('market:pair').run(api, ['XRPUSDT', '--enable', '--order', '0']);
      expect((await tickers(t))[0]!.symbol).toBe('XRPUSDT');
      await adminCommand('market:pair').run(api, ['XRPUSDT', '--order', '5']);
      const status = await adminCommand('market:status').run(api, []);
      expect(status).toContain('PAIR');
      await expect(adminCommand('market:pair').run(api, ['XRPUSDT', '--order', 'x'])).rejects.toThrow(
        /whole number/,
      );
    });
  });

  it('works out each tick’s 24 h change, high and low for the tickers channel, as GET answers them', async () => {
    const market = t.app.services.market;
    const pin = async (price: string) => {
      const res = await adminCall(t.app, 'POST', '/api/admin/market/price', {
        body: { symbol: 'SOLUSDT', price },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    // Two days on, the 24 h window holds only this path's minutes: its day opens at 300.
    clock.advance(2 * 86_400);
    const moves: TickerMove[] = [];
    const stop = market.onTick((batch) => moves.push(...market.movedTickers(batch)));
    const path = ['300', '400', '200', '302'];
    for (const price of path) {
      clock.advance(60);
      await pin(price);
    }
    stop();
    expect(
      moves.map(({ symbol, price, change24h, high24h, low24h }) => ({
        symbol,
        price,
        change24h,
        high24h,
        low24h,
      })),
    ).toEqual([
      { symbol: 'SOLUSDT', price: '300', change24h: '0.0000', high24h: '300', low24h: '300' },
      { symbol: 'SOLUSDT', price: '400', change24h: '33.3333', high24h: '400', low24h: '300' },
      { symbol: 'SOLUSDT', price: '200', change24h: '-33.3333', high24h: '400', low24h: '200' },
      // Half-up at the fourth decimal: 2/300 = 0.66666…
      { symbol: 'SOLUSDT', price: '302', change24h: '0.6667', high24h: '400', low24h: '200' },
    ]);
    // Each at its own tick's time.
    expect(new Set(moves.map((move) => move.time)).size).toBe(path.length);
    // The last frame's figures are what the list answers.
    const sol = (await tickers(t)).find((row) => row.symbol === 'SOLUSDT')!;
    expect(sol).toMatchObject({ ...moves.at(-1), stale: false });
    await adminCall(t.app, 'POST', '/api/admin/market/price', { body: { symbol: 'SOLUSDT' } });
  });
});
