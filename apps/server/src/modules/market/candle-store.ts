// The market's candles: folded from the ticks (candles.ts), written in batches by the feed's leader,
// pruned after their retention, read back for the chart; and each pair's last 24 h of minutes, the
// tickers' window.
import type { CandleInterval } from '@tradeflip/api';
import { Decimal } from '@tradeflip/money';
import type { Database } from '../../db/client';
import { CandleAggregator, toWireCandle, VOLUME_MAX, type OpenCandle } from './candles';
import * as repo from './repository';
import type { SimulatedFeed } from './simulated-feed';

/** How long candles are kept: 1 s candles for a day (the time-share line), the others for 90 days. */
export const RETENTION_MS: Record<CandleInterval, number> = {
  '1s': 86_400_000,
  '1m': 90 * 86_400_000,
  '5m': 90 * 86_400_000,
  '15m': 90 * 86_400_000,
};

/** History made at the first start so charts are never empty: a day of minutes, 15 min of seconds. */
const BACKFILL_MS = 86_400_000;
const BACKFILL_SECONDS_MS = 15 * 60_000;

export class CandleStore {
  private readonly aggregator = new CandleAggregator();
  /** Each pair's minutes of the last 24 h (the tickers' change, high and low). */
  private readonly day = new Map<string, Map<number, OpenCandle>>();
  private lastPruneAt = 0;

  constructor(
    private readonly deps: { db: Database; log?: { warn(obj: object, msg: string): void } | undefined },
  ) {}

  /** A day of history from each pair's reference price, written in batches (the simulated feed). */
  async backfill(pairs: repo.PairRow[], feed: SimulatedFeed | null, now: number): Promise<void> {
    if (!feed) return;
    const aggregator = new CandleAggregator();
    const start = now - BACKFILL_MS;
    const rows: repo.CandleRow[] = [];
    for (const pair of pairs) {
      feed.place(pair.symbol, pair.referencePrice, pair.priceDp);
      // A tick every 10 s is plenty for minute candles; the last 15 minutes tick every second, for
      // the time-share line.
      for (let time = start; time < now;) {
        const step = time < now - BACKFILL_SECONDS_MS ? 10_000 : 1000;
        aggregator.add(pair.symbol, feed.next(pair.symbol, step), time);
        time += step;
      }
    }
    for (const candle of aggregator.drain()) {
      if (candle.interval === '1s' && candle.time < now - BACKFILL_SECONDS_MS) continue;
      rows.push(toRow(candle));
    }
    await repo.upsertCandles(this.deps.db, rows);
  }

  /** Continues each stored candle; answers each pair's newest (the walk goes on from its close). */
  async resume(): Promise<Map<string, repo.CandleRow>> {
    const newest = new Map<string, repo.CandleRow>();
    for (const row of await repo.latestCandles(this.deps.db)) {
      this.aggregator.resume(fromRow(row));
      const seen = newest.get(row.symbol);
      if (!seen || row.time > seen.time) newest.set(row.symbol, row);
    }
    return newest;
  }

  /** Reads a pair's last 1440 minutes into its 24 h window. */
  async loadDay(symbol: string): Promise<void> {
    const minutes = await repo.candles(this.deps.db, { symbol, interval: '1m', limit: 1440 });
    this.day.set(
      symbol,
      new Map(minutes.map((row) => [row.time, fromRow({ ...row, symbol, interval: '1m' })])),
    );
  }

  /** Folds a tick into every interval's candle; answers the candles it moved. */
  add(symbol: string, price: Decimal, time: number, volume?: string): OpenCandle[] {
    const moved = this.aggregator.add(symbol, price, time, volume);
    for (const candle of moved) if (candle.interval === '1m') this.keepMinute(candle);
    const capped = this.aggregator.takeCapped();
    if (capped.length) {
      this.deps.log?.warn(
        { candles: capped.map((c) => `${c.symbol} ${c.interval} ${c.time}`), volume: VOLUME_MAX.toFixed() },
        'market: a candle’s volume passed what the database holds; it is kept at that most',
      );
    }
    return moved;
  }

  /** A pair's minutes within the 24 h before `now`, oldest first. */
  dayOf(symbol: string, now: number): OpenCandle[] {
    const day = [...(this.day.get(symbol)?.values() ?? [])].filter((c) => c.time > now - 86_400_000);
    day.sort((a, b) => a.time - b.time);
    return day;
  }

  /** The 24 h window of minutes behind the tickers' change, high and low. */
  private keepMinute(minute: OpenCandle) {
    const day = this.day.get(minute.symbol) ?? new Map<number, OpenCandle>();
    // Minutes older than a day drop out only when a new minute starts, not at every tick.
    if (!day.has(minute.time)) {
      for (const start of day.keys()) if (start <= minute.time - 86_400_000) day.delete(start);
    }
    day.set(minute.time, minute);
    this.day.set(minute.symbol, day);
  }

  /** A follower's candles are the leader's to write: forget what changed since the last pass. */
  discardUnwritten(): void {
    this.aggregator.drain();
  }

  /**
   * Writes the candles changed since the last flush, in one batch; prunes old ones now and then. A
   * batch the database refuses is written candle by candle, so one bucket it cannot take holds up no
   * other: that candle is dropped with a warning (its bucket's next tick writes it again). When none
   * could be written (the database is away), all are kept for the next flush.
   */
  async flush(now: number): Promise<number> {
    const changed = this.aggregator.drain();
    const refused: OpenCandle[] = [];
    try {
      await repo.upsertCandles(this.deps.db, changed.map(toRow));
    } catch (error) {
      for (const candle of changed) {
        await repo.upsertCandles(this.deps.db, [toRow(candle)]).catch(() => refused.push(candle));
      }
      if (refused.length === changed.length) {
        this.aggregator.restore(changed);
        throw error;
      }
      if (refused.length) {
        this.deps.log?.warn(
          { err: error, refused: refused.map((c) => `${c.symbol} ${c.interval} ${c.time}`) },
          'market: candles the database refused were dropped; the others are written',
        );
      }
    }
    if (now - this.lastPruneAt > 3_600_000) {
      this.lastPruneAt = now;
      for (const [interval, keep] of Object.entries(RETENTION_MS)) {
        await repo.pruneCandles(this.deps.db, interval as CandleInterval, now - keep);
      }
    }
    return changed.length - refused.length;
  }

  /** Stored candles, then the open one (not yet flushed) on top. */
  async candles(query: {
    symbol: string;
    interval: CandleInterval;
    limit: number;
    before?: number | undefined;
  }) {
    const list = await repo.candles(this.deps.db, query);
    const open = this.aggregator.current(query.symbol, query.interval);
    if (open && (query.before === undefined || open.time < query.before)) {
      const wire = toWireCandle(open);
      if (list.at(-1)?.time === open.time) list[list.length - 1] = wire;
      else if (!list.length || open.time > list.at(-1)!.time) list.push(wire);
      if (list.length > query.limit) list.shift();
    }
    return { symbol: query.symbol, interval: query.interval, list };
  }
}

function fromRow(row: repo.CandleRow): OpenCandle {
  return {
    symbol: row.symbol,
    interval: row.interval,
    time: Number(row.time),
    open: new Decimal(row.open),
    high: new Decimal(row.high),
    low: new Decimal(row.low),
    close: new Decimal(row.close),
    volume: new Decimal(row.volume),
  };
}

function toRow(candle: OpenCandle): repo.CandleRow {
  return { symbol: candle.symbol, interval: candle.interval, ...toWireCandle(candle) };
}
