// The market (DESIGN §6, issue 10): one price source for every game and every USDT value. The feed's
// leader (a database lease, like the chain watcher) takes the ticks (the simulated walk's steps, or a
// live exchange's trades), folds them into candles, writes those in batches and publishes the ticks
// through the relay; every other process applies the same ticks, so each answers the last price, the
// tickers and the candles, and pushes the same stream to its WebSocket clients. A pair with no tick for
// longer than the staleness limit is stale: the games refuse new orders on it. The games settle at the
// mark price (mark-price.ts), which the leader computes from the ticks and publishes with them; the
// chart and the tickers show the trades. A price whose moment the player chooses (an open, the
// player's own close) is the worse for them of the mark and the newest trade (playerTick).
import type { CandleInterval, Ticker, TickerMove } from '@tradeflip/api';
import { Decimal, playerPrice, type PlayerTrade } from '@tradeflip/money';
import type { Clock } from '../../clock';
import type { Database, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { CandleStore } from './candle-store';
import { KeptTicks } from './kept-ticks';
import type { OpenCandle } from './candles';
import { MarkHistory } from './mark-history';
import { MarkPrices } from './mark-price';
import { LocalRelay, type MarketRelay, type RawTick, type RelayMessage } from './relay';
import * as repo from './repository';
import type { TokenRegistry } from '../token/registry';
import type { SimulatedFeed } from './simulated-feed';
import { toTicker } from './tickers';

export { RETENTION_MS } from './candle-store';

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

/**
 * How long marks are kept (memory and market_marks): a settlement after a restart needs only marks
 * within its tolerance of an expiry that fell while no process ran, so minutes are plenty.
 */
const MARK_HISTORY_MS = 10 * 60_000;
/**
 * How late a mark may still arrive (a live trade's time is the exchange's): a written span ends this
 * long before the write, so it never claims marks that may still come.
 */
const MARK_LATE_MS = 1000;

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
  /**
   * A player's own open or close is refused while the newest trade lies further than this fraction of
   * the mark from it (playerTick; 0.005 unless set).
   */
  executionBand?: string;
  log?: { warn(obj: object, msg: string): void };
  /** The base tokens' price decimals and reference prices. */
  tokens: Pick<TokenRegistry, 'all'>;
}

