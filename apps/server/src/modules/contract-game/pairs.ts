// The contract game's pairs: their terms (the game's table) with the market's pair and the margin
// token's decimals, cached briefly for opens; operators change the terms.
import { pairTermsProblem, type GamePair } from '@tradeflip/api';
import { plainDecimal } from '@tradeflip/money';
import { AppError } from '../../errors';
import type { GameServiceDeps } from './deps';
import { fieldError } from './errors';
import * as repo from './repository';
import { toPair } from './views';

export class GamePairs {
  constructor(private readonly deps: GameServiceDeps) {
    // A pair switched off on the market takes no new position from the next open on.
    deps.market.onPairsChange(() => (this.pairCache = undefined));
  }

  private now(): Date {
    return this.deps.clock.now();
  }

  async pairs(): Promise<{ list: GamePair[] }> {
    const rows = await this.storedPairs();
    const now = this.now();
    return { list: rows.map((row) => toPair(row, now)) };
  }

  /**
   * Every game pair as stored now, in the market's display order: the game's terms, the market's pair
   * (base, quote, price decimals, its own switch) and the margin token's amount decimals.
   */
  private async storedPairs(): Promise<repo.PairRow[]> {
    const [terms, market, tokens] = await Promise.all([
      repo.pairs(this.deps.db),
      this.deps.market.storedPairs(),
      this.deps.tokens.all(),
    ]);
    const game = new Map(terms.map((row) => [row.symbol, row]));
    const amountDp = new Map(tokens.map((token) => [token.symbol, token.amountDp]));
    return market.flatMap((pair) => {
      const row = game.get(pair.symbol);
      const dp = row && amountDp.get(row.marginToken);
      if (!row || dp === undefined) return [];
      return [
        {
          ...row,
          base: pair.base,
          quote: pair.quote,
          priceDp: pair.priceDp,
          amountDp: dp,
          listed: pair.enabled,
        },
      ];
    });
  }

  private pairCache: { at: number; rows: Promise<repo.PairRow[]> } | undefined;

  /** The pairs' terms, read at most every 2 s (every open needs them; operators change them rarely). */
  private cachedPairs(): Promise<repo.PairRow[]> {
    const now = Date.now();
    if (!this.pairCache || now - this.pairCache.at > 2000) {
      const rows = this.storedPairs();
      this.pairCache = { at: now, rows };
      rows.catch(() => (this.pairCache = undefined));
    }
    return this.pairCache.rows;
  }

  async pair(symbol: string): Promise<repo.PairRow | undefined> {
    return (await this.cachedPairs()).find((row) => row.symbol === symbol);
  }

  async updatePair(
    symbol: string,
    changes: Partial<Omit<repo.PairRow, 'symbol' | 'base' | 'quote' | 'priceDp' | 'amountDp' | 'listed'>>,
  ) {
    // Terms that bound each other, one of them changed: checked against the other as stored.
    const stored = (await this.storedPairs()).find((row) => row.symbol === symbol);
    if (!stored) throw new AppError(404, 'not_found', 'errors.pairUnknown');
    const merged = { ...stored, ...changes };
    const problem = pairTermsProblem({
      ...((changes.mmr !== undefined || changes.maxLeverage !== undefined) && {
        mmr: plainDecimal(merged.mmr),
        maxLeverage: merged.maxLeverage,
      }),
      ...((changes.minMargin !== undefined || changes.maxMargin !== undefined) && {
        minMargin: plainDecimal(merged.minMargin),
        maxMargin: plainDecimal(merged.maxMargin),
      }),
      ...((changes.maxMargin !== undefined || changes.maxLeverage !== undefined) && {
        maxMargin: plainDecimal(merged.maxMargin),
        maxLeverage: merged.maxLeverage,
      }),
    });
    if (problem) throw fieldError(problem.field, problem.key, { field: problem.field });
    const updated = await repo.updatePair(this.deps.db, symbol, { ...changes, updatedAt: this.now() });
    this.pairCache = undefined;
    if (!updated) throw new AppError(404, 'not_found', 'errors.pairUnknown');
    return this.pairs();
  }
}
