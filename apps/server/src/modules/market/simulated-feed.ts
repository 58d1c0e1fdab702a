// The simulated price feed (PRICE_FEED=simulated, the default): a seeded random walk per pair from a
// realistic price, so the same seed gives the same path (tests, demos). An operator can pin a pair's
// price (`market:price BTCUSDT 65000`): every tick is then exactly that price, which makes any game
// rule testable on a scripted path; releasing it resumes the walk from there. Prices are decimals
// throughout; only the random step (a multiplier drawn from a normal distribution) is a float.
import { Decimal } from '@tradeflip/money';

/** mulberry32: small, fast, good enough for a price walk; the same seed gives the same sequence. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Daily volatility of the walk (about 3 % a day, like a large-cap coin). */
const DAILY_VOLATILITY = 0.03;
const MS_PER_DAY = 86_400_000;

/** Decimals the walk keeps between ticks (each tick is rounded to the pair's own decimals). */
const WALK_DP = 18;

interface Walk {
  price: Decimal;
  dp: number;
  pinned?: Decimal;
}

export class SimulatedFeed {
  readonly name = 'simulated';
  private readonly random: () => number;
  private readonly walks = new Map<string, Walk>();

  constructor(seed: number) {
    this.random = prng(seed);
  }

  /** Starts (or restarts from) a pair's walk at `price`. */
  place(symbol: string, price: string, dp: number): void {
    const current = this.walks.get(symbol);
    this.walks.set(symbol, {
      price: new Decimal(price),
      dp,
      ...(current?.pinned && { pinned: current.pinned }),
    });
  }

  has(symbol: string): boolean {
    return this.walks.has(symbol);
  }

  /** A standard normal draw (Box–Muller). */
  private normal(): number {
    const u = Math.max(this.random(), Number.EPSILON);
    const v = this.random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Moves the pair `elapsedMs` along its walk (or holds its pinned price); answers the new price. */
  next(symbol: string, elapsedMs: number): Decimal {
    const walk = this.walks.get(symbol);
    if (!walk) throw new Error(`no walk for ${symbol}`);
    if (walk.pinned) return walk.pinned;
    const sigma = DAILY_VOLATILITY * Math.sqrt(Math.max(elapsedMs, 1) / MS_PER_DAY);
    const step = new Decimal(Math.exp(sigma * this.normal()).toPrecision(15));
    walk.price = walk.price.mul(step).toDecimalPlaces(WALK_DP, Decimal.ROUND_HALF_UP);
    const rounded = walk.price.toDecimalPlaces(walk.dp, Decimal.ROUND_HALF_UP);
    // Never zero or below: the smallest step of the pair.
    return rounded.gt(0) ? rounded : new Decimal(1).div(new Decimal(10).pow(walk.dp));
  }

  /** Moves the walk to a price another process's feed produced (it may lead next, and go on from it). */
  follow(symbol: string, price: string): void {
    const walk = this.walks.get(symbol);
    if (walk && !walk.pinned) walk.price = new Decimal(price);
  }

  /** Pins the price (every tick is exactly it), or with undefined releases it to walk on from there. */
  pin(symbol: string, price: Decimal | undefined): void {
    const walk = this.walks.get(symbol);
    if (!walk) throw new Error(`no walk for ${symbol}`);
    if (price) {
      walk.pinned = price;
      walk.price = price;
    } else {
      delete walk.pinned;
    }
  }

  pinned(symbol: string): boolean {
    return Boolean(this.walks.get(symbol)?.pinned);
  }
}
