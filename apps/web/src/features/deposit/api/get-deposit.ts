// GET /api/app/asset/deposit/detail?id: one of the user's deposits (anyone else's answers 404).
import type { DepositRecord } from '@tradeflip/api';
import { api } from '@/lib/http';
import * as routes from '@tradeflip/api/routes';
import { useRecord } from '@/lib/record-queries';
import { deposits } from './get-deposits';

export function getDeposit(id: string, signal?: AbortSignal) {
  return api(routes.deposit.detail, { query: { id }, silent: true, ...(signal ? { signal } : {}) }).then(
    ({ data }) => data,
  );
}

/**
 * The deposit, shown at once from the list it was opened from while the server confirms it; a
 * confirming deposit moves on by itself, followed while the page is open.
 */
export const useDeposit = (id: string, opened: DepositRecord | undefined) =>
  useRecord(deposits, getDeposit, id, opened);
