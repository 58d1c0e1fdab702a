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
  /** The net result, shown only when the player chooses. */
  pnl: Decimal;
  token: string;
  amountDp: number;
  /** Entry and close prices, formatted at the pair's precision. */
  openPrice: string;
  closePrice: string;
}
