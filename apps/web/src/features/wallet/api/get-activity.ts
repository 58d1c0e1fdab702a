// GET /api/app/asset/activity?token&category&page&pageSize: the user's history of a token in their own
// words, newest first: one item per operation (a withdrawal's freeze and its refund are one item), a
// page at a time for the token screen's infinite scroll.
import { queryKeys } from '@/lib/query-keys';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityCategory, ActivityItem } from '@tradeflip/api';
import { nextPageOf } from '@/components/paged-list';
import { api } from '@/lib/http';
import * as routes from '@tradeflip/api/routes';
import { liveRefresh } from '@/lib/live-refresh';
import { useSession } from '@/lib/session';

export const ACTIVITY_PAGE_SIZE = 20;

export interface ActivityFilter {
  token: string;
  category?: ActivityCategory | undefined;
}

export function getActivity(filter: ActivityFilter, page: number, signal?: AbortSignal) {
  const query = {
    token: filter.token,
    page,
    pageSize: ACTIVITY_PAGE_SIZE,
    ...(filter.category && { category: filter.category }),
  };
  return api(routes.wallet.activity, { query, silent: true, ...(signal ? { signal } : {}) }).then(
    ({ data }) => data,
  );
}

export function activityQueryOptions(userId: string, filter: ActivityFilter) {
  return infiniteQueryOptions({
    queryKey: queryKeys.activity(userId, filter.token, filter.category ?? 'all'),
    queryFn: ({ pageParam, signal }) => getActivity(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf<ActivityItem>,
    staleTime: 0,
  });
}

export function useActivity(filter: ActivityFilter) {
  const session = useSession();
  return useInfiniteQuery({
    ...activityQueryOptions(session?.user.id ?? '', filter),
    enabled: Boolean(session),
    // A withdrawal in review moves on by itself: follow it while the page is open.
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.list.some((item) => item.state === 'pending'))
        ? liveRefresh.inFlightMs
        : false,
  });
}
