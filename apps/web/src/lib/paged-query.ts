// A signed-in user's list, newest first, a page at a time (their feedback, friends, rewards): one
// infinite query keyed by the user, idle while signed out. The list components/paged-list.tsx shows.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPageOf, type Page } from '@/components/paged-list';
import { queryKeys } from './query-keys';
import { useSession } from './session';

export const PAGE_SIZE = 20;

export function usePagedQuery<T>(
  list: readonly string[],
  getPage: (query: { page: number; pageSize: number }, signal: AbortSignal) => Promise<Page<T>>,
) {
  const session = useSession();
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: queryKeys.userList(list, session?.user.id ?? ''),
      queryFn: ({ pageParam, signal }) => getPage({ page: pageParam, pageSize: PAGE_SIZE }, signal),
      initialPageParam: 1,
      getNextPageParam: nextPageOf<T>,
    }),
    enabled: Boolean(session),
  });
}
