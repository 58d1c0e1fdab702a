// GET /api/app/asset/withdraw/config?token: the networks a token can be withdrawn on, each with its
// minimum, fee and decimals, and the user's available balance. A server without that path answers
// 404, and then GET /api/app/asset/withdrawConfig is asked instead (spec §7) — on a 404 only.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WithdrawConfig } from '@tradeflip/contract';
import { getWithFallback, type ApiError } from '@/lib/http';
import { useSession } from '@/lib/session';

export const WITHDRAW_CONFIG_PATH = '/api/app/asset/withdraw/config';
export const WITHDRAW_CONFIG_FALLBACK_PATH = '/api/app/asset/withdrawConfig';

const isNotFound = (err: ApiError) => err.status === 404;

export function getWithdrawConfig(token: string, signal?: AbortSignal) {
  return getWithFallback<WithdrawConfig>(
    WITHDRAW_CONFIG_PATH,
    WITHDRAW_CONFIG_FALLBACK_PATH,
    { params: { token }, silent: true, ...(signal ? { signal } : {}) },
    isNotFound,
  );
}

export function withdrawConfigQueryOptions(userId: string, token: string) {
  return queryOptions({
    queryKey: ['asset', 'withdraw-config', userId, token],
    queryFn: ({ signal }) => getWithdrawConfig(token, signal),
    // The available balance is in it: always fresh on arrival.
    staleTime: 0,
  });
}

export function useWithdrawConfig(token: string) {
  const session = useSession();
  return useQuery({
    ...withdrawConfigQueryOptions(session?.user.id ?? '', token),
    enabled: Boolean(session),
  });
}
