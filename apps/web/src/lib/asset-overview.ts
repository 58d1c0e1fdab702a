// GET /api/app/asset/overview: the total approximate USDT value. Shared because Home, Profile and
// Total assets all show it.
import { queryKeys } from '@/lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './http';
import { liveRefresh } from './live-refresh';
import * as routes from '@tradeflip/api/routes';
import { useSession } from './session';

export function getAssetOverview() {
  return api(routes.wallet.overview).then(({ data }) => data);
}

/** Keyed by the user; refetched on every visit (staleTime 0) so a credit shows at once. */
export function assetOverviewQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.overview(userId),
    queryFn: getAssetOverview,
    staleTime: 0,
  });
}

/**
 * The signed-in user's overview; idle while signed out. While a position is open its total holds the
 * unrealized PnL at the mark price, which moves with the market and not with the user's own events:
 * asked again every liveRefresh.openPnlMs (the red team saw Home's PnL stay 0.00 for 16 s after a move).
 */
export function useAssetOverview() {
  const session = useSession();
  return useQuery({
    ...assetOverviewQueryOptions(session?.user.id ?? ''),
    enabled: Boolean(session),
    refetchInterval: (query) => (query.state.data?.openPositions ? liveRefresh.openPnlMs : false),
  });
}
