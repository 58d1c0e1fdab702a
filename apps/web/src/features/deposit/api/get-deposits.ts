// GET /api/app/asset/deposit/list?page&pageSize: the user's deposits, newest first, a page at a time.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { DepositRecord } from '@tradeflip/contract';
import { nextPageOf, type Page } from '@/components/paged-list';
import { http } from '@/lib/http';
import { liveRefresh } from '@/lib/live-refresh';
import { useSession } from '@/lib/session';

export const DEPOSIT_PAGE_SIZE = 20;

export function getDeposits(page: number, signal?: AbortSignal) {
  return http.get<Page<DepositRecord>>('/api/app/asset/deposit/list', {
    silent: true,
    params: { page, pageSize: DEPOSIT_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

export function depositsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: ['asset', 'deposits', userId],
    queryFn: ({ pageParam, signal }) => getDeposits(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf<DepositRecord>,
    staleTime: 0,
  });
}

export function useDeposits() {
  const session = useSession();
  return useInfiniteQuery({
    ...depositsQueryOptions(session?.user.id ?? ''),
    enabled: Boolean(session),
    // While a deposit is on its way, follow its confirmations; otherwise look now and then, so one
    // that was just sent appears without a pull to refresh.
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.list.some((r) => !isSettledDeposit(r)))
        ? liveRefresh.inFlightMs
        : liveRefresh.watchMs,
  });
}

export function isSettledDeposit(record: DepositRecord): boolean {
  return record.status === 'completed' || record.status === 'failed';
}
