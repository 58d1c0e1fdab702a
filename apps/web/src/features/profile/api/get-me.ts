import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserMe } from '@tradeflip/contract';
import { http } from '@/lib/http';
import { useSession } from '@/lib/session';

export function getMe() {
  return http.get<UserMe>('/api/app/user/me');
}

/** Keyed by the user, so another account never sees a cached profile. */
export function meQueryOptions(userId: string) {
  return queryOptions({ queryKey: ['user', 'me', userId], queryFn: getMe, staleTime: 60_000 });
}

/** The signed-in user's profile; idle while signed out. */
export function useMe() {
  const session = useSession();
  return useQuery({ ...meQueryOptions(session?.user.id ?? ''), enabled: Boolean(session) });
}
