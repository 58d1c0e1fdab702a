// The tickers in the query cache: GET /tickers' answer is the one copy the app keeps, and the
// WebSocket's tickers channel moves it there (lib/live-tickers.ts), so it is never stale while anyone
// shows it. Home's market list and the contract game's header read it with useTickers.
import { queryKeys } from '@/lib/query-keys';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Ticker } from '@tradeflip/api';
import { followTickers } from './live-tickers';
import { getTickers } from './get-tickers';

export const tickersQuery = queryOptions({
  queryKey: queryKeys.tickers,
  queryFn: ({ signal }) => getTickers(signal),
  // The socket keeps it current; it is loaded again when frames may have been missed.
  staleTime: Infinity,
});

/** Every enabled pair's ticker, moving with the feed (null until loaded), and whether loading failed. */
export function useTickers(): { tickers: Ticker[] | null; failed: boolean } {
  const client = useQueryClient();
  const { data, isError } = useQuery(tickersQuery);
  useEffect(() => followTickers(client, queryKeys.tickers), [client]);
  return { tickers: data?.list ?? null, failed: isError && !data };
}

/**
 * A pair's mark price in the tickers: what the games open, close and settle at, so what a position's
 * live PnL, a flip's standing and an order's expected price use (the headline shows the last trade).
 * Undefined before the pair's first mark.
 */
export function markOf(tickers: Ticker[] | null | undefined, symbol: string): string | undefined {
  return tickers?.find((row) => row.symbol === symbol)?.mark ?? undefined;
}
