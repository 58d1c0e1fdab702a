// The mark price (DESIGN §6, issue 16): what the games settle at, so that one bad print moves no money.
// Per pair, the median of the last second's trades (of the last three when fewer came in that second, so
// that on a quiet pair one print is no median; of an even count the lower middle one, a price someone
// traded at, not a mean across a gap); a move beyond the band from the previous mark counts only once
// trades have kept it beyond for the hold time (a second without trades starts over), and then at the
// least extreme level they kept, so a burst of bad prints as the hold ends goes no further. An
// operator's pin is the mark at once. The feed's leader computes it and publishes it with its ticks, so
// every process settles at the same mark.
import type { Decimal } from '@tradeflip/money';

export interface MarkRules {
  /** The trades the median is taken over: the last `windowMs` (one second). */
  windowMs: number;
  /** A move beyond this fraction of the previous mark (0.1 = 10 %) is held... */
  band: Decimal;
  /** ...until it has persisted this long. */
  holdMs: number;
  /**
   * After no trade for longer than this (the staleness limit), the previous mark is no reference: the
   * median of the first three trades after it makes the mark at once (else a pair back from an outage
   * would settle at the old price for the hold time), and there is no mark until they came (else one
   * bad print after the outage would be the mark).
   */
  restartAfterMs: number;
}

export interface Mark {
  price: Decimal;
  /** The time it was computed at (the newest trade it saw, or the leader's clock). */
  time: number;
}

interface PairState {
  trades: { price: Decimal; time: number }[];
  lastTrade?: { price: Decimal; time: number };
  mark?: Mark;
  /**
   * A move beyond the band: since when, which way (a move back the other way starts over) and its
   * least extreme level so far (what trades kept beyond the band).
   */
  held?: { since: number; up: boolean; level: Decimal };
  /** Back from an outage: no mark until MIN_TRADES trades came. */
  restarted?: boolean;
}

/** The median is of the last second's trades, or of this many last trades when it had fewer. */
const MIN_TRADES = 3;

export class MarkPrices {
  private readonly pairs = new Map<string, PairState>();

  constructor(private readonly rules: MarkRules) {}

  private state(symbol: string): PairState {
    let state = this.pairs.get(symbol);
    if (!state) {
      state = { trades: [] };
      this.pairs.set(symbol, state);
    }
    return state;
  }

  /** Records a trade (every process does, so the next leader has the last second's trades). */
  trade(symbol: string, price: Decimal, time: number): void {
    const state = this.state(symbol);
    // A silence longer than the staleness limit, or a clock that stepped back by more (the second's
    // trades would never leave the window, piling up under a median of the old prices): start over.
    if (state.lastTrade && Math.abs(time - state.lastTrade.time) > this.rules.restartAfterMs) {
      state.mark = undefined;
      state.held = undefined;
      state.trades = [];
      state.restarted = true;
      state.lastTrade = undefined;
    }
    // Only the last second counts, and the last few trades (a follower, which never updates, keeps no
    // more either).
    while (state.trades.length >= MIN_TRADES && state.trades[0]!.time <= time - this.rules.windowMs)
      state.trades.shift();
    state.trades.push({ price, time });
    if (!state.lastTrade || time >= state.lastTrade.time) state.lastTrade = { price, time };
  }

  /**
   * The mark at `now` (the leader's): recomputed from the trades of the last second. Answers it with
   * whether its price changed; undefined before the pair's first trade.
   */
  update(symbol: string, now: number): { mark: Mark; changed: boolean } | undefined {
    const state = this.pairs.get(symbol);
    if (!state?.lastTrade) return undefined;
    // The second's trades, and at least the last few: of one or two trades a bad print is the median.
    const since = now - this.rules.windowMs;
    const kept = state.trades.length - MIN_TRADES;
    state.trades = state.trades.filter((trade, i) => trade.time > since || i >= kept);
    const fresh = state.trades.some((trade) => trade.time > since);
    const candidate = state.trades.length ? median(state.trades) : state.lastTrade.price;
    const previous = state.mark;
    if (!previous) {
      if (state.restarted && state.trades.length < MIN_TRADES) return undefined;
      state.restarted = false;
      return { mark: this.take(state, candidate, now), changed: true };
    }
    const time = Math.max(now, previous.time);
    if (this.within(previous.price, candidate)) {
      state.held = undefined;
      return { mark: this.take(state, candidate, time), changed: !candidate.eq(previous.price) };
    }
    // Only trades keep a move alive: a second without any (a last print followed by silence, or two
    // lone prints with silence between) starts the hold over.
    if (!fresh) {
      state.held = undefined;
      return { mark: this.take(state, previous.price, time), changed: false };
    }
    const up = candidate.gt(previous.price);
    if (!state.held || state.held.up !== up) state.held = { since: now, up, level: candidate };
    // What persisted is the move's least extreme level: a burst as the hold ends goes no further.
    else if (up ? candidate.lt(state.held.level) : candidate.gt(state.held.level))
      state.held.level = candidate;
    if (now - state.held.since >= this.rules.holdMs) {
      const level = state.held.level;
      state.held = undefined;
      return { mark: this.take(state, level, time), changed: true };
    }
    return { mark: this.take(state, previous.price, time), changed: false };
  }

  /** An operator's pin: the mark at once; the second's trades start over from it. */
  pin(symbol: string, price: Decimal, time: number): void {
    const state = this.state(symbol);
    state.trades = [];
    state.held = undefined;
    state.restarted = false;
    state.lastTrade = { price, time };
    state.mark = { price, time };
  }

  /** The leader's mark, as a follower takes it. */
  accept(symbol: string, mark: Mark): void {
    const state = this.state(symbol);
    state.mark = mark;
    state.held = undefined;
  }

  current(symbol: string): Mark | undefined {
    return this.pairs.get(symbol)?.mark;
  }

  /**
   * Whether a price lies beyond the band from the pair's mark: a print the mark holds back as bad (or
   * a move that has not persisted yet). No mark (the first trades, or back from an outage): no.
   */
  outside(symbol: string, price: Decimal): boolean {
    const mark = this.pairs.get(symbol)?.mark;
    return mark !== undefined && !this.within(mark.price, price);
  }

  private within(previous: Decimal, candidate: Decimal): boolean {
    return previous.isZero() || candidate.sub(previous).abs().lte(previous.mul(this.rules.band));
  }

  private take(state: PairState, price: Decimal, time: number): Mark {
    state.mark = { price, time };
    return state.mark;
  }
}

/** The middle trade's price (of an even count, the lower middle one). */
function median(trades: { price: Decimal }[]): Decimal {
  const prices = trades.map((trade) => trade.price).sort((a, b) => a.cmp(b));
  return prices[Math.floor((prices.length - 1) / 2)]!;
}
