// GET /api/app/asset/precisions (spec §7): one entry per symbol and network, with the symbol's price
// and amount precision and its mainnet (network). The token page shows a token's networks and their
// decimals from it; the precision map (lib/precisions.ts) stays what every amount is formatted with.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrecisionEntry } from '@tradeflip/contract';
import { normalizeSymbol } from '@tradeflip/money';
import { http } from '@/lib/http';

export const PRECISIONS_PATH = '/api/app/asset/precisions';

export function tokenPrecisionsQueryOptions() {
  return queryOptions({
    queryKey: ['asset', 'precisions'],
    queryFn: ({ signal }) => http.get<{ list: PrecisionEntry[] }>(PRECISIONS_PATH, { signal, silent: true }),
    // Configuration, not a balance: as fresh as the precision map (spec §9: 5 minutes).
    staleTime: 5 * 60_000,
  });
}

/** The entries of one symbol (one per network it lives on). */
export function useTokenPrecisions(symbol: string) {
  const wanted = normalizeSymbol(symbol);
  return useQuery({
    ...tokenPrecisionsQueryOptions(),
    select: (data) => data.list.filter((entry) => normalizeSymbol(entry.symbol) === wanted),
  });
}
