// One query key, one shape: every page that needs balances (wallet, game) goes through here.
// GET /api/app/asset/balances: every token with available, frozen and ≈ USDT value. The precision
// map is ensured first (spec §7), so the amounts are shown with the right decimals from the start.
import { queryKeys } from '@/lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Balance } from '@tradeflip/api';
import { api } from '@/lib/http';
import * as routes from '@tradeflip/api/routes';
import { ensurePrecisions } from '@/lib/precisions';
import { useSession } from '@/lib/session';

export async function getBalances(): Promise<Balance[]> {
  await ensurePrecisions();
  const { data } = await api(routes.wallet.balances, { silent: true });
  return data.list;
}

export function balancesQueryOptions(userId: string) {
  return queryOptions({ queryKey: queryKeys.balances(userId), queryFn: getBalances, staleTime: 0 });
}

export function useBalances() {
  const session = useSession();
  return useQuery({ ...balancesQueryOptions(session?.user.id ?? ''), enabled: Boolean(session) });
}
