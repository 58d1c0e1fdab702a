// GET /api/app/asset/deposit/options: which tokens can be deposited on which networks, with the
// minimum deposit and confirmations of each. A failure says 'Failed to fetch deposit options' (spec §8):
// the page shows it in place, with a retry, so the call itself stays silent (a message shows once).
import { queryKeys } from '@/lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositOptions } from '@tradeflip/api';
import { api } from '@/lib/http';
import * as routes from '@tradeflip/api/routes';
import { useSession } from '@/lib/session';

export function getDepositOptions(signal?: AbortSignal): Promise<DepositOptions> {
  return api(routes.deposit.options, { silent: true, ...(signal ? { signal } : {}) }).then(
    ({ data }) => data,
  );
}

export function depositOptionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.depositOptions(userId),
    queryFn: ({ signal }) => getDepositOptions(signal),
  });
}

export function useDepositOptions() {
  const session = useSession();
  return useQuery({ ...depositOptionsQueryOptions(session?.user.id ?? ''), enabled: Boolean(session) });
}
