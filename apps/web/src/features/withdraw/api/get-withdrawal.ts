// GET /api/app/asset/withdraw/detail?id: one of the user's withdrawals (anyone else's answers 404).
import type { WithdrawalRecord } from '@tradeflip/api';
import { api } from '@/lib/http';
import * as routes from '@tradeflip/api/routes';
import { recordQueryOptions, useRecord } from '@/lib/record-queries';
import { withdrawals } from './get-withdrawals';

export function getWithdrawal(id: string, signal?: AbortSignal) {
  return api(routes.withdraw.detail, { query: { id }, silent: true, ...(signal ? { signal } : {}) }).then(
    ({ data }) => data,
  );
}

export const withdrawalQueryOptions = (userId: string, id: string) =>
  recordQueryOptions(withdrawals, getWithdrawal, userId, id);

/**
 * The withdrawal, shown at once from where it was opened while the server confirms it; reviewing,
 * approved, on-chain: followed while the page is open.
 */
export const useWithdrawal = (id: string, opened: WithdrawalRecord | undefined) =>
  useRecord(withdrawals, getWithdrawal, id, opened);
