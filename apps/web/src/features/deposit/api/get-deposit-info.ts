// GET /api/app/asset/deposit/info?token&network: the user's own deposit address on a network, with
// its minimum deposit and confirmations.
import { queryKeys } from '@/lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/http';
import * as routes from '@tradeflip/api/routes';
import { useSession } from '@/lib/session';

export function getDepositInfo(token: string, network: string, signal?: AbortSignal) {
  return api(routes.deposit.info, {
    query: { token, network },
    silent: true,
    ...(signal ? { signal } : {}),
  }).then(({ data }) => data);
}

export function depositInfoQueryOptions(userId: string, token: string, network: string) {
  return queryOptions({
    queryKey: queryKeys.depositInfo(userId, token, network),
    queryFn: ({ signal }) => getDepositInfo(token, network, signal),
    // An address never changes; the limits seldom do.
    staleTime: 5 * 60_000,
  });
}

/** The address of `token` on `network`; idle until both are chosen and depositable. */
export function useDepositInfo(token: string | undefined, network: string | undefined, enabled: boolean) {
  const session = useSession();
  return useQuery({
    ...depositInfoQueryOptions(session?.user.id ?? '', token ?? '', network ?? ''),
    enabled: Boolean(session && token && network && enabled),
  });
}
