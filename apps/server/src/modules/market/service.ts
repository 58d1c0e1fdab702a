// The market (DESIGN §6, issue 10): one price source for every game and every USDT value. The feed's
// leader (a database lease, like the chain watcher) takes the ticks (the simulated walk's steps, or a
// live exchange's trades), folds them into candles, writes those in batches and publishes the ticks
// through the relay; every other process applies the same ticks, so each answers the last price, the
// tickers and the candles, and pushes the same stream to its WebSocket clients. A pair with no tick for
// longer than the staleness limit is stale: the games refuse new orders on it.
import type { CandleInterval, Ticker } from '@tradeflip/contract';
import { Decimal, formatPrice } from '@tradeflip/money';
import type { Clock } from '../../clock';
import type { Database, Queryable } from '../../db/client';
import { AppError } from '../../plugins/errors';
import { CandleAggregator, toWireCandle, type OpenCandle } from './candles';
import { LocalRelay, type MarketRelay, type RawTick, type RelayMessage } from './relay';
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

/** What one step moved: the newest tick of each pair, and the newest state of each candle touched. */
export interface TickBatch {
  ticks: RawTick[];
  candles: OpenCandle[];
}

/** A trade or price from a live feed: any precision; the market rounds it to the pair's decimals. */
export interface FeedTick {
  symbol: string;
  price: string;
  time: number;
  volume?: string;
}

interface Last {
  price: Decimal;
  time: number;
}

export interface MarketServiceDeps {
  db: Database;
  clock: Clock;
  /** The simulated walk (PRICE_FEED=simulated); null with a live feed, whose ticks come to ingest(). */
  feed: SimulatedFeed | null;
  /** The live feed's name, shown in market:status (when `feed` is null). */
  liveFeedName?: string;
  /** Ticks to and from the other API processes (Redis); none on the embedded default. */
  relay?: MarketRelay;
  /** No tick for longer than this marks a pair stale. */
  staleMs: number;
}

export class MarketService {
  private pairs: repo.PairRow[] = [];
  private readonly last = new Map<string, Last>();
  private readonly aggregator = new CandleAggregator();
  /** Per pair, the 1m candles of the last 24 h by bucket start (the tickers' change, high and low). */
  private readonly day = new Map<string, Map<number, OpenCandle>>();
  private readonly listeners = new Set<(batch: TickBatch) => void>();
  private readonly pairListeners = new Set<() => void>();
  private readonly relay: MarketRelay;
  private ready: Promise<void> | undefined;
  private lastPruneAt = 0;

  constructor(private readonly deps: MarketServiceDeps) {
    this.relay = deps.relay ?? new LocalRelay();
    this.relay.subscribe((message) => void this.fromRelay(message));
  }

