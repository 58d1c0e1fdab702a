// GET /api/app/asset/overview: the total approximate USDT value. Shared because Home, Profile and
// Total assets all show it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './http';
import * as routes from '@tradeflip/api/routes';
import { useSession } from './session';

export function getAssetOverview() {
  return api(routes.wallet.overview).then(({ data }) => data);
}

/** Keyed by the user; refetched on every visit (staleTime 0) so a credit shows at once. */
export function assetOverviewQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['asset', 'overview', userId],
    queryFn: getAssetOverview,
    staleTime: 0,
  });
}

/** The signed-in user's overview; idle while signed out. */
export function useAssetOverview() {
  const session = useSession();
  return useQuery({ ...assetOverviewQueryOptions(session?.user.id ?? ''), enabled: Boolean(session) });
}
