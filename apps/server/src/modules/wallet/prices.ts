// Where USDT values of balances get their prices: the market's last tick of TOKENUSDT (MarketPriceSource,
// the product's), else the token's configured reference price (before the feed's first tick, or for a
// token without a pair). Tests use FixedPriceSource.
import type { Clock } from '../../clock';
import type { TokenRegistry } from '../token/registry';

export interface PriceQuote {
  /** USDT per unit, a decimal string. */
  price: string;
  /** When the price was observed. */
  at: Date;
}

export interface PriceSource {
  /** The current USDT price of `symbol`, or undefined when there is none. */
  getPrice(symbol: string): Promise<PriceQuote | undefined>;
}

/** The configured reference prices. */
export class ReferencePriceSource implements PriceSource {
  constructor(private readonly deps: { tokens: TokenRegistry; clock: Clock }) {}

  async getPrice(symbol: string): Promise<PriceQuote | undefined> {
    const token = await this.deps.tokens.find(symbol);
    if (!token || token.referencePrice === '0') return undefined;
    return { price: token.referencePrice, at: this.deps.clock.now() };
  }
}

/** Fixed prices (tests). */
export class FixedPriceSource implements PriceSource {
  constructor(
    private readonly prices: Record<string, string>,
    private readonly at = new Date('2030-01-01T00:00:00Z'),
  ) {}

  async getPrice(symbol: string): Promise<PriceQuote | undefined> {
    const price = this.prices[symbol];
    return price === undefined ? undefined : { price, at: this.at };
  }
}

/** The live market: the last tick of `${symbol}USDT`, falling back to the reference price. */
export class MarketPriceSource implements PriceSource {
  private readonly reference: ReferencePriceSource;

  constructor(
    private readonly deps: {
      tokens: TokenRegistry;
      clock: Clock;
      market: { lastPrice(symbol: string): { price: string; time: number } | undefined };
    },
  ) {
    this.reference = new ReferencePriceSource(deps);
  }

  async getPrice(symbol: string): Promise<PriceQuote | undefined> {
    const last = this.deps.market.lastPrice(`${symbol}USDT`);
    if (last) return { price: last.price, at: new Date(last.time) };
    return this.reference.getPrice(symbol);
  }
}
