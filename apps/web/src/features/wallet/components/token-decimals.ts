// Decimals a token's amounts show with: the precision map's (spec §3), else what the server sent
// with the balance, else the default 6.
import { DEFAULT_AMOUNT_DP, normalizeSymbol, type PrecisionLookup } from '@tradeflip/money';

export function tokenAmountDp(map: PrecisionLookup | undefined, symbol: string, serverDp?: number): number {
  return map?.amount_dp[normalizeSymbol(symbol)] ?? serverDp ?? DEFAULT_AMOUNT_DP;
}
