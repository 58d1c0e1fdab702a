// GET /api/app/asset/withdraw/detail?id: one of the user's withdrawals (anyone else's answers 404).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WithdrawalRecord } from '@tradeflip/contract';
import { http } from '@/lib/http';
import { liveRefresh } from '@/lib/live-refresh';
import { useSession } from '@/lib/session';
import { isFinalWithdrawal } from './get-withdrawals';

export function getWithdrawal(id: string, signal?: AbortSignal) {
  return http.get<WithdrawalRecord>('/api/app/asset/withdraw/detail', {
    silent: true,
    params: { id },
    ...(signal ? { signal } : {}),
  });
}

export function withdrawalQueryOptions(userId: string, id: string) {
  return queryOptions({
    queryKey: ['asset', 'withdrawal', userId, id],
    queryFn: ({ signal }) => getWithdrawal(id, signal),
    staleTime: 0,
  });
}

/** The withdrawal, shown at once from where it was opened while the server confirms it. */
export function useWithdrawal(id: string, opened: WithdrawalRecord | undefined) {
  const session = useSession();
  return useQuery({
    ...withdrawalQueryOptions(session?.user.id ?? '', id),
    enabled: Boolean(session),
    ...(opened?.id === id ? { placeholderData: opened } : {}),
    // Reviewing, approved, on-chain: follow it while the page is open.
    refetchInterval: (query) => {
      const record = query.state.data;
      return record && !isFinalWithdrawal(record) ? liveRefresh.inFlightMs : false;
    },
  });
}
