// What a finished play's share card shows (DESIGN §9): the games' details build it.
import type { Decimal } from '@tradeflip/money';

export interface SharedResult {
  game: { kind: 'contract'; leverage: number } | { kind: 'flip'; seconds: number };
  /** The pair as shown ('BTC/USDT') and its symbol (the file's name). */
  pair: string;
  symbol: string;
  side: 'long' | 'short' | 'up' | 'down';
  /** Return on what was staked, in percent (net of fees for a position). */
  returnPercent: Decimal;
  /**
   * The net result with its token, shown only when the player chooses, written as the play's own
   * screen writes it (History's '+14.39 USDT' for a position, the flip's '+8.5 USDT'): one figure.
   */
  pnlText: string;
  /** Entry and close prices, formatted at the pair's precision. */
  openPrice: string;
  closePrice: string;
}
