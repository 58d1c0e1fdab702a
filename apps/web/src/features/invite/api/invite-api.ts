// The signed-in user's invite code, link, totals and rules (GET /api/app/invite/summary), and their
// friends and rewards, newest first, a page at a time (/invite/friends, /invite/rewards).
import { queryKeys } from '@/lib/query-keys';
import { useQuery } from '@tanstack/react-query';
import type { InviteFriend, InviteReward } from '@tradeflip/api';
import * as routes from '@tradeflip/api/routes';
import { api } from '@/lib/http';
import { usePagedQuery } from '@/lib/paged-query';
import { useSession } from '@/lib/session';

export function useInviteSummary() {
  const session = useSession();
  return useQuery({
    queryKey: queryKeys.inviteSummary(session?.user.id ?? ''),
    queryFn: ({ signal }) => api(routes.invite.summary, { silent: true, signal }).then(({ data }) => data),
    enabled: Boolean(session),
  });
}

export const useInviteFriends = () =>
  usePagedQuery<InviteFriend>(queryKeys.inviteFriends, (query, signal) =>
    api(routes.invite.friends, { query, silent: true, signal }).then(({ data }) => data),
  );

export const useInviteRewards = () =>
  usePagedQuery<InviteReward>(queryKeys.inviteRewards, (query, signal) =>
    api(routes.invite.rewards, { query, silent: true, signal }).then(({ data }) => data),
  );
