// The signed-in user's profile (GET /api/app/user/me): Profile, Account, and the share card's invite code.
import { queryKeys } from '@/lib/query-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './http';
import * as routes from '@tradeflip/api/routes';
import { useSession } from './session';

export function getMe() {
  return api(routes.account.me).then(({ data }) => data);
}

/** Keyed by the user, so another account never sees a cached profile. */
export function meQueryOptions(userId: string) {
  return queryOptions({ queryKey: queryKeys.me(userId), queryFn: getMe, staleTime: 60_000 });
}

/** The signed-in user's profile; idle while signed out. */
export function useMe() {
  const session = useSession();
  return useQuery({ ...meQueryOptions(session?.user.id ?? ''), enabled: Boolean(session) });
}
