// The market (DESIGN §6, issue 10): one price source for every game and every USDT value. The feed's
// leader (a database lease, like the chain watcher) makes the ticks, folds them into candles and writes
// those in batches; every reader asks this service for the last price, the tickers and the candles.
// A pair with no tick for longer than the staleness limit is stale: the games refuse new orders on it.
import type { CandleInterval, Ticker } from '@tradeflip/contract';
import { Decimal, formatPrice } from '@tradeflip/money';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { AppError } from '../../plugins/errors';
import { CandleAggregator, toWireCandle, type OpenCandle } from './candles';
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

export interface TickEvent {
  symbol: string;
  price: string;
  time: number;
  candles: OpenCandle[];
}

interface Last {
  price: Decimal;
  time: number;
}

export interface MarketServiceDeps {
  db: Database;
  clock: Clock;
  feed: SimulatedFeed;
  /** No tick for longer than this marks a pair stale. */
  staleMs: number;
}

export class MarketService {
  private pairs: repo.PairRow[] = [];
  private readonly last = new Map<string, Last>();
  private readonly aggregator = new CandleAggregator();
  /** Per pair, the 1m candles of the last 24 h by bucket start (the tickers' change, high and low). */
  private readonly day = new Map<string, Map<number, OpenCandle>>();
  private readonly listeners = new Set<(event: TickEvent) => void>();
  private ready: Promise<void> | undefined;
  private lastPruneAt = 0;

  constructor(private readonly deps: MarketServiceDeps) {}

  /** Loads the pairs, continues stored candles and, at the very first start, back-fills history. */
  init(): Promise<void> {
    this.ready ??= this.load();
    return this.ready;
  }

  private async load(): Promise<void> {
    this.pairs = await repo.pairs(this.deps.db);
    const now = this.deps.clock.now().getTime();
    if (!(await repo.hasCandles(this.deps.db))) await this.backfill(now);
    // Continue each stored candle; the walk goes on from each pair's newest close.
    const newest = new Map<string, repo.CandleRow>();
    for (const row of await repo.latestCandles(this.deps.db)) {
      this.aggregator.resume(fromRow(row));
      const seen = newest.get(row.symbol);
      if (!seen || row.time > seen.time) newest.set(row.symbol, row);
    }
    for (const [symbol, row] of newest) this.deps.feed.place(symbol, row.close, this.dpOf(symbol));
    for (const pair of this.pairs) {
      if (!this.deps.feed.has(pair.symbol))
        this.deps.feed.place(pair.symbol, pair.referencePrice, pair.priceDp);
      const minutes = await repo.candles(this.deps.db, {
        symbol: pair.symbol,
        interval: '1m',
        limit: 1440,
      });
      this.day.set(pair.symbol, new Map(minutes.map((row) => [row.time, fromRow(row)])));
    }
  }

  private dpOf(symbol: string): number {
    return this.pairs.find((pair) => pair.symbol === symbol)?.priceDp ?? 4;
  }

  /** A day of history from each pair's reference price, written in batches. */
  private async backfill(now: number): Promise<void> {
    const aggregator = new CandleAggregator();
    const start = now - BACKFILL_MS;
    const rows: repo.CandleRow[] = [];
    for (const pair of this.pairs) {
      this.deps.feed.place(pair.symbol, pair.referencePrice, pair.priceDp);
      // A tick every 10 s is plenty for minute candles; the last 15 minutes tick every second, for
      // the time-share line.
      for (let time = start; time < now;) {
        const step = time < now - BACKFILL_SECONDS_MS ? 10_000 : 1000;
        aggregator.add(pair.symbol, this.deps.feed.next(pair.symbol, step), time);
        time += step;
      }
    }
    for (const candle of aggregator.drain()) {
      if (candle.interval === '1s' && candle.time < now - BACKFILL_SECONDS_MS) continue;
      rows.push(toRow(candle));
    }
    await repo.upsertCandles(this.deps.db, rows);
  }

