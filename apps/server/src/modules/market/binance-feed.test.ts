// Issue 10, acceptance 2: the live feed (PRICE_FEED=binance) against a local server that speaks
// Binance's combined aggTrade stream (no test touches the internet): trades become ticks rounded to
// the pair's decimals, a dropped connection reconnects, a silent stream marks its pairs stale and is
// reconnected, and an operator cannot pin a live price.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  adminCall,
  call,
  describeEachDatabase,
  TestClock,
  useDatabase,
  type TestApp,
} from '../../test/harness';

const T0 = Date.parse('2030-03-01T00:00:00Z');

/** A stand-in for wss://stream.binance.com:9443/stream: records what was asked, sends what we say. */
class FakeBinance {
  readonly server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  readonly requests: string[] = [];
  sockets: WebSocket[] = [];
  constructor() {
    this.server.on('connection', (socket, request) => {
      this.requests.push(request.url ?? '');
      this.sockets.push(socket);
    });
  }
  get url() {
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/stream`;
  }
  get current(): WebSocket | undefined {
    return this.sockets.at(-1);
  }
  trade(symbol: string, price: string, quantity: string) {
    this.current!.send(
      JSON.stringify({
        stream: `${symbol.toLowerCase()}@aggTrade`,
        data: {
          e: 'aggTrade',
          E: 1,
          s: symbol,
          a: 1,
          p: price,
          q: quantity,
          f: 1,
          l: 1,
          T: 1,
          m: true,
          M: true,
        },
      }),
    );
  }
  close() {
    for (const socket of this.sockets) socket.terminate();
    return new Promise((resolve) => this.server.close(resolve));
  }
}

interface Ticker {
  symbol: string;
  price: string;
  stale: boolean;
}

describeEachDatabase('the live price feed (Binance format, local fake stream)', (target) => {
  const db = useDatabase(target);
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
    expect(parseConfig({ PRICE_FEED: 'binance' }).market).toMatchObject({
      feed: 'binance',
      binanceUrl: 'wss://stream.binance.com:9443/stream',
    });
  });
});
