// GET /api/app/asset/deposit/detail?id: one of the user's deposits (anyone else's answers 404).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositRecord } from '@tradeflip/contract';
import { http } from '@/lib/http';
import { liveRefresh } from '@/lib/live-refresh';
import { useSession } from '@/lib/session';
import { isSettledDeposit } from './get-deposits';

export function getDeposit(id: string, signal?: AbortSignal) {
  return http.get<DepositRecord>('/api/app/asset/deposit/detail', {
    silent: true,
    params: { id },
    ...(signal ? { signal } : {}),
  });
}

export function depositQueryOptions(userId: string, id: string) {
  return queryOptions({
    queryKey: ['asset', 'deposit', userId, id],
    queryFn: ({ signal }) => getDeposit(id, signal),
    staleTime: 0,
  });
}

/** The deposit, shown at once from the list it was opened from while the server confirms it. */
export function useDeposit(id: string, opened: DepositRecord | undefined) {
  const session = useSession();
  return useQuery({
    ...depositQueryOptions(session?.user.id ?? '', id),
    enabled: Boolean(session),
    ...(opened?.id === id ? { placeholderData: opened } : {}),
    // A confirming deposit moves on by itself: follow it while the page is open.
    refetchInterval: (query) => {
      const record = query.state.data;
      return record && !isSettledDeposit(record) ? liveRefresh.inFlightMs : false;
    },
  });
}
