// GET /api/app/asset/withdraw/list?page&pageSize: the user's withdrawals, newest first, a page at a
// time; while one is on its way the list follows it.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { WithdrawalRecord } from '@tradeflip/contract';
import { nextPageOf, type Page } from '@/components/paged-list';
import { http } from '@/lib/http';
import { liveRefresh } from '@/lib/live-refresh';
import { useSession } from '@/lib/session';

export const WITHDRAW_PAGE_SIZE = 20;

export function getWithdrawals(page: number, signal?: AbortSignal) {
  return http.get<Page<WithdrawalRecord>>('/api/app/asset/withdraw/list', {
    silent: true,
    params: { page, pageSize: WITHDRAW_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}

export function withdrawalsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: ['asset', 'withdrawals', userId],
    queryFn: ({ pageParam, signal }) => getWithdrawals(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf<WithdrawalRecord>,
    staleTime: 0,
  });
}

/** Done: nothing more will happen to it. */
export function isFinalWithdrawal(record: WithdrawalRecord): boolean {
  return (
    record.status === 'completed' ||
    record.status === 'rejected' ||
    record.status === 'failed' ||
    record.status === 'cancelled'
  );
}

export function useWithdrawals() {
  const session = useSession();
  return useInfiniteQuery({
    ...withdrawalsQueryOptions(session?.user.id ?? ''),
    enabled: Boolean(session),
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.list.some((r) => !isFinalWithdrawal(r)))
        ? liveRefresh.inFlightMs
        : false,
  });
}
