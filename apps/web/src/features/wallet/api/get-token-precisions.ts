// GET /api/app/asset/precisions (spec §7): one entry per symbol and network, with the symbol's price
// and amount precision and its mainnet (network). The token page shows a token's networks and their
// decimals from it; the precision map (lib/precisions.ts) stays what every amount is formatted with.
import { queryKeys } from '@/lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { normalizeSymbol } from '@tradeflip/money';
import { api } from '@/lib/http';
import * as routes from '@tradeflip/api/routes';

export function tokenPrecisionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.tokenPrecisions,
    queryFn: ({ signal }) => api(routes.wallet.precisions, { signal, silent: true }).then(({ data }) => data),
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
