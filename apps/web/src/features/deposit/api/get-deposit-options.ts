// GET /api/app/asset/deposit/options: which tokens can be deposited on which networks, with the
// minimum deposit and confirmations of each. A failure says 'Failed to fetch deposit options' (spec §8)
// instead of the server's words.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositOptions } from '@tradeflip/contract';
import { translate } from '@tradeflip/i18n';
import { http, isCancel } from '@/lib/http';
import { getLanguage } from '@/lib/language';
import { useSession } from '@/lib/session';
import { showToast } from '@/lib/toast';

export async function getDepositOptions(signal?: AbortSignal): Promise<DepositOptions> {
  try {
    return await http.get<DepositOptions>('/api/app/asset/deposit/options', {
      silent: true,
      ...(signal ? { signal } : {}),
    });
  } catch (err) {
    if (!isCancel(err)) showToast(translate(getLanguage(), 'errors.depositOptions'));
    throw err;
  }
}

export function depositOptionsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['asset', 'deposit-options', userId],
    queryFn: ({ signal }) => getDepositOptions(signal),
  });
}

export function useDepositOptions() {
  const session = useSession();
  return useQuery({ ...depositOptionsQueryOptions(session?.user.id ?? ''), enabled: Boolean(session) });
}
