// Issue 10, acceptance 1 (the aggregation itself): candles from a scripted tick sequence are exact at
// bucket edges for every interval, and a restart mid-bucket continues the same candle.
import { describe, expect, it } from 'vitest';
import { INTERVAL_MS } from '@tradeflip/api';
import { bucketStart, CandleAggregator, toWireCandle } from './candles';

const T0 = Date.UTC(2026, 10, 24, 12, 0, 0); // a 15-minute edge

describe('candle aggregation', () => {
  it('aligns buckets to the epoch: a tick on an edge opens the new bucket', () => {
    expect(bucketStart(T0, '15m')).toBe(T0);
    expect(bucketStart(T0 - 1, '15m')).toBe(T0 - INTERVAL_MS['15m']);
    expect(bucketStart(T0 + 299_999, '5m')).toBe(T0);
    expect(bucketStart(T0 + 300_000, '5m')).toBe(T0 + 300_000);
    expect(bucketStart(T0 + 1_999, '1s')).toBe(T0 + 1_000);
  });

  it('makes open, high, low, close and volume exact at the edges of every interval', () => {
    const agg = new CandleAggregator();
    const script: [number, string][] = [
      [T0 - 1, '99.5'], // last tick of the previous bucket of every interval
      [T0, '100'], // first of the new ones
      [T0 + 400, '101.25'],
      [T0 + 999, '99.75'],
      [T0 + 1_000, '100.5'], // new 1 s bucket only
      [T0 + 59_999, '102'],
      [T0 + 60_000, '98'], // new 1m bucket
      [T0 + 299_999, '97.000000000000000001'],
      [T0 + 300_000, '103'], // new 5m bucket
      [T0 + 899_999, '104'],
      [T0 + 900_000, '105'], // new 15m bucket
    ];
    const snapshots = new Map<string, ReturnType<typeof toWireCandle>>();
    for (const [time, price] of script) {
      for (const candle of agg.add('BTCUSDT', price, time)) {
        snapshots.set(`${candle.interval}@${candle.time - T0}`, toWireCandle(candle));
      }
    }
    const at = (key: string) => snapshots.get(key);
    // The previous buckets hold only the tick before the edge.
    expect(at('15m@-900000')).toEqual({
      time: T0 - 900_000,
      open: '99.5',
      high: '99.5',
      low: '99.5',
      close: '99.5',
      volume: '1',
    });
    expect(at('1s@0')).toMatchObject({
      open: '100',
      high: '101.25',
      low: '99.75',
      close: '99.75',
      volume: '3',
    });
    expect(at('1s@1000')).toMatchObject({ open: '100.5', close: '100.5', volume: '1' });
    expect(at('1m@0')).toMatchObject({ open: '100', high: '102', low: '99.75', close: '102', volume: '5' });
    expect(at('1m@60000')).toMatchObject({ open: '98', high: '98', low: '98', close: '98', volume: '1' });
    expect(at('5m@0')).toMatchObject({
      open: '100',
      high: '102',
      low: '97.000000000000000001',
      close: '97.000000000000000001',
      volume: '7',
    });
    expect(at('5m@300000')).toMatchObject({
      open: '103',
      high: '103',
      low: '103',
      close: '103',
      volume: '1',
    });
    expect(at('5m@600000')).toMatchObject({ open: '104', close: '104', volume: '1' });
    expect(at('15m@0')).toMatchObject({
      open: '100',
      high: '104',
      low: '97.000000000000000001',
      close: '104',
      volume: '9',
    });
    expect(at('15m@900000')).toMatchObject({ open: '105', close: '105', volume: '1' });
  });

  it('drains each changed bucket once, in its latest state, and ignores ticks from the past', () => {
    const agg = new CandleAggregator(['1m']);
    agg.add('ETHUSDT', '10', T0 + 1);
    agg.add('ETHUSDT', '12', T0 + 2);
    agg.add('ETHUSDT', '11', T0 + 60_000);
    const drained = agg.drain().map(toWireCandle);
    expect(drained).toEqual([
      { time: T0, open: '10', high: '12', low: '10', close: '12', volume: '2' },
      { time: T0 + 60_000, open: '11', high: '11', low: '11', close: '11', volume: '1' },
    ]);
    expect(agg.drain()).toEqual([]);
    expect(agg.add('ETHUSDT', '1', T0 + 5)).toEqual([]); // an older bucket: ignored
    expect(agg.current('ETHUSDT', '1m')?.close.toFixed()).toBe('11');
  });

  it('continues a stored candle after a restart mid-bucket', () => {
    const before = new CandleAggregator(['5m']);
    before.add('SOLUSDT', '150', T0 + 10_000);
    before.add('SOLUSDT', '155', T0 + 20_000);
    const stored = before.drain()[0]!;

    const after = new CandleAggregator(['5m']);
    after.resume(stored);
    after.add('SOLUSDT', '149', T0 + 30_000);
    const [continued] = after.drain().map(toWireCandle);
    expect(continued).toEqual({ time: T0, open: '150', high: '155', low: '149', close: '149', volume: '3' });
  });

  it('keeps a failed write’s candles for the next flush unless newer states replaced them', () => {
    const agg = new CandleAggregator(['1m']);
    agg.add('XRPUSDT', '0.5', T0);
    const failed = agg.drain();
    agg.add('XRPUSDT', '0.6', T0 + 1);
    agg.restore(failed);
    expect(agg.drain().map(toWireCandle)).toEqual([
      { time: T0, open: '0.5', high: '0.6', low: '0.5', close: '0.6', volume: '2' },
    ]);
  });
});
