// GET /api/app/asset/deposit/list?page&pageSize: the user's deposits, newest first, a page at a time.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { DepositRecord } from '@tradeflip/contract';
import { nextPageOf, type Page } from '@/components/paged-list';
import { http } from '@/lib/http';
import { useSession } from '@/lib/session';

export const DEPOSIT_PAGE_SIZE = 20;

export function getDeposits(page: number, signal?: AbortSignal) {
  return http.get<Page<DepositRecord>>('/api/app/asset/deposit/list', {
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
    // While a deposit is on its way, follow its confirmations.
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.list.some((r) => !isSettledDeposit(r))) ? 15_000 : false,
  });
}

export function isSettledDeposit(record: DepositRecord): boolean {
  return record.status === 'completed' || record.status === 'failed';
}
