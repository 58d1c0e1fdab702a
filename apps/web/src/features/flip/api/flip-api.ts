// Lightning Flip's calls: its terms (public), the user's flips (open and settled, a page at a time),
// one flip's detail and opening one. Every flip query lives under queryKeys.flips, which the
// shell's user channel refetches when a `flip` frame says one opened or settled (and on a resync).
import { queryKeys } from '@/lib/query-keys';
import { infiniteQueryOptions, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Balance, FlipPosition, OpenFlipBody } from '@tradeflip/api';
import * as routes from '@tradeflip/api/routes';
import { nextPageOf } from '@/components/paged-list';
import { api } from '@/lib/http';
import { useKeyedMutation } from '@/lib/http/keyed-mutation';
import { balancesQueryOptions } from '@/lib/balances';
import { useSession } from '@/lib/session';

export const FLIPS_PAGE_SIZE = 20;

export function useFlipConfig() {
  return useQuery({
    queryKey: queryKeys.flipConfig,
    queryFn: ({ signal }) => api(routes.flip.config, { silent: true, signal }).then(({ data }) => data),
    staleTime: 60_000,
  });
}

/**
 * What each token has available to stake, once the balances are in (signed in): the wallet's balances
 * query, so one query key holds one shape whichever page filled it.
 */
export function useAvailableOf(): ((token: string) => string) | undefined {
  const session = useSession();
  const list = useQuery({ ...balancesQueryOptions(session?.user.id ?? ''), enabled: Boolean(session) }).data;
  if (!session || !list) return undefined;
  return (token: string) => list.find((row: Balance) => row.token === token)?.available ?? '0';
}

/** The user's open or settled flips, newest first. */
export function useFlips(status: 'open' | 'closed') {
  const session = useSession();
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: queryKeys.flipList(session?.user.id ?? '', status),
      queryFn: ({ pageParam, signal }) =>
        api(routes.flip.positions, {
          query: { status, page: pageParam, pageSize: FLIPS_PAGE_SIZE },
          silent: true,
          signal,
        }).then(({ data }) => data),
      initialPageParam: 1,
      getNextPageParam: nextPageOf<FlipPosition>,
      staleTime: 0,
    }),
    enabled: Boolean(session),
  });
}

/** One flip with its two ticks and every movement of its money; refetched with the lists. */
export function useFlipDetail(id: string | null) {
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.flip(session?.user.id ?? '', id),
    queryFn: ({ signal }) =>
      api(routes.flip.position, { query: { id: id ?? '' }, silent: true, signal }).then(({ data }) => data),
    enabled: Boolean(session && id),
    staleTime: 0,
  });
}

export function useOpenFlip() {
  const queryClient = useQueryClient();
  // One key per flip until it is answered: a press after a lost answer gets the first answer, not a
  // second flip. Silent: the form puts the server's words under the field they are about.
  return useKeyedMutation({
    mutationFn: (body: OpenFlipBody, idempotencyKey: string) =>
      api(routes.flip.open, { body, silent: true, idempotencyKey }).then(({ data }) => data),
    onSettled: (_data, error) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.flips });
      void queryClient.invalidateQueries({ queryKey: queryKeys.money });
      // A refusal may come from terms changed since they loaded (a rate, a pair or duration off):
      // the form shows the terms as they are now.
      if (error) void queryClient.invalidateQueries({ queryKey: queryKeys.flipConfig });
    },
  });
}
