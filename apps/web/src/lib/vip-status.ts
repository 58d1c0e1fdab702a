// The signed-in user's VIP level, turnover, progress and the level table (GET /api/app/vip): the VIP
// page and Profile's badge share one query.
import { queryKeys } from '@/lib/query-keys';
import { useQuery } from '@tanstack/react-query';
import * as routes from '@tradeflip/api/routes';
import { api } from './http';
import { useSession } from './session';

export function useVipStatus() {
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.vip(session?.user.id ?? ''),
    queryFn: ({ signal }) => api(routes.vip.status, { silent: true, signal }).then(({ data }) => data),
    enabled: Boolean(session),
  });
}
