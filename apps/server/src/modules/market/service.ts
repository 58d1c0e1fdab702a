// The market (DESIGN §6, issue 10): one price source for every game and every USDT value. The feed's
// leader (a database lease, like the chain watcher) takes the ticks (the simulated walk's steps, or a
// live exchange's trades), folds them into candles, writes those in batches and publishes the ticks
// through the relay; every other process applies the same ticks, so each answers the last price, the
// tickers and the candles, and pushes the same stream to its WebSocket clients. A pair with no tick for
// longer than the staleness limit is stale: the games refuse new orders on it. The games settle at the
// mark price (mark-price.ts), which the leader computes from the ticks and publishes with them; the
// chart and the tickers show the trades.
import type { CandleInterval, Ticker } from '@tradeflip/contract';
import { Decimal, formatPrice } from '@tradeflip/money';
import type { Clock } from '../../clock';
import type { Database, Queryable } from '../../db/client';
import { AppError } from '../../plugins/errors';
import { CandleAggregator, toWireCandle, type OpenCandle } from './candles';
import { MarkPrices } from './mark-price';
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

/**
 * What one step moved: the newest tick of each pair, the newest state of each candle touched, and the
 * mark of each pair it reached (what the games settle at).
 */
export interface TickBatch {
  ticks: RawTick[];
  candles: OpenCandle[];
  marks: RawTick[];
}

/** Prices are stored as NUMERIC(38,18): at most 20 integer digits. */
const PRICE_LIMIT = new Decimal('1e20');

/** The mark is the median of this window's trades (DESIGN §6: the last second). */
const MARK_WINDOW_MS = 1000;

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
  /** A mark move beyond `band` (a fraction, e.g. '0.1') counts once it persisted `holdMs`. */
  mark?: { band: string; holdMs: number };
  log?: { warn(obj: object, msg: string): void };
}

export class MarketService {
  private pairs: repo.PairRow[] = [];
  private readonly last = new Map<string, Last>();
  private readonly marks: MarkPrices;
  private readonly aggregator = new CandleAggregator();
  /** Per pair, the 1m candles of the last 24 h by bucket start (the tickers' change, high and low). */
  private readonly day = new Map<string, Map<number, OpenCandle>>();
  private readonly listeners = new Set<(batch: TickBatch) => void>();
  private readonly markListeners = new Set<(marks: RawTick[]) => void>();
  private readonly pairListeners = new Set<() => void>();
  private readonly relay: MarketRelay;
  private ready: Promise<void> | undefined;
  private lastPruneAt = 0;

