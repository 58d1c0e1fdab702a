// The signed-in user's invite code, link, totals and rules (GET /api/app/invite/summary), and their
// friends and rewards, newest first, a page at a time (/invite/friends, /invite/rewards).
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { InviteFriend, InviteReward } from '@tradeflip/api';
import * as routes from '@tradeflip/api/routes';
import { nextPageOf } from '@/components/paged-list';
import { api } from '@/lib/http';
import { useSession } from '@/lib/session';

const PAGE_SIZE = 20;

export function useInviteSummary() {
  const session = useSession();
  return useQuery({
    queryKey: ['invite', 'summary', session?.user.id ?? ''],
    queryFn: ({ signal }) => api(routes.invite.summary, { silent: true, signal }).then(({ data }) => data),
    enabled: Boolean(session),
  });
}

export function useInviteFriends() {
  const session = useSession();
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: ['invite', 'friends', session?.user.id ?? ''],
      queryFn: ({ pageParam, signal }) =>
        api(routes.invite.friends, {
          query: { page: pageParam, pageSize: PAGE_SIZE },
          silent: true,
          signal,
        }).then(({ data }) => data),
      initialPageParam: 1,
      getNextPageParam: nextPageOf<InviteFriend>,
    }),
    enabled: Boolean(session),
  });
}

export function useInviteRewards() {
  const session = useSession();
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: ['invite', 'rewards', session?.user.id ?? ''],
      queryFn: ({ pageParam, signal }) =>
        api(routes.invite.rewards, {
          query: { page: pageParam, pageSize: PAGE_SIZE },
          silent: true,
          signal,
        }).then(({ data }) => data),
      initialPageParam: 1,
      getNextPageParam: nextPageOf<InviteReward>,
    }),
    enabled: Boolean(session),
  });
}
