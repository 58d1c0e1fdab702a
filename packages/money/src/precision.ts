// The precision map's keys (spec §3): symbols upper-cased, networks normalised, and `SYMBOL__NETWORK`
// for a per-network amount precision. The server builds the map with these; the web app looks
// symbols up with the same functions.
import { DEFAULT_AMOUNT_DP, DEFAULT_PRICE_DP } from './defaults';

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

/** A per-symbol entry as the precisions call (and some servers' precision maps) carry it (spec §3). */
export interface PrecisionEntryLike {
  symbol?: unknown;
  price_precision?: unknown;
  amount_precision?: unknown;
  mainnet?: unknown;
}

const isDecimals = (n: unknown): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 36;

/** `USDT__bsc` → `USDT__BEP20`, `btc` → `BTC`: a map key in its normal form. */
function normalizeKey(key: string): string {
  const [symbol = '', network] = key.split('__');
  return precisionKey(symbol, network);
}

/**
 * Any precision map a server may answer, in its normal form: keys upper-cased and networks normalised,
 * per-symbol entries (a list, or a `list`/`symbols` field) folded in, and values that are not whole
 * decimals counts dropped, so lookups fall back to the defaults instead of showing nonsense.
 */
export function normalizePrecisionMap(raw: unknown): PrecisionLookup {
  const map: PrecisionLookup = { price_dp: {}, amount_dp: {} };
  if (!raw || typeof raw !== 'object') return map;
  const source = raw as Record<string, unknown>;
  for (const field of ['price_dp', 'amount_dp'] as const) {
    const entries = source[field];
    if (!entries || typeof entries !== 'object') continue;
    for (const [key, dp] of Object.entries(entries)) {
      if (isDecimals(dp) && key.trim()) map[field][normalizeKey(key)] = dp;
    }
  }
  const lists = [raw, source.list, source.symbols].filter(Array.isArray) as unknown[][];
  for (const entry of lists.flat() as PrecisionEntryLike[]) {
    if (!entry || typeof entry.symbol !== 'string' || !entry.symbol.trim()) continue;
    const network = typeof entry.mainnet === 'string' && entry.mainnet.trim() ? entry.mainnet : null;
    if (isDecimals(entry.price_precision))
      map.price_dp[normalizeSymbol(entry.symbol)] ??= entry.price_precision;
    if (isDecimals(entry.amount_precision)) {
      map.amount_dp[precisionKey(entry.symbol, network)] ??= entry.amount_precision;
    }
  }
  return map;
}
