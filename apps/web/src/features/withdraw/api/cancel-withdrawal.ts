// POST /api/app/asset/withdraw/cancel {id}: the owner cancels a withdrawal still in review; amount and
// fee return to available. Exactly one of this and an operator's approval wins; the loser is told the
// withdrawal can no longer be cancelled (409) and the screen shows what it became.
import { queryKeys } from '@/lib/query-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http';
import * as routes from '@tradeflip/api/routes';

export function cancelWithdrawal(id: string) {
  // Silent: the detail page says what happened in place.
  return api(routes.withdraw.cancel, { body: { id }, silent: true }).then(({ data }) => data);
}

export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWithdrawal,
    // Balances, records and this withdrawal refresh (a lost race shows the operator's decision).
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.money }),
  });
}
