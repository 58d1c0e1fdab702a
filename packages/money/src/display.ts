// How money reads on screen (spec §5): amounts truncated and prices rounded half-up to the symbol's
// decimals, digits grouped in threes, and a placeholder for a value that isn't there or isn't a number.
import { Decimal, formatAmount, formatPrice } from './decimal';
import { DECIMAL_DISPLAY_PLACEHOLDER } from './defaults';

/** Decimals of an approximate USDT value ("≈ 12.34 USDT"); truncated like every amount. */
export const VALUATION_DP = 2;

type Input = string | Decimal | null | undefined;

function parse(value: Input): Decimal | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return value.isFinite() ? value : null;
  const text = value.trim();
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return null;
  return new Decimal(text);
}

/** `1234567.5` → `1,234,567.5`; the fraction is left as it is. */
export function groupDigits(text: string): string {
  const sign = text.startsWith('-') ? '-' : '';
  const body = sign ? text.slice(1) : text;
  const dot = body.indexOf('.');
  const whole = dot < 0 ? body : body.slice(0, dot);
  const fraction = dot < 0 ? '' : body.slice(dot);
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}

/** An amount for display: truncated to `dp` and grouped; '--' when missing or not a number. */
export function displayAmount(value: Input, dp?: number): string {
  const parsed = parse(value);
  return parsed ? groupDigits(formatAmount(parsed, dp)) : DECIMAL_DISPLAY_PLACEHOLDER;
}

/** A price for display: rounded half-up to `dp` and grouped; '--' when missing or not a number. */
export function displayPrice(value: Input, dp?: number): string {
  const parsed = parse(value);
  return parsed ? groupDigits(formatPrice(parsed, dp)) : DECIMAL_DISPLAY_PLACEHOLDER;
}

/** An approximate USDT value: truncated to 2 decimals, so a holding is never shown worth more. */
export function displayValuation(value: Input): string {
  return displayAmount(value, VALUATION_DP);
}

/**
 * A ledger change with its sign: `+12.5` or `-3`, truncated toward zero; '--' when missing.
 * Zero reads `0` with no sign.
 */
export function displaySignedAmount(value: Input, dp?: number): string {
  const parsed = parse(value);
  if (!parsed) return DECIMAL_DISPLAY_PLACEHOLDER;
  const text = displayAmount(parsed, dp);
  return parsed.isPositive() && !/^[0.,]+$/.test(text) ? `+${text}` : text;
}
