// Where USDT values of balances get their prices. The market-feed issue supplies live prices through
// this interface; until it lands the product values balances at each token's configured reference
// price (tokens.reference_price). Tests use FixedPriceSource.
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

/** The configured reference prices; stands in for the market feed until it exists. */
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
