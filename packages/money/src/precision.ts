// The precision map's keys (spec §3): symbols upper-cased, networks normalised, and `SYMBOL__NETWORK`
// for a per-network amount precision. The server builds the map with these; the web app looks
// symbols up with the same functions.
import { DEFAULT_AMOUNT_DP, DEFAULT_PRICE_DP } from './decimal';

export const networks = ['ERC20', 'BEP20'] as const;
export type Network = (typeof networks)[number];

/**
 * BEP20 covers names containing BEP20, BSC or BNB; ERC20 covers ERC20, ETH or Ethereum (spec §3).
 * Any other name is returned trimmed and upper-cased.
 */
export function normalizeNetwork(name: string): string {
  const upper = name.trim().toUpperCase();
  if (/BEP20|BSC|BNB/.test(upper)) return 'BEP20';
  if (/ERC20|ETH/.test(upper)) return 'ERC20';
  return upper;
}

/** A normalised network we know, or undefined. */
export function knownNetwork(name: string): Network | undefined {
  const normalised = normalizeNetwork(name);
  return (networks as readonly string[]).includes(normalised) ? (normalised as Network) : undefined;
}

export function normalizeSymbol(symbol: string): string {
  return symbol.trim().toUpperCase();
}

/** `SYMBOL` or `SYMBOL__NETWORK`: the keys of the precision map's amount_dp. */
export function precisionKey(symbol: string, network?: string | null): string {
  const base = normalizeSymbol(symbol);
  return network ? `${base}__${normalizeNetwork(network)}` : base;
}

export interface PrecisionLookup {
  price_dp: Record<string, number>;
  amount_dp: Record<string, number>;
}

/** Price decimals of a symbol, else the default (4). */
export function priceDpOf(map: PrecisionLookup | undefined, symbol: string): number {
  return map?.price_dp[normalizeSymbol(symbol)] ?? DEFAULT_PRICE_DP;
}

/** Amount decimals of a symbol on a network, else of the symbol, else the default (6). */
export function amountDpOf(
  map: PrecisionLookup | undefined,
  symbol: string,
  network?: string | null,
): number {
  if (!map) return DEFAULT_AMOUNT_DP;
  const onNetwork = network ? map.amount_dp[precisionKey(symbol, network)] : undefined;
  return onNetwork ?? map.amount_dp[normalizeSymbol(symbol)] ?? DEFAULT_AMOUNT_DP;
}

/** Number of decimals written in a plain decimal string ("1.50" → 2, "3" → 0). */
export function decimalsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}
