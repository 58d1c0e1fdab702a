// GET /api/app/asset/withdraw/config?token: the networks a token can be withdrawn on, each with its
// minimum, fee and decimals, and the user's available balance. A server without that path answers
// 404, and then GET /api/app/asset/withdrawConfig is asked instead (spec §7) — on a 404 only.
import { queryKeys } from '@/lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getWithFallback, type ApiError } from '@/lib/http';
import * as routes from '@tradeflip/api/routes';
import { useSession } from '@/lib/session';

const isNotFound = (err: ApiError) => err.status === 404;

export function getWithdrawConfig(token: string, signal?: AbortSignal) {
  return getWithFallback(
    routes.withdraw.config,
    routes.withdraw.configFallback,
    { query: { token }, silent: true, ...(signal ? { signal } : {}) },
    isNotFound,
  ).then(({ data }) => data);
}

export function withdrawConfigQueryOptions(userId: string, token: string) {
  return queryOptions({
    queryKey: queryKeys.withdrawConfig(userId, token),
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