export class MarketService {
  private pairs: repo.PairRow[] = [];
  private readonly last = new Map<string, Last>();
  /**
   * Each pair's last trade the chart took (not one the mark holds back as bad): the price its ticker
   * shows, so a bad last print never reads as the price (or the 24 h high or low) until the next trade.
   */
  private readonly charted = new Map<string, Last>();
  private readonly marks: MarkPrices;
  /** A player's order waits while the newest trade and the mark lie further apart (playerTick). */
  private readonly executionBand: Decimal;
  /** The mark each pair's ticker last went out with (movedTickers): an unmoved mark sends no frame. */
  private readonly listedMarks = new Map<string, string>();
  private readonly listeners = new Set<(batch: TickBatch) => void>();
  private readonly markListeners = new Set<(marks: RawTick[]) => void>();
  private readonly pairListeners = new Set<() => void>();
  private readonly relay: MarketRelay;
  private readonly store: CandleStore;
  private readonly keptTicks: KeptTicks;
  private readonly history = new MarkHistory(MARK_HISTORY_MS);
  private lastMarkPruneAt = 0;
  /** The start of the span of written marks this process carries on (undefined: not writing). */
  private markSpan: number | undefined;
  private ready: Promise<void> | undefined;
  /**
   * When this process started, or loaded the market (at the very first start of a database the
   * leader back-fills a day of history first): the first mark is waited for this long without an error.
   */
  private startedAt: number;
  private loading = false;
  /** When this process last heard a mark of the feed (made here as its leader, or relayed from it). */
  private markHeardAt: number | undefined;
  /** Relayed messages still being applied (the first one loads the market): close() waits for them. */
  private readonly relayed = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly deps: MarketServiceDeps) {
    this.startedAt = deps.clock.now().getTime();
    this.relay = deps.relay ?? new LocalRelay();
    this.store = new CandleStore({ db: deps.db, log: deps.log });
    this.keptTicks = new KeptTicks({ db: deps.db, clock: deps.clock });
    // A mark moves beyond this fraction of itself only once trades kept it there (mark-price.ts).
    const markBand = new Decimal(deps.mark?.band ?? '0.1');
    // Never wider than the mark's own band: a jump the mark holds back prices no player's order.
    this.executionBand = Decimal.min(new Decimal(deps.executionBand ?? '0.005'), markBand);
    this.marks = new MarkPrices({
      windowMs: MARK_WINDOW_MS,
      band: markBand,
      holdMs: deps.mark?.holdMs ?? 3000,
      restartAfterMs: deps.staleMs,
    });
    this.relay.subscribe((message) => {
      if (this.closed) return;
      const applied = this.fromRelay(message).catch((err: unknown) =>
        this.deps.log?.warn({ err }, 'market relay: message not applied'),
      );
      this.relayed.add(applied);
      void applied.finally(() => this.relayed.delete(applied));
    });
  }

  /**
   * Stops applying relayed messages and waits for those under way, so nothing queries the database
   * after the app closed (the CLI ends the pool right after).
   */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.relayed);
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
    this.loading = true;
    try {
      await this.loadMarket();
    } finally {
      this.loading = false;
      this.startedAt = this.deps.clock.now().getTime();
    }
  }

  private async loadMarket(): Promise<void> {
    this.pairs = await this.storedPairs();
    const now = this.deps.clock.now().getTime();
    if (!(await repo.hasCandles(this.deps.db))) await this.store.backfill(this.pairs, this.deps.feed, now);
    // Continue each stored candle; the walk goes on from each pair's newest close.
    const newest = await this.store.resume();
    const feed = this.deps.feed;
    if (feed) for (const [symbol, row] of newest) feed.place(symbol, row.close, this.dpOf(symbol));
    for (const pair of this.pairs) {
      if (feed && !feed.has(pair.symbol)) feed.place(pair.symbol, pair.referencePrice, pair.priceDp);
      if (feed && pair.pinnedPrice !== null) feed.pin(pair.symbol, new Decimal(pair.pinnedPrice));
      await this.store.loadDay(pair.symbol);
    }
  }

  /**
   * Every pair as stored now (not as this process last loaded them), in display order, with its base
   * token's price decimals and reference price; a pair whose base token is not configured is left out.
   */
  async storedPairs(): Promise<repo.PairRow[]> {
    const [rows, tokens] = await Promise.all([repo.pairs(this.deps.db), this.deps.tokens.all()]);
    const bySymbol = new Map(tokens.map((token) => [token.symbol, token]));
    return rows.flatMap((row) => {
      const base = bySymbol.get(row.base);
      return base ? [{ ...row, priceDp: base.priceDp, referencePrice: base.referencePrice }] : [];
    });
  }

  /** Called after an operator changed the pairs (here or in another process): a live feed re-subscribes. */
  onPairsChange(listener: () => void): () => void {
    this.pairListeners.add(listener);
    return () => this.pairListeners.delete(listener);
  }

  private async reloadPairs(): Promise<void> {
    this.pairs = await this.storedPairs();
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

  /** A pair as players read it ('BTC/USDT'; the symbol for one not listed). */
  pairLabelOf(symbol: string): string {
    const pair = this.pairs.find((row) => row.symbol === symbol);
    return pair ? `${pair.base}/${pair.quote}` : symbol;
  }

  /** A pair's price decimals (4 for one not listed). */
  priceDpOf(symbol: string): number {
    return this.dpOf(symbol);
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

  /**
   * The leader's ticks: applied here with the marks they make, then published to the other processes.
   * `fromFeed`: the feed made them (an operator's pin, made in any process, says nothing of whether
   * this one hears the feed).
   */
  private lead(ticks: RawTick[], fromFeed = true): TickBatch {
    const batch = this.apply(ticks, (newest) => this.markAt(newest));
    if (fromFeed && batch.marks.length) this.heardMarks();
    if (ticks.length) {
      this.relay.publish({
        kind: 'ticks',
        list: ticks,
        marks: batch.marks,
        ...(!fromFeed && { pinned: true as const }),
      });
    }
    return batch;
  }

  private heardMarks(): void {
    this.markHeardAt = this.deps.clock.now().getTime();
  }

  /** Rejects when the relay to the other processes (Redis) cannot carry ticks now. */
  relayReachable(): Promise<void> {
    return this.relay.ping();
  }

  /**
   * Why this process must not lead a job that settles at the mark (the contract engine, the flip
   * settler), or undefined when it may: it has heard no mark of the feed for longer than the
   * staleness limit, so the marks it would settle at are not the market's (a liquidation would wait
   * while the market crossed it, a flip would be refunded that won or lost). Right after a start (and
   * the market's loading) it waits for its first mark quietly (`starting`) for as long.
   */
  marksUnheard(): { reason: string; starting: boolean } | undefined {
    const now = this.deps.clock.now().getTime();
    const limit = this.deps.staleMs;
    if (this.markHeardAt !== undefined && now - this.markHeardAt <= limit) return undefined;
    const silence = now - (this.markHeardAt ?? this.startedAt);
    if (this.markHeardAt === undefined && (this.loading || silence <= limit)) {
      return { reason: 'no price mark heard yet since the start', starting: true };
    }
    const hint =
      this.relay instanceof LocalRelay
        ? 'the price feed is down, or this process does not lead it (without REDIS_URL only its leader hears the marks)'
        : 'the price feed is down, or this process is on another Redis than the feed’s leader (every API process needs the same REDIS_URL)';
    return {
      reason: `no price mark heard for ${Math.floor(silence / 1000)} s (more than MARKET_STALE_SECONDS, ${limit / 1000} s): ${hint}`,
      starting: false,
    };
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
      this.heardMarks();
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
        if (marks.length && !message.pinned) this.heardMarks();
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
      // Newer than the last, or older by more than the staleness limit: then the clock stepped back
      // (an NTP step, a resumed VM), and keeping the newer one would hold the price, never stale,
      // until the clock caught up.
      if (!seen || tick.time >= seen.time || seen.time - tick.time > this.deps.staleMs) {
        this.last.set(tick.symbol, { price, time: tick.time });
      }
      this.marks.trade(tick.symbol, price, tick.time);
      // A print beyond the band from the mark (one it holds back as bad) is no part of the chart or
      // the 24 h high and low, price or quantity; once the mark takes a move, trades there count.
      if (!this.marks.outside(tick.symbol, price)) {
        const chartedBefore = this.charted.get(tick.symbol);
        if (
          !chartedBefore ||
          tick.time >= chartedBefore.time ||
          chartedBefore.time - tick.time > this.deps.staleMs
        )
          this.charted.set(tick.symbol, { price, time: tick.time });
        for (const candle of this.store.add(tick.symbol, price, tick.time, tick.volume)) {
          candles.set(`${candle.symbol}|${candle.interval}`, candle);
        }
      }
      newest.set(tick.symbol, tick);
    }
    const list = [...newest.values()];
    const batch = { ticks: list, candles: [...candles.values()], marks: marksOf(list) };
    this.history.add(batch.marks);
    if (batch.ticks.length || batch.marks.length) for (const listener of this.listeners) listener(batch);
    if (batch.marks.length) for (const listener of this.markListeners) listener(batch.marks);
    return batch;
  }

  /** A follower's candles are the leader's to write: forget what changed since the last pass. */
  discardUnwritten(): void {
    this.store.discardUnwritten();
    this.history.discardUnwritten();
    // Should it lead again, it writes every mark since the last span's end first (flush).
    this.markSpan = undefined;
  }

  /**
   * Writes the candles changed since the last flush (candle-store.ts) and the marks heard since, and
   * carries the span of written marks on to now (less a margin for marks still on their way). The
   * first write of a new leader continues the last span when this process heard every mark since it
   * ended (writing those first), else it starts a span at its own first mark.
   */
  async flush(
    now: number = this.deps.clock.now().getTime(),
    /** The feed has stopped (a clean stop): no mark can still be on its way, the span ends now. */
    stopped = false,
  ): Promise<number> {
    const marks = this.history.takeUnwritten();
    const restore = (error: unknown) => {
      this.history.restore(marks);
      throw error;
    };
    let span = this.markSpan;
    let written = marks;
    if (span === undefined) {
      const last = await repo.lastMarkSpan(this.deps.db).catch(restore);
      const since = this.history.heardSince();
      if (last && since !== undefined && since <= last.until) {
        span = last.from;
        written = this.history.marksAfter(last.until);
      } else span = since ?? now;
    }
    await repo.writeMarks(this.deps.db, written).catch(restore);
    const until = Math.max(span, stopped ? now : now - MARK_LATE_MS);
    await repo.extendMarkSpan(this.deps.db, span, until);
    this.markSpan = span;
    if (now - this.lastMarkPruneAt > 60_000) {
      this.lastMarkPruneAt = now;
      await repo.pruneMarks(this.deps.db, now - MARK_HISTORY_MS);
    }
    return this.store.flush(now);
  }

  /**
   * The last mark of a pair at or before `time` (DESIGN §8: a timed game's close price): from what
   * this process heard, or, for a time before it started listening, from the marks the leader wrote.
   */
  async markAtOrBefore(symbol: string, time: number): Promise<RawTick | undefined> {
    const heard = this.history.atOrBefore(symbol, time);
    if (heard.known) return heard.mark;
    const [mark, span] = await Promise.all([
      repo.storedMarkAtOrBefore(this.deps.db, symbol, time),
      repo.markSpanAt(this.deps.db, time),
    ]);
    // Only a span holding both the mark and `time` says no later mark before `time` was lost (a
    // process that heard one died before writing it): otherwise the last mark is not known.
    if (!mark || !span || mark.time < span.from) return undefined;
    return mark;
  }

  /** The time of the newest mark this process heard of each pair (how far the marks have come). */
  newestMarkTimes(): Map<string, number> {
    return this.history.newestTimes();
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
    const list = this.pairs.filter((pair) => pair.enabled).map((pair) => this.tickerOf(pair, now));
    return { list };
  }

  /**
   * The tickers a batch moved, as GET /tickers answers them now (the WebSocket's `ticks` frame): the
   * 24 h figures are worked out here, once, not by every client.
   */
  movedTickers(batch: Pick<TickBatch, 'ticks' | 'marks'>): TickerMove[] {
    const now = this.deps.clock.now().getTime();
    // A late tick (older than the pair's last, e.g. around a change of leader) moved no ticker:
    // listing it would send the last frame's ticker again. A mark that moved without a trade (a
    // held jump let through, a second of trades run out) moves the pair's ticker too.
    const moved = new Set([
      ...batch.ticks
        .filter((tick) => this.last.get(tick.symbol)?.time === tick.time)
        .map((tick) => tick.symbol),
      ...batch.marks
        .filter((mark) => this.listedMarks.get(mark.symbol) !== mark.price)
        .map((mark) => mark.symbol),
    ]);
    return this.pairs
      .filter((pair) => moved.has(pair.symbol))
      .map((pair) => {
        const { symbol, price, mark, change24h, high24h, low24h, time } = this.tickerOf(pair, now);
        if (mark !== null) this.listedMarks.set(symbol, mark);
        return { symbol, price, mark, change24h, high24h, low24h, time };
      });
  }

  private tickerOf(pair: repo.PairRow, now: number): Ticker {
    const last = this.charted.get(pair.symbol) ?? this.last.get(pair.symbol);
    const day = this.store.dayOf(pair.symbol, now);
    const mark = this.marks.current(pair.symbol)?.price;
    return toTicker(pair, last, day, now, this.stale(pair.symbol, now), mark);
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
    return this.store.candles(query);
  }

  /**
   * The price a settlement at the mark uses now (an operator's close; liquidation, take-profit and
   * stop-loss keep the mark the engine saw cross, keepTick): the pair's mark price, kept exactly in
   * market_ticks, so the settlement's row can refer to it and anyone can check it later. Inside `tx`
   * the tick is kept by it; without, it is kept at once, and once however many settlements use it.
   * A stale pair (or one that never ticked) refuses: 'price fetch failed'. A disabled pair still
   * settles: its open positions close at it (the games refuse new orders on it themselves).
   */
  async settlementTick(
    symbol: string,
    tx?: Queryable,
  ): Promise<{ tickId: number; price: string; time: number }> {
    await this.init();
    this.requirePair(symbol);
    const mark = this.usableMark(symbol);
    const tick = toTick(symbol, mark);
    return { tickId: await this.keepTick(tick, tx), price: tick.price, time: tick.time };
  }

  /**
   * The price of a moment the player chooses — a flip's open, a position's open, the player's own
   * close — kept like settlementTick's. The mark trails the market (the median of the last second's
   * trades), so this is the worse for the player of the mark and the newest trade (playerPrice):
   * the higher when buying, the lower when selling; knowing the newest trades before the mark follows
   * them earns nothing. While the two lie further apart than the execution band (the market moving
   * fast, or a bad print) it refuses ('the price is moving fast'), and the order changes nothing.
   * Every process hears every trade and mark (the relay), so every one prices alike. Answers the
   * mark beside it (what the position will be settled at from now on).
   */
  async playerTick(
    symbol: string,
    trade: PlayerTrade,
    tx?: Queryable,
  ): Promise<{ tickId: number; price: string; time: number; mark: string }> {
    await this.init();
    this.requirePair(symbol);
    const mark = this.usableMark(symbol);
    const last = this.last.get(symbol);
    const price = playerPrice(trade, mark.price, last?.price, this.executionBand);
    if (!price) throw new AppError(409, 'price_unavailable', 'errors.priceMoving');
    // The kept tick is the price used, at the time of the trade or mark it came from.
    const time = last && !price.eq(mark.price) ? last.time : mark.time;
    const tick = toTick(symbol, { price, time });
    const kept = await this.keepTick(tick, tx);
    return { tickId: kept, price: tick.price, time: tick.time, mark: mark.price.toFixed() };
  }

  /** The pair's mark, when it has a fresh one; else 'price fetch failed'. */
  private usableMark(symbol: string) {
    const mark = this.marks.current(symbol);
    if (!mark || this.stale(symbol, this.deps.clock.now().getTime())) {
      throw new AppError(409, 'price_unavailable', 'errors.priceFetchFailed');
    }
    return mark;
  }

  /** Keeps a mark the engine saw cross a trigger (the settlement uses that mark, not a later one). */
  keepTick(tick: { symbol: string; price: string; time: number }, tx?: Queryable): Promise<number> {
    return this.keptTicks.keep(tick, tx);
  }

  /** A kept settlement tick (for audits and the games' detail screens). */
  keptTick(id: number) {
    return this.keptTicks.read(id);
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
    this.pairs = await this.storedPairs();
    feed.pin(symbol, value);
    this.relay.publish({ kind: 'pin', symbol, price: pinned });
    if (value) {
      // A pin is the mark at once: no band, no hold (a scripted price path is exact).
      const time = this.deps.clock.now().getTime();
      this.marks.pin(symbol, value, time);
      this.lead([{ symbol, price: value.toFixed(), time }], false);
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
