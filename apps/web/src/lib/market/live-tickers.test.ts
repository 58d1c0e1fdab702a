// The tickers channel writes into the query cache, through the real market socket on a stand-in
// connection: a frame replaces the moved pairs' figures in the cached list (the server's, as they
// come, nothing worked out here); a missed frame or a reconnect loads the list again.
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ticker, TickerMove } from '@tradeflip/api';

vi.mock('@/lib/live/reconnecting-socket', async () => ({
  ReconnectingSocket: (await import('@/lib/live/test-socket')).FakeSocket,
}));

const { FakeSocket } = await import('@/lib/live/test-socket');
const { followTickers } = await import('./live-tickers');

const row = (symbol: string, price: string, extra: Partial<Ticker> = {}): Ticker => ({
  symbol,
  base: symbol.replace('USDT', ''),
  quote: 'USDT',
  price,
  mark: price,
  change24h: '1.0000',
  high24h: price,
  low24h: price,
  priceDp: 2,
  time: 1,
  stale: false,
  ...extra,
});

const eth: TickerMove = {
  symbol: 'ETHUSDT',
  price: '3300',
  mark: '3299.5',
  change24h: '-2.5000',
  high24h: '3450',
  low24h: '2900',
  time: 2,
};

const KEY = ['market', 'tickers'];

/** The app's one socket (opened on first use), after the server said the tickers channel is at `seq`. */
function subscribed(seq: number) {
  const fake = FakeSocket.last!;
  if (fake.readyState !== fake.OPEN) fake.open();
  fake.frame({ type: 'subscribed', channel: 'tickers', seq });
  return fake;
}

/**
 * A client whose tickers query answers `answers` in turn (then the last again); with `following`,
 * the channel writes into it from before the first answer, as on a screen's first load.
 */
async function cached(answers: Ticker[][], { following = true } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  let calls = 0;
  const queryFn = vi.fn(() => Promise.resolve({ list: answers[Math.min(calls++, answers.length - 1)]! }));
  const stop = following ? followTickers(client, KEY) : () => undefined;
  await client.fetchQuery({ queryKey: KEY, queryFn });
  const list = () => client.getQueryData<{ list: Ticker[] }>(KEY)!.list;
  return { client, queryFn, list, stop };
}

describe('the tickers in the query cache', () => {
  let stops: (() => void)[] = [];
  beforeEach(() => {
    for (const stop of stops) stop();
    stops = [];
  });

  it('takes a frame’s figures for the pairs it moved, as the server worked them out', async () => {
    const { queryFn, list, stop } = await cached([
      [row('BTCUSDT', '60000'), row('ETHUSDT', '3000', { stale: true })],
    ]);
    stops.push(stop);
    const fake = subscribed(5);
    fake.frame({ type: 'ticks', seq: 6, list: [eth, { ...eth, symbol: 'DOGEUSDT' }] });
    expect(list()).toEqual([
      row('BTCUSDT', '60000'),
      // Fresh again with its tick.
      { ...row('ETHUSDT', '3000'), ...eth, stale: false },
    ]);
    // A frame costs no request.
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('loads the list again after a missed frame', async () => {
    const { queryFn, list, stop } = await cached([[row('BTCUSDT', '60000')], [row('BTCUSDT', '61000')]]);
    stops.push(stop);
    const fake = subscribed(10);
    fake.frame({ type: 'ticks', seq: 11, list: [] });
    expect(queryFn).toHaveBeenCalledTimes(1);
    fake.frame({ type: 'ticks', seq: 13, list: [] });
    await vi.waitFor(() => expect(list()[0]!.price).toBe('61000'));
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('loads the list again after a reconnect, once subscribed again', async () => {
    const { queryFn, list, stop } = await cached([[row('BTCUSDT', '60000')], [row('BTCUSDT', '59000')]]);
    stops.push(stop);
    const fake = subscribed(0);
    fake.drop();
    fake.open();
    expect(queryFn).toHaveBeenCalledTimes(1);
    fake.frame({ type: 'subscribed', channel: 'tickers', seq: 7 });
    await vi.waitFor(() => expect(list()[0]!.price).toBe('59000'));
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('listens once however many screens show them, and loads a list cached while nobody listened', async () => {
    const { client, queryFn, list } = await cached([[row('BTCUSDT', '60000')], [row('BTCUSDT', '62000')]], {
      following: false,
    });
    const first = followTickers(client, KEY);
    const second = followTickers(client, KEY);
    const fake = subscribed(0);
    // The list was cached before anyone listened: it is loaded again, once.
    await vi.waitFor(() => expect(list()[0]!.price).toBe('62000'));
    expect(queryFn).toHaveBeenCalledTimes(2);
    fake.sent.length = 0;
    first();
    expect(fake.sent).toEqual([]);
    second();
    expect(fake.sent).toEqual([{ op: 'unsubscribe', channel: 'tickers' }]);
  });

  it('leaves a list not loaded yet alone', () => {
    const client = new QueryClient();
    stops.push(followTickers(client, KEY));
    const fake = subscribed(0);
    fake.frame({ type: 'ticks', seq: 1, list: [eth] });
    expect(client.getQueryData(KEY)).toBeUndefined();
  });
});
