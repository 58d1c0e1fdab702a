// The shape check of the server's messages gives the contract's zod schema's verdict on each sample.
import { describe, expect, it } from 'vitest';
import { wsServerMessage } from '@tradeflip/api';
import { asServerMessage } from './ws-message';

const move = {
  symbol: 'BTCUSDT',
  price: '60000',
  mark: '59990.5',
  change24h: '1.2500',
  high24h: '61000',
  low24h: '59000',
  time: 1,
};
const candle = { time: 1, open: '1', high: '2', low: '0.5', close: '1.5', volume: '3' };
const samples: unknown[] = [
  { type: 'ticks', seq: 1, list: [move] },
  { type: 'ticks', seq: 1, list: [{ ...move, mark: null }] },
  { type: 'ticks', seq: 1, list: [{ ...move, mark: undefined }] },
  { type: 'ticks', seq: 0, list: [] },
  { type: 'ticks', list: [] },
  { type: 'ticks', seq: -1, list: [] },
  { type: 'ticks', seq: 1.5, list: [] },
  { type: 'ticks', seq: '1', list: [] },
  { type: 'ticks', seq: 1, list: [{ ...move, price: 60000 }] },
  { type: 'ticks', seq: 1, list: [{ ...move, time: 1.5 }] },
  { type: 'ticks', seq: 1, list: [{ ...move, change24h: 1.25 }] },
  { type: 'ticks', seq: 1, list: [{ symbol: 'BTCUSDT', price: '60000', time: 1 }] },
  { type: 'ticks', seq: 1, list: [{ ...move, high24h: undefined }] },
  { type: 'ticks', seq: 1, list: [{ ...move, low24h: null }] },
  { type: 'ticks', seq: 1 },
  { type: 'candle', seq: 2, symbol: 'BTCUSDT', interval: '1m', candle },
  { type: 'candle', symbol: 'BTCUSDT', interval: '1m', candle },
  { type: 'candle', seq: 2, symbol: 'BTCUSDT', interval: '2m', candle },
  { type: 'candle', seq: 2, symbol: 'BTCUSDT', interval: '1m', candle: { ...candle, close: 1 } },
  { type: 'candle', seq: 2, symbol: 'BTCUSDT', interval: '1m' },
  { type: 'balances', seq: 3 },
  { type: 'balances' },
  { type: 'position', seq: 4, id: '7', status: 'closed', closeReason: 'liquidation' },
  { type: 'position', seq: 4, id: '7', status: 'open', closeReason: null },
  { type: 'position', id: '7', status: 'open', closeReason: null },
  { type: 'position', seq: 4, id: 7, status: 'open', closeReason: null },
  { type: 'position', seq: 4, id: '7', status: 'gone', closeReason: null },
  { type: 'position', seq: 4, id: '7', status: 'closed', closeReason: 'magic' },
  { type: 'position', seq: 4, id: '7', status: 'closed' },
  { type: 'flip', seq: 5, id: '9', status: 'open', result: null },
  { type: 'flip', seq: 5, id: '9', status: 'closed', result: 'won' },
  { type: 'flip', seq: 5, id: '9', status: 'refunded', result: 'tie' },
  { type: 'flip', seq: 5, id: '9', status: 'refunded', result: 'no_price' },
  { type: 'flip', id: '9', status: 'open', result: null },
  { type: 'flip', seq: 5, id: 9, status: 'open', result: null },
  { type: 'flip', seq: 5, id: '9', status: 'expired', result: null },
  { type: 'flip', seq: 5, id: '9', status: 'closed', result: 'draw' },
  { type: 'flip', seq: 5, id: '9', status: 'closed' },
  { type: 'notice', seq: 6, id: '11' },
  { type: 'notice', id: '11' },
  { type: 'notice', seq: 6, id: 11 },
  { type: 'notice', seq: 6 },
  { type: 'subscribed', channel: 'tickers', seq: 0 },
  { type: 'subscribed', channel: 'tickers' },
  { type: 'unsubscribed' },
  { type: 'authed', userId: '3' },
  { type: 'unauthed', reason: 'logout' },
  { type: 'unauthed', reason: 'frozen' },
  { type: 'unauthed', reason: 'expired' },
  { type: 'unauthed', reason: 'bored' },
  { type: 'unauthed' },
  { type: 'pong', time: 1 },
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
