// The queries of the records a user's money moves by (deposits, withdrawals): their list, newest first
// a page at a time, and one record. Both follow a record on its way (not yet settled) every
// liveRefresh.inFlightMs. Each feature's api/ files call them with their own fetcher and words.
import { queryKeys } from '@/lib/query-keys';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { nextPageOf, type Page } from '@/components/paged-list';
import { liveRefresh } from './live-refresh';
import { useSession } from './session';

/** TanStack Query's type of placeholder data: anything but a function (a function would compute it). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- the very type TanStack names
type Placeholder<R> = R extends Function ? never : R;

export interface RecordKind<R> {
  /** The query key's name of one record (`deposit`); the list's adds an s. */
  key: string;
  /** Done: nothing more will happen to it by itself. */
  isSettled: (record: R) => boolean;
}

export function recordQueryOptions<R>(
  kind: RecordKind<R>,
  get: (id: string, signal?: AbortSignal) => Promise<R>,
  userId: string,
  id: string,
) {
  return queryOptions({
    queryKey: queryKeys.record(kind.key, userId, id),
    queryFn: ({ signal }) => get(id, signal),
    staleTime: 0,
  });
}

/** One record, shown at once from where it was opened (`opened`) while the server confirms it. */
export function useRecord<R extends { id: string }>(
  kind: RecordKind<R>,
  get: (id: string, signal?: AbortSignal) => Promise<R>,
  id: string,
  opened: R | undefined,
) {
  const session = useSession();
  return useQuery({
    ...recordQueryOptions(kind, get, session?.user.id ?? '', id),
    enabled: Boolean(session),
    ...(opened?.id === id ? { placeholderData: opened as Placeholder<R> } : {}),
    refetchInterval: (query) => {
      const record = query.state.data;
      return record && !kind.isSettled(record) ? liveRefresh.inFlightMs : false;
    },
  });
}

export function recordsQueryOptions<R>(
  kind: RecordKind<R>,
  getPage: (page: number, signal?: AbortSignal) => Promise<Page<R>>,
  userId: string,
) {
  return infiniteQueryOptions({
    queryKey: queryKeys.records(kind.key, userId),
    queryFn: ({ pageParam, signal }) => getPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf<R>,
    staleTime: 0,
  });
}

/**
 * The list; with nothing on its way it looks again every liveRefresh.watchMs when `watch` (so a new
 * record that was not made here, such as a deposit, shows without a pull to refresh).
 */
export function useRecords<R>(
  kind: RecordKind<R>,
  getPage: (page: number, signal?: AbortSignal) => Promise<Page<R>>,
  { watch }: { watch: boolean },
) {
  const session = useSession();
  return useInfiniteQuery({
    ...recordsQueryOptions(kind, getPage, session?.user.id ?? ''),
    enabled: Boolean(session),
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.list.some((r) => !kind.isSettled(r)))
        ? liveRefresh.inFlightMs
        : watch && liveRefresh.watchMs,
  });
}
