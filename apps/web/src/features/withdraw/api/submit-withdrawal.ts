// POST /api/app/asset/withdraw {token, network, address, amount, password}: freezes amount + fee and
// answers the new withdrawal, reviewing. The client adds the Idempotency-Key; a retry after no answer
// passes the same key so the withdrawal is made once. Success refreshes every balance on screen.
import { queryKeys } from '@/lib/query-keys';
import { useQueryClient } from '@tanstack/react-query';
import type { WithdrawBody } from '@tradeflip/api';
import { api } from '@/lib/http';
import * as routes from '@tradeflip/api/routes';
import { useKeyedMutation } from '@/lib/http/keyed-mutation';

export function submitWithdrawal(body: WithdrawBody, idempotencyKey: string) {
  // Silent: the screen puts the server's words on the field they are about, or toasts them.
  return api(routes.withdraw.submit, { body, silent: true, idempotencyKey }).then(({ data }) => data);
}

export function useSubmitWithdrawal() {
  const queryClient = useQueryClient();
  // One key per withdrawal until it is answered (a press after a lost answer retries the same one).
  return useKeyedMutation({
    mutationFn: (body: WithdrawBody, idempotencyKey: string) => submitWithdrawal(body, idempotencyKey),
    // Assets, the balance summary and the records refresh; the screen does not wait for them.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.money }),
  });
}
