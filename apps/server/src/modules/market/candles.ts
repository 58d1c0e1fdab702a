// Candles from ticks (DESIGN §6, issue 10): each tick updates the open candle of every interval it falls
// in (1 s for the time-share line, 1m, 5m, 15m); a tick in a later bucket closes the candle and opens
// the next one. Buckets are aligned to the epoch (a 5m candle starts at :00, :05, ...), so a tick
// exactly on an edge opens the new candle. The aggregator only remembers what changed since its last
// flush; the market service writes that in one batch (never a row per tick). Restarted mid-bucket, it
// continues the stored candle (`resume`) instead of opening a second one for the same bucket.
import { candleIntervals, INTERVAL_MS, type Candle, type CandleInterval } from '@tradeflip/api';
import { Decimal } from '@tradeflip/money';

export interface OpenCandle {
  symbol: string;
  interval: CandleInterval;
  /** Bucket start, epoch ms. */
  time: number;
  open: Decimal;
  high: Decimal;
  low: Decimal;
  close: Decimal;
  volume: Decimal;
}

export function bucketStart(time: number, interval: CandleInterval): number {
  const size = INTERVAL_MS[interval];
  return Math.floor(time / size) * size;
}

export function toWireCandle(candle: OpenCandle): Candle {
  return {
    time: candle.time,
    open: candle.open.toFixed(),
    high: candle.high.toFixed(),
    low: candle.low.toFixed(),
    close: candle.close.toFixed(),
    volume: candle.volume.toFixed(),
  };
}

const keyOf = (symbol: string, interval: CandleInterval) => `${symbol}|${interval}`;

/**
 * The most volume a candle holds: what NUMERIC(38,18) stores. Each trade's quantity is within it (the
 * market drops larger ones), but a candle's sum can pass it; it stops there, written as the most the
 * database holds, instead of a candle the database refuses at every flush for the rest of its bucket.
 */
export const VOLUME_MAX = new Decimal('99999999999999999999.999999999999999999');

export class CandleAggregator {
  private readonly open = new Map<string, OpenCandle>();
  private readonly dirty = new Map<string, OpenCandle>();
  /** Candles whose volume reached VOLUME_MAX since the last takeCapped (each once). */
  private capped: OpenCandle[] = [];

  constructor(private readonly intervals: readonly CandleInterval[] = candleIntervals) {}

  /** Continues a stored candle (the newest of its symbol and interval) after a restart. */
  resume(candle: OpenCandle): void {
    const key = keyOf(candle.symbol, candle.interval);
    const current = this.open.get(key);
    if (!current || candle.time >= current.time) this.open.set(key, { ...candle });
  }

  /**
   * Folds one tick into every interval; answers the candles it touched (for live pushes). A tick older
   * than the open candle's bucket (out of order) is ignored: candles only move forward.
   */
  add(symbol: string, price: Decimal | string, time: number, volume: Decimal | string = '1'): OpenCandle[] {
    const value = new Decimal(price);
    const amount = new Decimal(volume);
    const touched: OpenCandle[] = [];
    for (const interval of this.intervals) {
      const key = keyOf(symbol, interval);
      const start = bucketStart(time, interval);
      const current = this.open.get(key);
      let next: OpenCandle;
      if (current && current.time === start) {
        const sum = current.volume.add(amount);
        next = {
          ...current,
          high: Decimal.max(current.high, value),
          low: Decimal.min(current.low, value),
          close: value,
          volume: Decimal.min(sum, VOLUME_MAX),
        };
        if (sum.gt(VOLUME_MAX) && current.volume.lt(VOLUME_MAX)) this.capped.push(next);
      } else if (!current || start > current.time) {
        next = {
          symbol,
          interval,
          time: start,
          open: value,
          high: value,
          low: value,
          close: value,
          volume: Decimal.min(amount, VOLUME_MAX),
        };
        if (amount.gt(VOLUME_MAX)) this.capped.push(next);
      } else {
        continue;
      }
      this.open.set(key, next);
      this.dirty.set(`${key}|${start}`, next);
      touched.push(next);
    }
    return touched;
  }

  /** The candles whose volume stopped at VOLUME_MAX since the last call: each once, when it did. */
  takeCapped(): OpenCandle[] {
    const capped = this.capped;
    this.capped = [];
    return capped;
  }

  /** The open candle of a symbol and interval, if any tick made one. */
  current(symbol: string, interval: CandleInterval): OpenCandle | undefined {
    return this.open.get(keyOf(symbol, interval));
  }

  /** Every candle changed since the last call, in its latest state (one per bucket). */
  drain(): OpenCandle[] {
    const changed = [...this.dirty.values()];
    this.dirty.clear();
    return changed;
  }

  /** Puts drained candles back when their write failed, unless a newer state replaced them. */
  restore(candles: OpenCandle[]): void {
    for (const candle of candles) {
      const key = `${keyOf(candle.symbol, candle.interval)}|${candle.time}`;
      if (!this.dirty.has(key)) this.dirty.set(key, candle);
    }
  }
}
