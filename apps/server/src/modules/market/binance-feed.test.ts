// Issue 10, acceptance 2: the live feed (PRICE_FEED=binance) against a local server that speaks
// Binance's combined aggTrade stream (no test touches the internet): trades become ticks rounded to
// the pair's decimals, a dropped connection reconnects, a silent stream marks its pairs stale and is
// reconnected, and an operator cannot pin a live price.
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Decimal } from '@tradeflip/money';
import { queryRows } from '../../db/rows';
import {
  adminCall,
  call,
  describeEachDatabase,
  pgliteTarget,
  registerUser,
  TestClock,
  testSettings,
  useDatabase,
  type TestApp,
  type TestDatabase,
} from '../../test/harness';
import { FakeBinance } from '../../test/fake-binance';
import { startMarketFeed } from './feed-job';

const T0 = Date.parse('2030-03-01T00:00:00Z');

/**
 * An app reading the live feed of `exchange` (the mark's band 10 %, hold 3 s, plus `env`), its log
 * lines collected in `logs`; resolves once the feed is connected.
 */
async function appOnFakeStream(
  db: TestDatabase,
  exchange: FakeBinance,
  clock: TestClock,
  logs: Record<string, unknown>[],
  env: Record<string, string> = {},
): Promise<TestApp> {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) logs.push(JSON.parse(line));
  });
  const t = await db.app({
    clock,
    logStream: stream,
    env: {
      PRICE_FEED: 'binance',
      BINANCE_STREAM_URL: exchange.url,
      MARKET_MARK_BAND: '0.1',
      MARKET_MARK_HOLD_SECONDS: '3',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  await t.app.services.market.init();
  t.app.services.liveFeed!.start();
  await vi.waitFor(() => expect(exchange.sockets).toHaveLength(1));
  return t;
}

interface Ticker {
  symbol: string;
  price: string;
  stale: boolean;
}

describeEachDatabase('the live price feed (Binance format, local fake stream)', (db) => {
  const exchange = new FakeBinance();
  let t: TestApp;
  let clock: TestClock;

  const ticker = async (symbol: string) => {
    const res = await call(t.app, 'GET', '/api/app/market/tickers');
    return (res.body.data!.list as Ticker[]).find((row) => row.symbol === symbol)!;
  };

  beforeAll(async () => {
    clock = new TestClock(T0);
    t = await db.app({
      clock,
      env: { PRICE_FEED: 'binance', BINANCE_STREAM_URL: exchange.url, MARKET_TICK_MS: '50' },
    });
    await t.app.services.market.init();
    t.app.services.liveFeed!.start();
    await vi.waitFor(() => expect(exchange.sockets).toHaveLength(1));
  });
  afterAll(async () => {
    t.app.services.liveFeed?.stop();
    await exchange.close();
  });

  it('asks for the aggregated trades of every enabled pair', () => {
    expect(exchange.requests[0]).toBe(
      '/stream?streams=btcusdt@aggTrade/ethusdt@aggTrade/bnbusdt@aggTrade/solusdt@aggTrade/xrpusdt@aggTrade/dogeusdt@aggTrade',
    );
  });

  it('turns trades into ticks at the pair’s decimals (half-up), with their volume in the candles', async () => {
    exchange.trade('BTCUSDT', '65000.12500000', '0.25000000');
    exchange.trade('BTCUSDT', '65010.00000000', '0.50000000');
    exchange.trade('ETHUSDT', '3500.1234', '2');
    await vi.waitFor(async () => expect((await ticker('BTCUSDT')).price).toBe('65010'));
    expect(await ticker('ETHUSDT')).toMatchObject({ price: '3500.12', stale: false });
    const res = await call(t.app, 'GET', '/api/app/market/candles?symbol=BTCUSDT&interval=1m&limit=5');
    expect(res.body.data!.list).toEqual([
      { time: T0, open: '65000.13', high: '65010', low: '65000.13', close: '65010', volume: '0.75' },
    ]);
  });

  it('ignores what is not a trade of a known pair', async () => {
    exchange.current!.send('not json');
    exchange.current!.send(JSON.stringify({ stream: 'x', data: { e: 'kline' } }));
    exchange.trade('PEPEUSDT', '0.00001', '1');
    exchange.trade('BTCUSDT', '65020', '1');
    await vi.waitFor(async () => expect((await ticker('BTCUSDT')).price).toBe('65020'));
  });

  it('reconnects when the connection drops, and takes trades again', async () => {
    exchange.current!.terminate();
    await vi.waitFor(() => expect(exchange.sockets).toHaveLength(2), { timeout: 10_000 });
    exchange.trade('BTCUSDT', '65100', '1');
    await vi.waitFor(async () => expect((await ticker('BTCUSDT')).price).toBe('65100'));
  });

  it('marks a silent stream’s pairs stale, reconnects it, and is fresh again at the next trade', async () => {
    const before = exchange.sockets.length;
    clock.advance(11); // past MARKET_STALE_SECONDS (10): no trade for 11 s
    expect(await ticker('BTCUSDT')).toMatchObject({ price: '65100', stale: true });
    await vi.waitFor(() => expect(exchange.sockets.length).toBe(before + 1), { timeout: 10_000 });
    exchange.trade('BTCUSDT', '65200', '1');
    await vi.waitFor(async () =>
      expect(await ticker('BTCUSDT')).toMatchObject({ price: '65200', stale: false }),
    );
    // A pair whose trades stopped stays stale.
    expect((await ticker('ETHUSDT')).stale).toBe(true);
  });

  it('keeps streaming a pair an operator switches off: positions still open on it keep a live price', async () => {
    const before = exchange.sockets.length;
    const off = await adminCall(t.app, 'POST', '/api/admin/market/pairs', {
      body: { symbol: 'DOGEUSDT', enabled: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    await vi.waitFor(() => expect(exchange.sockets.length).toBe(before + 1), { timeout: 10_000 });
    expect(exchange.requests.at(-1)).toContain('dogeusdt@aggTrade');
    expect(exchange.requests.at(-1)).toContain('btcusdt@aggTrade');
    await adminCall(t.app, 'POST', '/api/admin/market/pairs', {
      body: { symbol: 'DOGEUSDT', enabled: true },
    });
  });

  it('refuses to pin a live price, in the operator’s language', async () => {
    const res = await adminCall(t.app, 'POST', '/api/admin/market/price', {
      body: { symbol: 'BTCUSDT', price: '1' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      reason: 'feed_live',
      msg: 'Prices come from the live market here and cannot be set',
    });
    expect((await ticker('BTCUSDT')).price).toBe('65200');
    const status = await adminCall(t.app, 'GET', '/api/admin/market/status');
    expect(status.body.data!.list).toContainEqual(
      expect.objectContaining({ symbol: 'BTCUSDT', feed: 'binance', pinned: false }),
    );
  });
});

describe('PRICE_FEED', () => {
  it('takes simulated or binance, and says so otherwise', async () => {
    const { parseConfig } = await import('../../config');
    expect(() => parseConfig({ PRICE_FEED: 'coinbase' })).toThrow(/PRICE_FEED.*simulated or binance/);
    expect(parseConfig({ PRICE_FEED: 'binance', DATABASE_URL: 'postgres://tf@db/tf' }).market).toMatchObject({
      feed: 'binance',
      binanceUrl: 'wss://stream.binance.com:9443/stream',
    });
  });

  it('MARKET_MARK_BAND takes a fraction and MARKET_MARK_HOLD_SECONDS seconds', async () => {
    const { parseConfig } = await import('../../config');
    expect(parseConfig({}).market.mark).toEqual({ band: '0.1', holdMs: 3000 });
    expect(parseConfig({ MARKET_MARK_BAND: '0.05', MARKET_MARK_HOLD_SECONDS: '1.5' }).market.mark).toEqual({
      band: '0.05',
      holdMs: 1500,
    });
    for (const band of ['0', '2', '-0.1', '10%']) {
      expect(() => parseConfig({ MARKET_MARK_BAND: band })).toThrow(/MARKET_MARK_BAND.*fraction/);
    }
    expect(() => parseConfig({ MARKET_MARK_HOLD_SECONDS: '0' })).toThrow(/MARKET_MARK_HOLD_SECONDS/);
  });

  it('MARKET_EXECUTION_BAND takes a fraction (0.5 % unless set)', async () => {
    const { parseConfig } = await import('../../config');
    expect(parseConfig({}).market.executionBand).toBe('0.005');
    expect(parseConfig({ MARKET_EXECUTION_BAND: ' 0.01 ' }).market.executionBand).toBe('0.01');
    for (const band of ['0', '1.5', '-0.01', '0.5%', 'fast']) {
      expect(() => parseConfig({ MARKET_EXECUTION_BAND: band })).toThrow(/MARKET_EXECUTION_BAND.*fraction/);
    }
  });
});

interface Position {
  id: string;
  status: 'open' | 'closed';
  entryPrice: string;
  liquidationPrice: string;
  closeReason: string | null;
  closePrice: string | null;
}

// Issue 16, point 8: one bad print moves no money. The games settle at the mark price (the median of
// the last second's trades; a move beyond MARKET_MARK_BAND held until it lasted
// MARKET_MARK_HOLD_SECONDS), trades the market cannot store are dropped on arrival, and the feed asks
// for its pairs' streams before anything else called the market.
describeEachDatabase('the mark price on the live feed (local fake stream)', (db) => {
  const exchange = new FakeBinance();
  const logs: Record<string, unknown>[] = [];
  let t: TestApp;
  let clock: TestClock;

  const market = () => t.app.services.market;

  /** Trades of one pair now; resolves once the market took the last one and the engine acted on it. */
  async function trades(prices: string[], symbol = 'BTCUSDT') {
    for (const price of prices) exchange.trade(symbol, price, '0.01');
    const last = new Decimal(prices.at(-1)!).toFixed();
    await vi.waitFor(() => expect(market().lastPrice(symbol)?.price).toBe(last));
    await t.app.services.gameEngine.idle();
  }

  /** The clock moves on `seconds`, then these trades arrive. */
  async function step(seconds: number, prices: string[]) {
    clock.advance(seconds);
    await trades(prices);
  }

  async function player() {
    const user = await registerUser(t);
    await adminCall(t.app, 'POST', '/api/admin/balances/adjust', {
      body: { email: user.email, token: 'USDT', amount: '1000', reason: 'test' },
    });
    return user;
  }

  /** A long at 100x (liquidated about 1 % down) and one at 5x with a stop-loss at 90,000. */
  async function longs(token: string) {
    const opened: Position[] = [];
    for (const body of [
      { symbol: 'BTCUSDT', side: 'long', margin: '10', leverage: 100 },
      { symbol: 'BTCUSDT', side: 'long', margin: '100', leverage: 5, stopLoss: '90000' },
    ]) {
      const res = await call(t.app, 'POST', '/api/app/game/open', { token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      opened.push(res.body.data as unknown as Position);
    }
    return opened as [Position, Position];
  }

  async function positionOf(token: string, id: string): Promise<Position> {
    const res = await call(t.app, 'GET', `/api/app/game/position?id=${id}`, { token });
    return res.body.data as unknown as Position;
  }

  beforeAll(async () => {
    clock = new TestClock(T0);
    t = await appOnFakeStream(db, exchange, clock, logs, { MARKET_TICK_MS: '50' });
    await t.app.services.operatorMoney.fundVault({ token: 'USDT', amount: '1000000' });
    await t.app.services.gameEngine.lead();
    // A second of BTC trades around 90,500.
    for (let i = 0; i < 10; i++) await step(0.1, [String(90_500 + i)]);
  });
  afterAll(async () => {
    t.app.services.liveFeed?.stop();
    await exchange.close();
  });

  it('a 300 ms burst of trades at 1.00 liquidates no long and fires no stop-loss: the mark holds', async () => {
    const user = await player();
    const [risky, guarded] = await longs(user.token);
    expect(new Decimal(risky.liquidationPrice).gt(89_000)).toBe(true);
    const marks: string[] = [];
    const stop = market().onMark((list) => marks.push(...list.map((mark) => mark.price)));

    // 300 ms of trades at 1.00 (ten every 100 ms, more than the second's good trades)...
    for (const price of ['1', '1.01', '1.02'])
      await step(
        0.1,
        Array.from({ length: 10 }, () => price),
      );
    // ...then trades around 90,500 again for two seconds.
    for (let i = 0; i < 20; i++) await step(0.1, [String(90_520 + i)]);
    stop();

    expect(marks.length).toBeGreaterThanOrEqual(23);
    expect(marks.filter((price) => new Decimal(price).lt(90_500))).toEqual([]);
    for (const position of [risky, guarded]) {
      expect((await positionOf(user.token, position.id)).status).toBe('open');
    }
    // Nor does the chart: the burst the mark held back as bad made no low; the mark (which operators
    // see) never left 90,500.
    const candles = await call(t.app, 'GET', '/api/app/market/candles?symbol=BTCUSDT&interval=1m&limit=1');
    expect(new Decimal((candles.body.data!.list as { low: string }[])[0]!.low).gte(90_500)).toBe(true);
    const status = await adminCall(t.app, 'GET', '/api/admin/market/status');
    const btc = (status.body.data!.list as { symbol: string; mark: string }[]).find(
      (r) => r.symbol === 'BTCUSDT',
    )!;
    expect(new Decimal(btc.mark).gte(90_520)).toBe(true);
    // A close is at the mark, too.
    const closed = await call(t.app, 'POST', '/api/app/game/close', {
      token: user.token,
      body: { id: guarded.id },
    });
    expect(closed.body.data).toMatchObject({ status: 'closed', closePrice: btc.mark });
    await call(t.app, 'POST', '/api/app/game/close', { token: user.token, body: { id: risky.id } });
    await db.expectAuditClean();
  });

  it('a drop that lasts past the hold moves the mark: the stop-loss and the liquidation follow at it', async () => {
    const user = await player();
    const [risky, guarded] = await longs(user.token);
    const marks: string[] = [];
    const stop = market().onMark((list) => marks.push(...list.map((mark) => mark.price)));
    // The market falls to about 80,000 (11 % down, beyond the band) and stays there: held for 3 s.
    for (let i = 0; i < 12; i++) await step(0.25, [String(80_000 + i)]);
    expect(marks.filter((price) => new Decimal(price).lt(90_000))).toEqual([]);
    expect((await positionOf(user.token, guarded.id)).status).toBe('open');
    // Past the hold, the mark is the median of the last second's trades.
    for (let i = 12; i < 20; i++) await step(0.25, [String(80_000 + i)]);
    stop();
    const moved = marks.find((price) => new Decimal(price).lt(90_000))!;
    expect(new Decimal(moved).lt(80_020)).toBe(true);
    expect(await positionOf(user.token, guarded.id)).toMatchObject({
      status: 'closed',
      closeReason: 'stop_loss',
      closePrice: moved,
    });
    expect(await positionOf(user.token, risky.id)).toMatchObject({
      status: 'closed',
      closeReason: 'liquidation',
      closePrice: moved,
    });
    // The tick the settlement kept is that mark (not the last trade, which was 2 ticks newer).
    // (Read as SQL: the market module does not import the game's schema.)
    const [row] = await queryRows<{ close_tick_id: string | number }>(
      db.handle.db,
      sql`select close_tick_id from game_positions where id = ${Number(guarded.id)}`,
    );
    const kept = await market().keptTick(Number(row!.close_tick_id));
    expect(kept).toMatchObject({ symbol: 'BTCUSDT', price: moved });
    await db.expectAuditClean();
  });

  it('drops a price not positive or beyond the database’s range, with a warning; candles and the game go on', async () => {
    const warnings = () => logs.filter((line) => String(line.msg).includes('dropped'));
    const before = warnings().length;
    clock.advance(1);
    exchange.trade('BTCUSDT', '123456789012345678901', '1');
    exchange.trade('BTCUSDT', '0', '1');
    exchange.trade('BTCUSDT', '-5', '1');
    exchange.trade('BTCUSDT', '80050', '123456789012345678901'); // a quantity no candle can hold
    exchange.trade('ETHUSDT', '3000.5', '1');
    await trades(['80100']);
    await vi.waitFor(() => expect(market().lastPrice('ETHUSDT')?.price).toBe('3000.5'));
    const dropped = warnings().slice(before);
    expect(dropped.reduce((sum, line) => sum + Number(line.dropped), 0)).toBe(4);
    expect(dropped.every((line) => line.level === 40)).toBe(true);
    // Every pair's candles are written, none carries the dropped prices.
    await expect(market().flush()).resolves.toBeGreaterThan(0);
    const eth = await call(t.app, 'GET', '/api/app/market/candles?symbol=ETHUSDT&interval=1s&limit=1');
    expect(eth.body.data!.list).toEqual([expect.objectContaining({ close: '3000.5' })]);
    const btc = await call(t.app, 'GET', '/api/app/market/candles?symbol=BTCUSDT&interval=1s&limit=1');
    expect(btc.body.data!.list).toEqual([expect.objectContaining({ high: '80100', low: '80100' })]);
    // Opens and closes answer as ever.
    const user = await player();
    const opened = await call(t.app, 'POST', '/api/app/game/open', {
      token: user.token,
      body: { symbol: 'BTCUSDT', side: 'short', margin: '10', leverage: 10 },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const id = (opened.body.data as unknown as Position).id;
    const closed = await call(t.app, 'POST', '/api/app/game/close', { token: user.token, body: { id } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    await db.expectAuditClean();
  });

  it('a burst of bad prints as a real drop’s hold ends settles nothing below what the drop kept', async () => {
    // Back to about 90,500 for longer than the hold.
    for (let i = 0; i < 16; i++) await step(0.25, [String(90_500 + i)]);
    expect(new Decimal(market().markPrice('BTCUSDT')!.price).gte(90_500)).toBe(true);
    const user = await player();
    const [risky, guarded] = await longs(user.token);
    // The market falls to about 80,000 and stays there for 3 s...
    for (let i = 0; i < 12; i++) await step(0.25, [String(80_000 + i)]);
    expect((await positionOf(user.token, guarded.id)).status).toBe('open');
    // ...and as the hold runs out, 200 ms of trades at 1.00 outnumber the second's good ones.
    for (let i = 0; i < 2; i++)
      await step(
        0.1,
        Array.from({ length: 10 }, (_, j) => `1.${i}${j}`),
      );
    for (let i = 0; i < 4; i++) await step(0.1, [String(80_020 + i)]);
    // The stop-loss and the liquidation follow the drop, at a price it kept, not at 1.00.
    for (const [position, reason] of [
      [guarded, 'stop_loss'],
      [risky, 'liquidation'],
    ] as const) {
      const now = await positionOf(user.token, position.id);
      expect(now).toMatchObject({ status: 'closed', closeReason: reason });
      expect(new Decimal(now.closePrice!).gte(80_000), now.closePrice!).toBe(true);
    }
    await db.expectAuditClean();
  });

  it('one print 5 % down on a pair that trades once a second liquidates no 100x long', async () => {
    for (let i = 0; i < 4; i++) await step(1, [String(80_100 + i)]);
    const user = await player();
    const opened = await call(t.app, 'POST', '/api/app/game/open', {
      token: user.token,
      body: { symbol: 'BTCUSDT', side: 'long', margin: '10', leverage: 100 },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const risky = opened.body.data as unknown as Position;
    expect(new Decimal(risky.liquidationPrice).gt(79_000)).toBe(true);
    // The only trade of its second, then the market trades on where it was.
    await step(1, ['76000']);
    await step(1, ['80110']);
    await step(1, ['80120']);
    expect((await positionOf(user.token, risky.id)).status).toBe('open');
    await call(t.app, 'POST', '/api/app/game/close', { token: user.token, body: { id: risky.id } });
    await db.expectAuditClean();
  });
  it('the server’s clock steps back ten minutes: the price and the mark follow the trades, and a silent pair goes stale', async () => {
    // The market near 81,000 for longer than the hold (the mark follows from any earlier level), then
    // a busy second of 20 trades (each step's last trade differs from the one before: `trades` waits
    // for it).
    for (let i = 0; i < 16; i++) await step(0.25, [String(81_000 + (i % 4))]);
    for (let i = 0; i < 4; i++) await step(0.25, ['81000', '81001', '81002', '81003', String(81_010 + i)]);
    expect(market().markPrice('BTCUSDT')!.price).toMatch(/^810\d\d$/);
    // An NTP step or a resumed VM: every trade from now on carries an earlier time than the last.
    // The last price kept the newer one (its time ahead of the clock, never stale), and the mark's
    // second of trades never emptied, its median held by the old prices while trades piled up.
    clock.advance(-600);
    for (let i = 0; i < 8; i++) await step(0.25, [String(81_400 + i)]);
    expect(market().lastPrice('BTCUSDT')).toMatchObject({ price: '81407', stale: false });
    expect(market().markPrice('BTCUSDT')!.price).toMatch(/^8140\d$/);
    const user = await player();
    const opened = await call(t.app, 'POST', '/api/app/game/open', {
      token: user.token,
      body: { symbol: 'BTCUSDT', side: 'long', margin: '10', leverage: 10 },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect((opened.body.data as unknown as Position).entryPrice).toMatch(/^8140\d$/);
    // The feed goes silent: the pair is stale after the limit, and opens are refused.
    const connections = exchange.sockets.length;
    clock.advance(11);
    expect(market().lastPrice('BTCUSDT')!.stale).toBe(true);
    const refused = await call(t.app, 'POST', '/api/app/game/open', {
      token: user.token,
      body: { symbol: 'BTCUSDT', side: 'long', margin: '10', leverage: 10 },
    });
    expect(refused.body).toMatchObject({ code: 409, reason: 'price_unavailable' });
    // The silent stream is reconnected; three trades make a mark again, and the position closes.
    await vi.waitFor(() => expect(exchange.sockets.length).toBe(connections + 1), { timeout: 10_000 });
    await step(0.25, ['81410', '81411', '81412']);
    const id = (opened.body.data as unknown as Position).id;
    const closed = await call(t.app, 'POST', '/api/app/game/close', { token: user.token, body: { id } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    await db.expectAuditClean();
  });
});

describeEachDatabase('bad prints in the chart and the 24 h figures (local fake stream)', (db) => {
  const exchange = new FakeBinance();
  const logs: Record<string, unknown>[] = [];
  let t: TestApp;
  let clock: TestClock;
  const market = () => t.app.services.market;

  /** The clock moves on `seconds`, then these trades arrive; resolves once the market took the last. */
  async function step(seconds: number, prices: string[], quantity = '0.01') {
    clock.advance(seconds);
    for (const price of prices) exchange.trade('BTCUSDT', price, quantity);
    const last = new Decimal(prices.at(-1)!).toFixed();
    await vi.waitFor(() => expect(market().lastPrice('BTCUSDT')?.price).toBe(last));
  }

  const btcTicker = async () =>
    (await market().tickers()).list.find((ticker) => ticker.symbol === 'BTCUSDT')!;

  /** Each interval's newest BTC candle, as the chart reads it. */
  async function newestCandles() {
    const list = [];
    for (const interval of ['1s', '1m', '5m', '15m'] as const) {
      const { list: candles } = await market().candles({ symbol: 'BTCUSDT', interval, limit: 1 });
      list.push({ interval, ...candles[0]! });
    }
    return list;
  }

  beforeAll(async () => {
    clock = new TestClock(T0);
    t = await appOnFakeStream(db, exchange, clock, logs);
  });
  afterAll(async () => {
    t.app.services.liveFeed?.stop();
    await exchange.close();
  });

  it('a print at 1 and one near 10^20 among normal trades make no 24 h high or low and no candle’s', async () => {
    for (let i = 0; i < 10; i++) await step(0.1, [String(90_500 + i)]);
    await step(0.1, ['90510', '1', '90511']);
    await step(0.1, ['90512', '99999999999999999999', '90513']);
    for (let i = 0; i < 10; i++) await step(0.1, [String(90_520 + i)]);
    await market().flush();
    expect(await btcTicker()).toMatchObject({ price: '90529', high24h: '90529', low24h: '90500' });
    for (const candle of await newestCandles()) {
      expect(new Decimal(candle.high).lte(90_529), `${candle.interval} high ${candle.high}`).toBe(true);
      expect(new Decimal(candle.low).gte(90_500), `${candle.interval} low ${candle.low}`).toBe(true);
    }
    // What was written is the same (the chart after a restart, another process's read).
    const [row] = await queryRows<{ high: string; low: string }>(
      db.handle.db,
      sql`select max(high)::text as high, min(low)::text as low from market_candles where symbol = 'BTCUSDT'`,
    );
    expect([new Decimal(row!.high).toFixed(), new Decimal(row!.low).toFixed()]).toEqual(['90529', '90500']);
  });

  it('a bad print as the last trade is not the ticker’s price, high or low', async () => {
    await step(0.5, ['90521', '1']);
    expect(await btcTicker()).toMatchObject({ price: '90521', high24h: '90529', low24h: '90500' });
    await step(0.5, ['90522', '99999999999999999999']);
    expect(await btcTicker()).toMatchObject({ price: '90522', high24h: '90529', low24h: '90500' });
  });

  it('a move that lasts until the mark takes it counts in the 24 h low and the chart from then on', async () => {
    // 11 % down and staying there: held for 3 s, then the mark is there and the trades count.
    for (let i = 0; i < 20; i++) await step(0.25, [String(80_000 + i)]);
    expect(new Decimal(market().markPrice('BTCUSDT')!.price).lt(81_000)).toBe(true);
    const ticker = await btcTicker();
    expect(new Decimal(ticker.low24h).lt(81_000)).toBe(true);
    expect(new Decimal(ticker.low24h).gte(80_000)).toBe(true);
    const [oneSecond] = await newestCandles();
    expect(oneSecond).toMatchObject({ low: '80019', high: '80019' });
  });

  it('writes a candle whose volume passes what the database holds at that most, with one warning', async () => {
    const warnings = () => logs.filter((line) => String(line.msg).includes('volume'));
    const before = warnings().length;
    // Three trades of 9 × 10^19 in one second: each is storable, their sum in every candle is not.
    await step(1, ['80100', '80101', '80102'], '90000000000000000000');
    // The next seconds trade on, each written at the flush after it.
    for (let i = 0; i < 5; i++) {
      await step(1, [String(80_110 + i)]);
      await expect(market().flush()).resolves.toBeGreaterThan(0);
    }
    expect(warnings().slice(before)).toHaveLength(1);
    const [row] = await queryRows<{ volume: string }>(
      db.handle.db,
      sql`select volume::text from market_candles where symbol = 'BTCUSDT' and interval = '1m'
          order by time desc limit 1`,
    );
    expect(row!.volume).toBe('99999999999999999999.999999999999999999');
  });
});

describeEachDatabase('the live feed after a restart', (db) => {
  const exchange = new FakeBinance();
  afterAll(() => exchange.close());

  it('asks for every enabled pair’s trades before anything else called the market', async () => {
    const t = await db.app({ env: { PRICE_FEED: 'binance', BINANCE_STREAM_URL: exchange.url } });
    const feed = startMarketFeed(t.app.services.market, {
      db: db.handle.db,
      clock: t.clock,
      tickMs: 50,
      live: t.app.services.liveFeed,
    });
    try {
      await vi.waitFor(() => expect(exchange.requests).toHaveLength(1));
      expect(exchange.requests[0]).toBe(
        '/stream?streams=btcusdt@aggTrade/ethusdt@aggTrade/bnbusdt@aggTrade/solusdt@aggTrade/xrpusdt@aggTrade/dogeusdt@aggTrade',
      );
    } finally {
      await feed.stop();
    }
  });
});

describe.runIf(testSettings.redisUrl)('the mark price in two processes (Redis)', () => {
  const db = useDatabase(pgliteTarget);

  it('every process settles at the leader’s mark, a burst held and a change between trades alike', async () => {
    const clock = new TestClock(T0);
    // One channel for both: they share a database (its URL names the channel; the apps use `db`).
    const env = {
      PRICE_FEED: 'binance',
      REDIS_URL: testSettings.redisUrl!,
      DATABASE_URL: `postgres://mark-test/${randomUUID()}`,
    };
    const leader = (await db.app({ clock, env })).app.services.market;
    const follower = (await db.app({ clock, env })).app.services.market;
    await Promise.all([leader.init(), follower.init()]);
    const trade = (price: string) => ({ symbol: 'BTCUSDT', price, time: clock.now().getTime() });
    const same = () =>
      vi.waitFor(() => expect(follower.markPrice('BTCUSDT')).toEqual(leader.markPrice('BTCUSDT')));
    // Once the follower listens, the leader's marks reach it.
    await vi.waitFor(async () => {
      await leader.ingest([trade('90000')]);
      expect(follower.markPrice('BTCUSDT')?.price).toBe('90000');
    });
    for (let i = 1; i <= 5; i++) {
      clock.advance(0.1);
      await leader.ingest([trade(String(90_000 + i))]);
    }
    clock.advance(0.1);
    await leader.ingest(Array.from({ length: 10 }, () => trade('1')));
    await vi.waitFor(() => expect(follower.lastPrice('BTCUSDT')?.price).toBe('1'));
    await same();
    const held = follower.markPrice('BTCUSDT')!.price;
    expect(new Decimal(held).gte(90_000)).toBe(true);
    expect((await follower.settlementTick('BTCUSDT')).price).toBe(held);
    // The follower heard the newest trade too: a player's order there waits as on the leader.
    await expect(follower.playerTick('BTCUSDT', 'buy')).rejects.toMatchObject({
      msgKey: 'errors.priceMoving',
    });
    // Trades stop; a second on, the leader's pass makes the last trades the mark (within the band).
    clock.advance(1.5);
    await leader.ingest(['90020', '90030', '90010'].map(trade));
    await same();
    expect(follower.markPrice('BTCUSDT')!.price).toBe('90020');
    clock.advance(0.5);
    await leader.ingest([trade('90040')]);
    await same();
    expect(follower.markPrice('BTCUSDT')!.price).toBe('90020'); // 90010 90020 90030 90040
    // Within the band, a buyer there pays the newest trade and a seller gets the mark.
    expect((await follower.playerTick('BTCUSDT', 'buy')).price).toBe('90040');
    expect((await follower.playerTick('BTCUSDT', 'sell')).price).toBe('90020');
    // A second without trades: the mark is the median of the last three (90030 90010 90040).
    clock.advance(2);
    expect(await leader.refreshMarks()).toEqual([
      { symbol: 'BTCUSDT', price: '90030', time: clock.now().getTime() },
    ]);
    await same();
  });
});
