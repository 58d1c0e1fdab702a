// The player's feedback: sending it (keyed: a press after a lost answer gets the first answer) and
// their own list with the replies, newest first, a page at a time.
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackBody, FeedbackItem } from '@tradeflip/api';
import * as routes from '@tradeflip/api/routes';
import { nextPageOf } from '@/components/paged-list';
import { api } from '@/lib/http';
import { useKeyedMutation } from '@/lib/http/keyed-mutation';
import { useSession } from '@/lib/session';

const PAGE_SIZE = 20;

export function useMyFeedback() {
  const session = useSession();
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: ['feedback', session?.user.id ?? ''],
      queryFn: ({ pageParam, signal }) =>
        api(routes.feedback.mine, {
          query: { page: pageParam, pageSize: PAGE_SIZE },
          silent: true,
          signal,
        }).then(({ data }) => data),
      initialPageParam: 1,
      getNextPageParam: nextPageOf<FeedbackItem>,
    }),
    enabled: Boolean(session),
  });
}

export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useKeyedMutation({
    mutationFn: (body: FeedbackBody, idempotencyKey: string) =>
      api(routes.feedback.send, { body, silent: true, idempotencyKey }).then(({ data }) => data),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['feedback'] }),
  });
}
