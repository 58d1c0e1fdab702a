// One precision per kind of figure (spec §5, issue 32), so a figure reads the same on every screen:
//
//   token amount   a balance, a margin, a position's size, a PnL, a fee: truncated to the token's
//                  decimals (trailing zeros trimmed), in a list, a detail and a confirm alike;
//   value          an approximate USDT value summing several tokens (the ≈ totals, available and
//                  frozen in USDT): 2 decimals, truncated;
//   price          the pair's decimals, every one kept (the width does not jump with the ticks);
//   return         a return on margin (a fraction from the API or position-pnl.ts) as a percentage
//                  at 2 decimals.
//
// A compact form (`compactAmount`, 2 decimals) is only for a row with no room for the token's
// decimals, and never on a screen that shows the same figure in full.
import { Decimal, formatNumber } from '@tradeflip/money';

type Input = string | Decimal | null | undefined;

interface Options {
  /** `+` before a gain (a PnL, a change). */
  signed?: boolean;
  /** The hide-balances eye is closed. */
  hidden?: boolean;
}

/** A token amount at the token's decimals. */
export function amountText(value: Input, dp: number, options: Options = {}): string {
  return formatNumber(value, 'amount', { dp, ...options });
}

/** A PnL or a fee's effect: a signed token amount. */
export function changeText(value: Input, dp: number, options: Omit<Options, 'signed'> = {}): string {
  return amountText(value, dp, { ...options, signed: true });
}

/** An approximate USDT value of several tokens. */
export function valueText(value: Input, options: Options = {}): string {
  return formatNumber(value, 'usdt', options);
}

/** A price at the pair's decimals. */
export function priceText(value: Input, dp: number): string {
  return formatNumber(value, 'price', { dp, fixed: true });
}

/** A return on margin, given as a fraction (0.1899), as a signed percentage (+18.99%). */
export function returnText(rate: Input): string {
  if (rate === null || rate === undefined) return formatNumber(rate, 'percent');
  return formatNumber(new Decimal(rate).mul(100), 'percent', { signed: true });
}

/** Where a row has no room for the token's decimals: 2, truncated. */
export function compactAmount(value: Input, options: Options = {}): string {
  return formatNumber(value, 'amount', { dp: 2, ...options });
}
