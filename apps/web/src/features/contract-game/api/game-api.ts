// The contract game's calls: the pairs' terms, the USDT available for margin, the user's positions
// (open and closed, a page at a time), and opening, closing and setting targets. Every position query
// lives under queryKeys.gamePositions, refetched when the user channel says a position changed.
import { queryKeys } from '@/lib/query-keys';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Balance, Position } from '@tradeflip/api';
import { nextPageOf } from '@/components/paged-list';
import { api } from '@/lib/http';
import * as routes from '@tradeflip/api/routes';
import { useKeyedMutation } from '@/lib/http/keyed-mutation';
import { useSession } from '@/lib/session';
import { balancesQueryOptions } from '@/lib/balances';

export const POSITIONS_PAGE_SIZE = 20;

function getGamePairs() {
  return api(routes.contractGame.pairs, { silent: true }).then(({ data }) => data);
}

export function useGamePairs() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.gamePairs,
      queryFn: getGamePairs,
      staleTime: 60_000,
    }),
  );
}

/**
 * The margin token's available balance (what the order panel's percentages take from). The wallet's
 * balances query, so one query key holds one shape whichever page filled it.
 */
export function useAvailable(token: string) {
  const session = useSession();
  return useQuery({
    ...balancesQueryOptions(session?.user.id ?? ''),
    enabled: Boolean(session),
    select: (list: Balance[]) => list.find((row) => row.token === token)?.available ?? '0',
  });
}

/** The user's positions; `symbol` undefined: every pair's. */
export function usePositions(status: 'open' | 'closed', symbol?: string) {
  const session = useSession();
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: queryKeys.gamePositionList(session?.user.id ?? '', status, symbol ?? ''),
      queryFn: ({ pageParam, signal }) =>
        api(routes.contractGame.positions, {
          query: { status, ...(symbol && { symbol }), page: pageParam, pageSize: POSITIONS_PAGE_SIZE },
          silent: true,
          signal,
        }).then(({ data }) => data),
      initialPageParam: 1,
      getNextPageParam: nextPageOf<Position>,
      staleTime: 0,
    }),
    enabled: Boolean(session),
  });
}

/** One position with every movement of its money (the detail sheet); refetched with the lists. */
export function usePositionDetail(id: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.gamePosition(session?.user.id ?? '', id),
    queryFn: ({ signal }) =>
      api(routes.contractGame.position, { query: { id: id ?? '' }, silent: true, signal }).then(
        ({ data }) => data,
      ),
    enabled: Boolean(session && id),
    staleTime: 0,
  });
}

export interface OpenOrder {
  symbol: string;
  side: 'long' | 'short';
  margin: string;
  leverage: number;
  takeProfit?: string;
  stopLoss?: string;
}

/** Every mutation refreshes the positions and the balances. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.gamePositions });
    void queryClient.invalidateQueries({ queryKey: queryKeys.money });
  };
}

export function useOpenPosition() {
  // One key per order until it is answered: a press after a lost answer gets the first answer, not a
  // second position. Silent: the panel puts the server's words under the field they are about.
  return useKeyedMutation({
    mutationFn: (order: OpenOrder, idempotencyKey: string) =>
      api(routes.contractGame.open, { body: order, silent: true, idempotencyKey }).then(({ data }) => data),
    onSettled: useRefreshAfter(),
  });
}

/** Close and TP / SL keep one key per press until answered, like the open (a lost answer is not a new call). */
export function useClosePosition() {
  return useKeyedMutation({
    mutationFn: (id: string, idempotencyKey: string) =>
      api(routes.contractGame.close, { body: { id }, silent: true, idempotencyKey }).then(({ data }) => data),
    onSettled: useRefreshAfter(),
  });
}

export function useSetTargets() {
  return useKeyedMutation({
    mutationFn: (
      body: { id: string; takeProfit: string | null; stopLoss: string | null },
      idempotencyKey: string,
    ) => api(routes.contractGame.setTargets, { body, silent: true, idempotencyKey }).then(({ data }) => data),
    onSettled: useRefreshAfter(),
  });
}
