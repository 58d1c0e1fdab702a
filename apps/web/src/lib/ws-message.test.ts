// The shape check of the server's messages gives the contract's zod schema's verdict on each sample.
import { describe, expect, it } from 'vitest';
import { wsServerMessage } from '@tradeflip/contract';
import { asServerMessage } from './ws-message';

const candle = { time: 1, open: '1', high: '2', low: '0.5', close: '1.5', volume: '3' };
const samples: unknown[] = [
  { type: 'ticks', list: [{ symbol: 'BTCUSDT', price: '60000', time: 1 }] },
  { type: 'ticks', list: [] },
  { type: 'ticks', list: [{ symbol: 'BTCUSDT', price: 60000, time: 1 }] },
  { type: 'ticks', list: [{ symbol: 'BTCUSDT', price: '1', time: 1.5 }] },
  { type: 'ticks' },
  { type: 'candle', symbol: 'BTCUSDT', interval: '1m', candle },
  { type: 'candle', symbol: 'BTCUSDT', interval: '2m', candle },
  { type: 'candle', symbol: 'BTCUSDT', interval: '1m', candle: { ...candle, close: 1 } },
  { type: 'candle', symbol: 'BTCUSDT', interval: '1m' },
  { type: 'balances' },
  { type: 'position', id: '7', status: 'closed', closeReason: 'liquidation' },
  { type: 'position', id: '7', status: 'open', closeReason: null },
  { type: 'position', id: 7, status: 'open', closeReason: null },
  { type: 'position', id: '7', status: 'gone', closeReason: null },
  { type: 'position', id: '7', status: 'closed', closeReason: 'magic' },
  { type: 'position', id: '7', status: 'closed' },
  { type: 'subscribed', channel: 'tickers' },
  { type: 'unsubscribed' },
  { type: 'authed', userId: '3' },
  { type: 'pong' },
  { type: 'error', reason: 'validation', msg: 'No' },
  { type: 'error', reason: 'validation' },
  { type: 'toString' },
  { type: 'unknown' },
  { list: [] },
  [],
  null,
  'ticks',
  42,
];

describe('asServerMessage', () => {
  it.each(samples.map((sample) => [JSON.stringify(sample), sample]))(
    'agrees with the contract schema on %s',
    (_, sample) => {
      expect(asServerMessage(sample) !== undefined).toBe(wsServerMessage.safeParse(sample).success);
    },
  );
});