  constructor(private readonly deps: MarketServiceDeps) {
    this.relay = deps.relay ?? new LocalRelay();
    this.marks = new MarkPrices({
      windowMs: MARK_WINDOW_MS,
      band: new Decimal(deps.mark?.band ?? '0.1'),
      holdMs: deps.mark?.holdMs ?? 3000,
      restartAfterMs: deps.staleMs,
    });
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

  /** The pairs on the market (in the lists, taking new orders). */
  enabledSymbols(): string[] {
    return this.pairs.filter((pair) => pair.enabled).map((pair) => pair.symbol);
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

  /** Called with the marks of every batch (the same in every process): the game engine settles at them. */
  onMark(listener: (marks: RawTick[]) => void): () => void {
    this.markListeners.add(listener);
    return () => this.markListeners.delete(listener);
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
   * unknown pairs are skipped (a disabled one keeps its price, see feedSymbols). A price not positive
   * or beyond what the database holds (or such a quantity) is dropped here, with one warning per
   * batch: it would fail every write of the candles it is in.
   */
  async ingest(input: FeedTick[]): Promise<TickBatch> {
    await this.init();
    const ticks: RawTick[] = [];
    const dropped: FeedTick[] = [];
    for (const tick of input) {
      const pair = this.pairs.find((candidate) => candidate.symbol === tick.symbol);
      if (!pair) continue;
      const price = new Decimal(tick.price).toDecimalPlaces(pair.priceDp, Decimal.ROUND_HALF_UP);
      const volume = tick.volume === undefined ? undefined : new Decimal(tick.volume);
      if (!storable(price) || (volume && !volume.isZero() && !storable(volume))) {
        dropped.push(tick);
        continue;
      }
      ticks.push({
        symbol: tick.symbol,
        price: price.toFixed(),
        time: tick.time,
        ...(tick.volume !== undefined && { volume: tick.volume }),
      });
    }
    if (dropped.length) {
      this.deps.log?.warn(
        { feed: this.feedName, dropped: dropped.length, first: dropped[0] },
        'price feed: prices not positive or beyond the database’s range dropped',
      );
    }
    return this.lead(ticks);
  }

  /** The leader's ticks: applied here with the marks they make, then published to the other processes. */
  private lead(ticks: RawTick[]): TickBatch {
    const batch = this.apply(ticks, (newest) => this.markAt(newest));
    if (ticks.length) this.relay.publish({ kind: 'ticks', list: ticks, marks: batch.marks });
    return batch;
  }

  /** The mark of each pair a batch reached, at its newest tick (the leader's). */
  private markAt(newest: RawTick[]): RawTick[] {
    const marks: RawTick[] = [];
    for (const tick of newest) {
      const updated = this.marks.update(tick.symbol, tick.time);
      if (updated) marks.push(toTick(tick.symbol, updated.mark));
    }
    return marks;
  }

  /**
   * The leader's pass between trades (the live feed's): a mark whose second of trades ran out becomes
   * the last trade, and every process hears of it.
   */
  async refreshMarks(now: number = this.deps.clock.now().getTime()): Promise<RawTick[]> {
    await this.init();
    const marks: RawTick[] = [];
    for (const symbol of this.feedSymbols()) {
      const updated = this.marks.update(symbol, now);
      if (updated?.changed) marks.push(toTick(symbol, updated.mark));
    }
    if (marks.length) {
      this.apply([], () => marks);
      this.relay.publish({ kind: 'ticks', list: [], marks });
    }
    return marks;
  }

  /** Another process's message: the leader's ticks, an operator's pin or change of pairs. */
  private async fromRelay(message: RelayMessage): Promise<void> {
    await this.init();
    switch (message.kind) {
      case 'ticks': {
        // The walk follows the leader's prices, so this process continues from them if it leads next.
        for (const tick of message.list) this.deps.feed?.follow(tick.symbol, tick.price);
        const marks = message.marks ?? [];
        this.apply(message.list, () => {
          for (const mark of marks) {
            this.marks.accept(mark.symbol, { price: new Decimal(mark.price), time: mark.time });
          }
          return marks;
        });
        return;
      }
      case 'pin': {
        const price = message.price === null ? undefined : new Decimal(message.price);
        this.deps.feed?.pin(message.symbol, price);
        if (price) this.marks.pin(message.symbol, price, this.deps.clock.now().getTime());
        return;
      }
      case 'pairs':
        await this.reloadPairs();
        return;
    }
  }

  /**
   * Folds ticks into the last prices, the second of trades behind the mark, the candles and the 24 h
   * window; `marksOf` answers the marks they make (computed here or the leader's); tells the listeners
   * once.
   */
  private apply(ticks: RawTick[], marksOf: (newest: RawTick[]) => RawTick[]): TickBatch {
    const newest = new Map<string, RawTick>();
    const candles = new Map<string, OpenCandle>();
    for (const tick of ticks) {
      if (!this.pairs.some((pair) => pair.symbol === tick.symbol)) continue;
      const price = new Decimal(tick.price);
      const seen = this.last.get(tick.symbol);
      if (!seen || tick.time >= seen.time) this.last.set(tick.symbol, { price, time: tick.time });
      this.marks.trade(tick.symbol, price, tick.time);
      for (const candle of this.aggregator.add(tick.symbol, price, tick.time, tick.volume)) {
        candles.set(`${candle.symbol}|${candle.interval}`, candle);
        if (candle.interval === '1m') this.keepMinute(candle);
      }
      newest.set(tick.symbol, tick);
    }
    const list = [...newest.values()];
    const batch = { ticks: list, candles: [...candles.values()], marks: marksOf(list) };
    if (batch.ticks.length) for (const listener of this.listeners) listener(batch);
    if (batch.marks.length) for (const listener of this.markListeners) listener(batch.marks);
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

  /**
   * Writes the candles changed since the last flush, in one batch; prunes old ones now and then. A
   * batch the database refuses is written candle by candle, so one bucket it cannot take holds up no
   * other: that candle is dropped with a warning (its bucket's next tick writes it again). When none
   * could be written (the database is away), all are kept for the next flush.
   */
  async flush(now: number = this.deps.clock.now().getTime()): Promise<number> {
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

  private stale(symbol: string, now: number): boolean {
    const last = this.last.get(symbol);
    return !last || now - last.time > this.deps.staleMs;
  }

  /** The last price of a pair (its last trade), or undefined before its first tick. */
  lastPrice(symbol: string): { price: string; time: number; stale: boolean } | undefined {
    const last = this.last.get(symbol);
    if (!last) return undefined;
    return {
      price: last.price.toFixed(),
      time: last.time,
      stale: this.stale(symbol, this.deps.clock.now().getTime()),
    };
  }

  /** The mark price of a pair (what the games settle at), or undefined before its first tick. */
  markPrice(symbol: string): { price: string; time: number; stale: boolean } | undefined {
    const mark = this.marks.current(symbol);
    if (!mark) return undefined;
    return { ...toTick(symbol, mark), stale: this.stale(symbol, this.deps.clock.now().getTime()) };
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
   * The price a settlement uses now (a game's open, close or liquidation): the pair's mark price, kept
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
    const mark = this.marks.current(symbol);
    if (!mark || this.stale(symbol, this.deps.clock.now().getTime())) {
      throw new AppError(409, 'price_unavailable', 'errors.priceFetchFailed');
    }
    const tick = toTick(symbol, mark);
    return { tickId: await this.keepTick(tick, tx), price: tick.price, time: tick.time };
  }

  private readonly kept = new Map<string, { time: number; price: string; id: Promise<number> }>();

  /** Keeps a mark the engine saw cross a trigger (the settlement uses that mark, not a later one). */
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
    if (value && !storable(value)) {
      throw new AppError(400, 'validation', 'errors.amountInvalid', {
        fields: { price: 'errors.amountInvalid' },
      });
    }
    const pinned = value?.toFixed() ?? null;
    await repo.updatePair(this.deps.db, symbol, { pinnedPrice: pinned });
    this.pairs = await repo.pairs(this.deps.db);
    feed.pin(symbol, value);
    this.relay.publish({ kind: 'pin', symbol, price: pinned });
    if (value) {
      // A pin is the mark at once: no band, no hold (a scripted price path is exact).
      const time = this.deps.clock.now().getTime();
      this.marks.pin(symbol, value, time);
      this.lead([{ symbol, price: value.toFixed(), time }]);
    }
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
          mark: this.marks.current(pair.symbol)?.price.toFixed() ?? null,
          lastTickAgeMs: last ? now - last.time : null,
          stale: this.stale(pair.symbol, now),
          pinned: this.deps.feed?.pinned(pair.symbol) ?? false,
        };
      }),
    };
  }
}

/** A positive number the database holds (NUMERIC(38,18)). */
function storable(value: Decimal): boolean {
  return value.isFinite() && value.gt(0) && value.lt(PRICE_LIMIT);
}

function toTick(symbol: string, mark: { price: Decimal; time: number }): RawTick {
  return { symbol, price: mark.price.toFixed(), time: mark.time };
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
