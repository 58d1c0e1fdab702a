// GET /api/app/asset/flow?id: one of the user's ledger entries (anyone else's answers 404).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FlowEntry } from '@tradeflip/contract';
import { http } from '@/lib/http';
import { useSession } from '@/lib/session';

export function getFlow(id: string) {
  return http.get<FlowEntry>('/api/app/asset/flow', { params: { id } });
}

export function flowQueryOptions(userId: string, id: string) {
  return queryOptions({ queryKey: ['asset', 'flow', userId, id], queryFn: () => getFlow(id) });
}

/** The entry, shown at once from the list it was opened from while the server confirms it. */
export function useFlow(entry: FlowEntry | null) {
  const session = useSession();
  return useQuery({
    ...flowQueryOptions(session?.user.id ?? '', entry?.id ?? ''),
    enabled: Boolean(session && entry),
    ...(entry ? { placeholderData: entry } : {}),
  });
}
