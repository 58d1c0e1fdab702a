import DecimalJs from 'decimal.js';
import { DEFAULT_AMOUNT_DP, DEFAULT_PRICE_DP } from './defaults';

/**
 * The one decimal type for money and prices. Precision is high enough for NUMERIC(38,18)
 * sums; values never pass through a JS number.
 */
export const Decimal = DecimalJs.clone({
  precision: 60,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 60,
});
export type Decimal = InstanceType<typeof Decimal>;

/** Prices round half-up to `dp` decimals (spec §5), always showing `dp` places. */
export function formatPrice(value: string | Decimal, dp: number = DEFAULT_PRICE_DP): string {
  return new Decimal(value).toDecimalPlaces(dp, Decimal.ROUND_HALF_UP).toFixed(dp);
}

/** Amounts are truncated toward zero to `dp` decimals (spec §5): a balance is never shown larger. */
export function formatAmount(value: string | Decimal, dp: number = DEFAULT_AMOUNT_DP): string {
  const text = new Decimal(value).toDecimalPlaces(dp, Decimal.ROUND_DOWN).toFixed(dp);
  return text.startsWith('-') && /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

/**
 * A value as a plain decimal string, the form amounts take on the wire and in messages: no exponent,
 * no trailing zeros ("12.500000000000000000" from NUMERIC → "12.5").
 */
export function plainDecimal(value: string | Decimal): string {
  return new Decimal(value).toFixed();
}
