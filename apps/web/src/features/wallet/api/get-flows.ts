// GET /api/app/asset/flows?token&type&page&pageSize: the user's ledger entries, newest first, a page
// at a time for the token screen's infinite scroll.
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BusinessType, FlowEntry } from '@tradeflip/contract';
import { http } from '@/lib/http';
import { useSession } from '@/lib/session';

export const FLOW_PAGE_SIZE = 20;

export interface FlowPage {
  list: FlowEntry[];
  total: number;
  page: number;
  pageSize: number;
}

export interface FlowFilter {
  token: string;
  type?: BusinessType | undefined;
}

export function getFlows(filter: FlowFilter, page: number, signal?: AbortSignal) {
  const params: Record<string, unknown> = { token: filter.token, page, pageSize: FLOW_PAGE_SIZE };
  if (filter.type) params.type = filter.type;
  return http.get<FlowPage>('/api/app/asset/flows', { params, ...(signal ? { signal } : {}) });
}

export function flowsQueryOptions(userId: string, filter: FlowFilter) {
  return infiniteQueryOptions({
    queryKey: ['asset', 'flows', userId, filter.token, filter.type ?? 'all'],
    queryFn: ({ pageParam, signal }) => getFlows(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  });
}

export function useFlows(filter: FlowFilter) {
  const session = useSession();
  return useInfiniteQuery({
    ...flowsQueryOptions(session?.user.id ?? '', filter),
    enabled: Boolean(session),
  });
}