  get feedName(): string {
    return this.deps.feed?.name ?? this.deps.liveFeedName ?? 'live';
  }

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
    const feed = this.deps.feed;
    if (feed) for (const [symbol, row] of newest) feed.place(symbol, row.close, this.dpOf(symbol));
    for (const pair of this.pairs) {
      if (feed && !feed.has(pair.symbol)) feed.place(pair.symbol, pair.referencePrice, pair.priceDp);
      if (feed && pair.pinnedPrice !== null) feed.pin(pair.symbol, new Decimal(pair.pinnedPrice));
      const minutes = await repo.candles(this.deps.db, {
        symbol: pair.symbol,
        interval: '1m',
        limit: 1440,
      });
      this.day.set(
        pair.symbol,
        new Map(minutes.map((row) => [row.time, fromRow({ ...row, symbol: pair.symbol, interval: '1m' })])),
      );
    }
  }

  /** Called after an operator changed the pairs (here or in another process): a live feed re-subscribes. */
  onPairsChange(listener: () => void): () => void {
    this.pairListeners.add(listener);
    return () => this.pairListeners.delete(listener);
  }

  private async reloadPairs(): Promise<void> {
    this.pairs = await repo.pairs(this.deps.db);
    for (const listener of this.pairListeners) listener();
  }

  /**
   * The pairs a live feed streams: every pair, enabled or not. A disabled pair takes no new order
   * and leaves the lists, but positions still open on it keep a live price (reduce-only).
   */
  feedSymbols(): string[] {
    return this.pairs.map((pair) => pair.symbol);
  }

  private dpOf(symbol: string): number {
    return this.pairs.find((pair) => pair.symbol === symbol)?.priceDp ?? 4;
  }

  /** A day of history from each pair's reference price, written in batches (the simulated feed). */
  private async backfill(now: number): Promise<void> {
    if (!this.deps.feed) return;
    const feed = this.deps.feed;
    const aggregator = new CandleAggregator();
    const start = now - BACKFILL_MS;
    const rows: repo.CandleRow[] = [];
    for (const pair of this.pairs) {
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

  /** Called with every batch of ticks (and the candles they moved): the WebSocket pushes them. */
  onTick(listener: (batch: TickBatch) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One step of the simulated feed: a tick for every pair at `now` (see feedSymbols). The leader's loop calls it. */
  async step(now: number = this.deps.clock.now().getTime()): Promise<TickBatch> {
    await this.init();
    const feed = this.deps.feed;
    if (!feed) throw new Error('step() drives the simulated feed; a live feed calls ingest()');
    const ticks: RawTick[] = [];
    for (const pair of this.pairs) {
      const previous = this.last.get(pair.symbol)?.time;
      const price = feed.next(pair.symbol, previous === undefined ? 1000 : now - previous);
      ticks.push({ symbol: pair.symbol, price: price.toFixed(), time: now });
    }
    return this.lead(ticks);
  }

  /**
   * Trades or prices from a live feed (the leader's): each rounded half-up to its pair's decimals;
   * unknown pairs are skipped (a disabled one keeps its price, see feedSymbols).
   */
  async ingest(input: FeedTick[]): Promise<TickBatch> {
    await this.init();
    const ticks: RawTick[] = [];
    for (const tick of input) {
      const pair = this.pairs.find((candidate) => candidate.symbol === tick.symbol);
      if (!pair) continue;
      const price = new Decimal(tick.price).toDecimalPlaces(pair.priceDp, Decimal.ROUND_HALF_UP);
      if (price.lte(0)) continue;
      ticks.push({
        symbol: tick.symbol,
        price: price.toFixed(),
        time: tick.time,
        ...(tick.volume !== undefined && { volume: tick.volume }),
      });
    }
    return this.lead(ticks);
  }

  /** The leader's ticks: applied here, then published to the other processes. */
  private lead(ticks: RawTick[]): TickBatch {
    const batch = this.apply(ticks);
    if (ticks.length) this.relay.publish({ kind: 'ticks', list: ticks });
    return batch;
  }

  /** Another process's message: the leader's ticks, an operator's pin or change of pairs. */
  private async fromRelay(message: RelayMessage): Promise<void> {
    await this.init();
    switch (message.kind) {
      case 'ticks':
        // The walk follows the leader's prices, so this process continues from them if it leads next.
        for (const tick of message.list) this.deps.feed?.follow(tick.symbol, tick.price);
        this.apply(message.list);
        return;
      case 'pin':
        this.deps.feed?.pin(message.symbol, message.price === null ? undefined : new Decimal(message.price));
        return;
      case 'pairs':
        await this.reloadPairs();
        return;
    }
  }

  /** Folds ticks into the last prices, the candles and the 24 h window; tells the listeners once. */
  private apply(ticks: RawTick[]): TickBatch {
    const newest = new Map<string, RawTick>();
    const candles = new Map<string, OpenCandle>();
    for (const tick of ticks) {
      if (!this.pairs.some((pair) => pair.symbol === tick.symbol)) continue;
      const price = new Decimal(tick.price);
      const seen = this.last.get(tick.symbol);
      if (!seen || tick.time >= seen.time) this.last.set(tick.symbol, { price, time: tick.time });
      for (const candle of this.aggregator.add(tick.symbol, price, tick.time, tick.volume)) {
        candles.set(`${candle.symbol}|${candle.interval}`, candle);
        if (candle.interval === '1m') this.keepMinute(candle);
      }
      newest.set(tick.symbol, tick);
    }
    const batch = { ticks: [...newest.values()], candles: [...candles.values()] };
    if (batch.ticks.length) for (const listener of this.listeners) listener(batch);
    return batch;
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

  /**
   * The price a settlement uses now (a game's open, close or liquidation): the pair's last tick, kept
   * exactly in market_ticks, so the settlement's row can refer to it and anyone can check it later.
   * Inside `tx` the tick is kept by it; without, it is kept at once, and once however many
   * settlements use it (every open at a tick). A stale pair (or one that never ticked) refuses:
   * 'price fetch failed', and the game takes no order. A disabled pair still settles: its open
   * positions close at it (the games refuse new orders on it themselves).
   */
  async settlementTick(
    symbol: string,
    tx?: Queryable,
  ): Promise<{ tickId: number; price: string; time: number }> {
    await this.init();
    this.requirePair(symbol);
    const last = this.last.get(symbol);
    if (!last || this.stale(symbol, this.deps.clock.now().getTime())) {
      throw new AppError(409, 'price_unavailable', 'errors.priceFetchFailed');
    }
    const tick = { symbol, price: last.price.toFixed(), time: last.time };
    return { tickId: await this.keepTick(tick, tx), price: tick.price, time: tick.time };
  }

  private readonly kept = new Map<string, { time: number; price: string; id: Promise<number> }>();

  /** Keeps a tick the engine saw cross a trigger (the settlement uses that tick, not a later one). */
  keepTick(tick: { symbol: string; price: string; time: number }, tx?: Queryable): Promise<number> {
    const usedAt = this.deps.clock.now();
    if (tx) return repo.keepTick(tx, { ...tick, usedAt });
    const cached = this.kept.get(tick.symbol);
    if (cached && cached.time === tick.time && cached.price === tick.price) return cached.id;
    const id = repo.keepTick(this.deps.db, { ...tick, usedAt });
    this.kept.set(tick.symbol, { time: tick.time, price: tick.price, id });
    id.catch(() => {
      if (this.kept.get(tick.symbol)?.id === id) this.kept.delete(tick.symbol);
    });
    return id;
  }

  /** A kept settlement tick (for audits and the games' detail screens). */
  keptTick(id: number) {
    return repo.keptTick(this.deps.db, id);
  }

  // ---- Operations ----

  /** Pins a pair's simulated price (or releases it); every process hears of it; it shows at once. */
  async pin(symbol: string, price: string | undefined) {
    await this.init();
    this.requirePair(symbol);
    const feed = this.deps.feed;
    if (!feed) throw new AppError(409, 'feed_live', 'errors.feedLive');
    // A tick carries the pair's decimals, like every other tick (half-up), so what shows is what counts.
    const value =
      price === undefined
        ? undefined
        : new Decimal(price).toDecimalPlaces(this.dpOf(symbol), Decimal.ROUND_HALF_UP);
    if (value && value.lte(0)) {
      throw new AppError(400, 'validation', 'errors.amountInvalid', {
        fields: { price: 'errors.amountInvalid' },
      });
    }
    const pinned = value?.toFixed() ?? null;
    await repo.updatePair(this.deps.db, symbol, { pinnedPrice: pinned });
    this.pairs = await repo.pairs(this.deps.db);
    feed.pin(symbol, value);
    this.relay.publish({ kind: 'pin', symbol, price: pinned });
    if (value) this.lead([{ symbol, price: value.toFixed(), time: this.deps.clock.now().getTime() }]);
    return this.status();
  }

  async setPair(symbol: string, changes: { enabled?: boolean | undefined; sort?: number | undefined }) {
    await this.init();
    this.requirePair(symbol);
    await repo.updatePair(this.deps.db, symbol, {
      ...(changes.enabled !== undefined && { enabled: changes.enabled }),
      ...(changes.sort !== undefined && { sort: changes.sort }),
    });
    await this.reloadPairs();
    this.relay.publish({ kind: 'pairs' });
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
          feed: this.feedName,
          price: last?.price.toFixed() ?? null,
          lastTickAgeMs: last ? now - last.time : null,
          stale: this.stale(pair.symbol, now),
          pinned: this.deps.feed?.pinned(pair.symbol) ?? false,
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
