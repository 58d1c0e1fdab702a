// GET /api/app/asset/deposit/list?page&pageSize: the user's deposits, newest first, a page at a time.
import type { DepositRecord } from '@tradeflip/api';
import { api } from '@/lib/http';
import * as routes from '@tradeflip/api/routes';
import { useRecords, type RecordKind } from '@/lib/record-queries';

export const DEPOSIT_PAGE_SIZE = 20;

export const deposits: RecordKind<DepositRecord> = { key: 'deposit', isSettled: isSettledDeposit };

export function getDeposits(page: number, signal?: AbortSignal) {
  return api(routes.deposit.list, {
    query: { page, pageSize: DEPOSIT_PAGE_SIZE },
    silent: true,
    ...(signal ? { signal } : {}),
  }).then(({ data }) => data);
}

/**
 * While a deposit is on its way, follow its confirmations; otherwise look now and then, so one that
 * was just sent appears without a pull to refresh.
 */
export const useDeposits = () => useRecords(deposits, getDeposits, { watch: true });

export function isSettledDeposit(record: DepositRecord): boolean {
  return record.status === 'completed' || record.status === 'failed';
}
