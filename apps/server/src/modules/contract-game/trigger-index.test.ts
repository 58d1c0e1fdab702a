// The engine's trigger index: a tick finds exactly the positions it crosses (liquidation first, then
// stop-loss, then take-profit or the profit cap), spares the near misses, and follows changes.
import { describe, expect, it } from 'vitest';
import { TriggerIndex, type IndexedPosition } from './trigger-index';

const long = (id: number, extra: Partial<IndexedPosition> = {}): IndexedPosition => ({
  id,
  symbol: 'BTCUSDT',
  side: 'long',
  entry: '60000',
  notional: '1000',
  margin: '10',
  fundingPaid: '0',
  mmr: '0.0005',
  takeProfit: null,
  stopLoss: null,
  capPrice: null,
  ...extra,
});

describe('the trigger index', () => {
  it('fires each position at its exact price, not a cent before', () => {
    const index = new TriggerIndex();
    index.upsert(long(1)); // liquidation 59430
    index.upsert(long(2, { margin: '20' })); // N 1000, buffer 19.5: 58830
    index.upsert({ ...long(3), side: 'short' }); // 60570
    expect(index.crossed('BTCUSDT', '59430.01')).toEqual([]);
    expect(index.crossed('BTCUSDT', '59430').map((x) => [x.position.id, x.reason])).toEqual([
      [1, 'liquidation'],
    ]);
    expect(index.crossed('BTCUSDT', '59430')).toEqual([]); // gone once fired
    expect(index.crossed('BTCUSDT', '60570').map((x) => [x.position.id, x.reason])).toEqual([
      [3, 'liquidation'],
    ]);
    expect(index.crossed('BTCUSDT', '50000').map((x) => x.position.id)).toEqual([2]);
    expect(index.size).toBe(0);
  });

  it('tells a stop-loss and a take-profit from a liquidation, and the cap counts as take-profit', () => {
    const index = new TriggerIndex();
    index.upsert(long(1, { stopLoss: '59800', takeProfit: '61000' }));
    index.upsert(long(2, { capPrice: '60600' }));
    expect(index.crossed('BTCUSDT', '60600').map((x) => [x.position.id, x.reason])).toEqual([
      [2, 'take_profit'],
    ]);
    expect(index.crossed('BTCUSDT', '59800').map((x) => [x.position.id, x.reason])).toEqual([
      [1, 'stop_loss'],
    ]);
  });

  it('follows a changed position and forgets a removed one', () => {
    const index = new TriggerIndex();
    index.upsert(long(1));
    // Funding paid moves the liquidation price up: 60000 · (1 − 8.5/1000) = 59490.
    index.upsert(long(1, { fundingPaid: '1' }));
    expect(index.crossed('BTCUSDT', '59490').map((x) => x.position.id)).toEqual([1]);
    index.upsert(long(2, { takeProfit: '61000' }));
    index.remove(2);
    expect(index.crossed('BTCUSDT', '70000')).toEqual([]);
    expect(index.crossed('ETHUSDT', '1')).toEqual([]);
  });
});
