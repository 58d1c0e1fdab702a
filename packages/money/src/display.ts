// How every number reads on screen (spec §5, issue 9): one function, `formatNumber`, for amounts,
// prices, approximate USDT values and percentages. The spec's rounding stays (amounts truncated to the
// token's decimals so a holding is never shown larger, prices rounded half-up), then trailing zeros go:
// `525`, not `525.000000`. USDT values and percentages keep exactly 2 decimals, as money reads.
// Digits are grouped in threes; a value that isn't there or isn't a number shows '--'.
import { Decimal, formatAmount, formatPrice } from './decimal';
import { DECIMAL_DISPLAY_PLACEHOLDER } from './defaults';
import { groupDigits } from './exact';

export { groupDigits };

/** Decimals of an approximate USDT value ("≈ 12.34 USDT") and of a percentage; truncated / rounded. */
export const VALUATION_DP = 2;
export const PERCENT_DP = 2;
/** What a masked balance shows while the hide-balances eye is closed. */
export const HIDDEN_VALUE = '****';

/**
 * - `amount`: a token amount, truncated to `dp` (default 6), trailing zeros trimmed.
 * - `price`: rounded half-up to `dp` (default 4), trailing zeros trimmed.
 * - `usdt`: an approximate USDT value, truncated to 2 decimals, always 2.
 * - `percent`: a percentage given in percent (`12.5` → `12.50%`), rounded half-up to `dp` (default 2).
 */
export type NumberKind = 'amount' | 'price' | 'usdt' | 'percent';

export interface NumberFormat {
  /** The symbol's (or token-and-network's) decimals for amounts and prices. */
  dp?: number;
  /** A change: `+` before a positive value; zero has no sign. */
  signed?: boolean;
  /** The hide-balances eye is closed: shows `****`. */
  hidden?: boolean;
  /**
   * Keeps every one of the `dp` decimals (`60,000.00`, not `60,000`): a game's prices, whose width
   * must not jump from tick to tick.
   */
  fixed?: boolean;
}

type Input = string | Decimal | null | undefined;

function parse(value: Input): Decimal | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return value.isFinite() ? value : null;
  const text = value.trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return null;
  return new Decimal(text);
}

/** `12.500` → `12.5`, `3.000` → `3`. */
function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

function digits(value: Decimal, kind: NumberKind, dp: number | undefined, fixed = false): string {
  const trim = fixed ? (text: string) => text : trimZeros;
  switch (kind) {
    case 'amount':
      return trim(formatAmount(value, dp));
    case 'price':
      return trim(formatPrice(value, dp));
    case 'usdt':
      return formatAmount(value, VALUATION_DP);
    case 'percent':
      return formatPrice(value, dp ?? PERCENT_DP);
  }
}

/** The one way a number is shown in the app. */
export function formatNumber(value: Input, kind: NumberKind, format: NumberFormat = {}): string {
  if (format.hidden) return HIDDEN_VALUE;
  const parsed = parse(value);
  if (!parsed) return DECIMAL_DISPLAY_PLACEHOLDER;
  let text = digits(parsed, kind, format.dp, format.fixed);
  // A value that rounds or truncates to zero reads as a plain zero, whatever its sign was.
  const zero = /^-?[0.]+$/.test(text);
  if (zero && text.startsWith('-')) text = text.slice(1);
  text = groupDigits(text);
  if (format.signed && parsed.isPositive() && !zero) text = `+${text}`;
  return kind === 'percent' ? `${text}%` : text;
}
