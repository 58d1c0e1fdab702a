// The player's feedback: sending it (keyed: a press after a lost answer gets the first answer) and
// their own list with the replies, newest first, a page at a time.
import { queryKeys } from '@/lib/query-keys';
import { useQueryClient } from '@tanstack/react-query';
import type { FeedbackBody, FeedbackItem } from '@tradeflip/api';
import * as routes from '@tradeflip/api/routes';
import { api } from '@/lib/http';
import { useKeyedMutation } from '@/lib/http/keyed-mutation';
import { usePagedQuery } from '@/lib/paged-query';

export const useMyFeedback = () =>
  usePagedQuery<FeedbackItem>(queryKeys.feedback, (query, signal) =>
    api(routes.feedback.mine, { query, silent: true, signal }).then(({ data }) => data),
  );

export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useKeyedMutation({
    mutationFn: (body: FeedbackBody, idempotencyKey: string) =>
      api(routes.feedback.send, { body, silent: true, idempotencyKey }).then(({ data }) => data),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.feedback }),
  });
}
