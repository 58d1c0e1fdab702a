// Limits and fees (minimum deposit, minimum withdrawal, network fee) read best as written: `10`, not
// `10.000000`. Like every amount they are truncated to the token's decimals (spec §5) and grouped.
import { Decimal, DECIMAL_DISPLAY_PLACEHOLDER, groupDigits } from '@tradeflip/money';

export function displayLimit(value: string | null | undefined, dp: number): string {
  if (!value || !/^\d+(\.\d+)?$/.test(value.trim())) return DECIMAL_DISPLAY_PLACEHOLDER;
  return groupDigits(new Decimal(value.trim()).toDecimalPlaces(dp, Decimal.ROUND_DOWN).toFixed());
}