  /** Called with every tick (and the candles it moved): the WebSocket pushes them. */
  onTick(listener: (event: TickEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One step of the feed: a tick for every enabled pair at `now`. The leader's loop calls it. */
  async step(now: number = this.deps.clock.now().getTime()): Promise<TickEvent[]> {
    await this.init();
    const events: TickEvent[] = [];
    for (const pair of this.pairs) {
      if (!pair.enabled) continue;
      const previous = this.last.get(pair.symbol)?.time;
      const price = this.deps.feed.next(pair.symbol, previous === undefined ? 1000 : now - previous);
      events.push(this.record(pair.symbol, price, now));
    }
    return events;
  }

  private record(symbol: string, price: Decimal, time: number): TickEvent {
    this.last.set(symbol, { price, time });
    const candles = this.aggregator.add(symbol, price, time);
    const minute = candles.find((candle) => candle.interval === '1m');
    if (minute) {
      const day = this.day.get(symbol) ?? new Map<number, OpenCandle>();
      // Minutes older than a day drop out only when a new minute starts, not at every tick.
      if (!day.has(minute.time)) {
        for (const start of day.keys()) if (start <= time - 86_400_000) day.delete(start);
      }
      day.set(minute.time, minute);
      this.day.set(symbol, day);
    }
    const event = { symbol, price: price.toFixed(), time, candles };
    for (const listener of this.listeners) listener(event);
    return event;
  }

  /** Writes the candles changed since the last flush, in one batch; prunes old ones now and then. */
  async flush(now: number = this.deps.clock.now().getTime()): Promise<number> {
    const changed = this.aggregator.drain();
    try {
      await repo.upsertCandles(this.deps.db, changed.map(toRow));
    } catch (error) {
      this.aggregator.restore(changed);
      throw error;
    }
    if (now - this.lastPruneAt > 3_600_000) {
      this.lastPruneAt = now;
      for (const [interval, keep] of Object.entries(RETENTION_MS)) {
        await repo.pruneCandles(this.deps.db, interval as CandleInterval, now - keep);
      }
    }
    return changed.length;
  }

  private stale(symbol: string, now: number): boolean {
    const last = this.last.get(symbol);
    return !last || now - last.time > this.deps.staleMs;
  }

  /** The last price of a pair, or undefined before its first tick. */
  lastPrice(symbol: string): { price: string; time: number; stale: boolean } | undefined {
    const last = this.last.get(symbol);
    if (!last) return undefined;
    return {
      price: last.price.toFixed(),
      time: last.time,
      stale: this.stale(symbol, this.deps.clock.now().getTime()),
    };
  }

  /** GET /api/app/market/tickers: each enabled pair with its last price and 24 h change. */
  async tickers(): Promise<{ list: Ticker[] }> {
    await this.init();
    const now = this.deps.clock.now().getTime();
    const list: Ticker[] = [];
    for (const pair of this.pairs) {
      if (!pair.enabled) continue;
      const last = this.last.get(pair.symbol);
      const day = [...(this.day.get(pair.symbol)?.values() ?? [])].filter((c) => c.time > now - 86_400_000);
      day.sort((a, b) => a.time - b.time);
      const price = last?.price ?? day.at(-1)?.close ?? new Decimal(pair.referencePrice);
      const open = day[0]?.open ?? price;
      const change = open.isZero() ? new Decimal(0) : price.sub(open).div(open).mul(100);
      const high = day.reduce((max, c) => Decimal.max(max, c.high), price);
      const low = day.reduce((min, c) => Decimal.min(min, c.low), price);
      list.push({
        symbol: pair.symbol,
        base: pair.base,
        quote: pair.quote,
        price: price.toFixed(),
        change24h: formatPrice(change, 4),
        high24h: high.toFixed(),
        low24h: low.toFixed(),
        priceDp: pair.priceDp,
        time: last?.time ?? day.at(-1)?.time ?? now,
        stale: this.stale(pair.symbol, now),
      });
    }
    return { list };
  }

  private requirePair(symbol: string): repo.PairRow {
    const pair = this.pairs.find((candidate) => candidate.symbol === symbol);
    if (!pair) throw new AppError(404, 'not_found', 'errors.pairUnknown');
    return pair;
  }

  /** GET /api/app/market/candles: stored candles, then the open one (not yet flushed) on top. */
  async candles(query: {
    symbol: string;
    interval: CandleInterval;
    limit: number;
    before?: number | undefined;
  }) {
    await this.init();
    this.requirePair(query.symbol);
    const rows = await repo.candles(this.deps.db, query);
    const list = rows.map((row) => toWireCandle(fromRow(row)));
    const open = this.aggregator.current(query.symbol, query.interval);
    if (open && (query.before === undefined || open.time < query.before)) {
      const wire = toWireCandle(open);
      if (list.at(-1)?.time === open.time) list[list.length - 1] = wire;
      else if (!list.length || open.time > list.at(-1)!.time) list.push(wire);
      if (list.length > query.limit) list.shift();
    }
    return { symbol: query.symbol, interval: query.interval, list };
  }

  // ---- Operations ----

  /** Pins a pair's simulated price (or releases it); the next tick carries it. */
  async pin(symbol: string, price: string | undefined) {
    await this.init();
    this.requirePair(symbol);
    const value = price === undefined ? undefined : new Decimal(price);
    if (value && value.lte(0)) {
      throw new AppError(400, 'validation', 'errors.amountInvalid', {
        fields: { price: 'errors.amountInvalid' },
      });
    }
    this.deps.feed.pin(symbol, value);
    // The pinned price shows at once, not at the next tick.
    if (value) this.record(symbol, value, this.deps.clock.now().getTime());
    return this.status();
  }

  async setPair(symbol: string, changes: { enabled?: boolean | undefined; sort?: number | undefined }) {
    await this.init();
    this.requirePair(symbol);
    await repo.updatePair(this.deps.db, symbol, {
      ...(changes.enabled !== undefined && { enabled: changes.enabled }),
      ...(changes.sort !== undefined && { sort: changes.sort }),
    });
    this.pairs = await repo.pairs(this.deps.db);
    return this.status();
  }

  /** `market:status`: per pair, the feed, the last tick's age and whether it is stale. */
  async status() {
    await this.init();
    const now = this.deps.clock.now().getTime();
    return {
      list: this.pairs.map((pair) => {
        const last = this.last.get(pair.symbol);
        return {
          symbol: pair.symbol,
          enabled: pair.enabled,
          sort: pair.sort,
          feed: this.deps.feed.name,
          price: last?.price.toFixed() ?? null,
          lastTickAgeMs: last ? now - last.time : null,
          stale: this.stale(pair.symbol, now),
          pinned: this.deps.feed.pinned(pair.symbol),
        };
      }),
    };
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
  return {
    symbol: candle.symbol,
    interval: candle.interval,
    time: candle.time,
    open: candle.open.toFixed(),
    high: candle.high.toFixed(),
    low: candle.low.toFixed(),
    close: candle.close.toFixed(),
    volume: candle.volume.toFixed(),
  };
}
