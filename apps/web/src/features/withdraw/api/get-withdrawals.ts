// GET /api/app/asset/withdraw/list?page&pageSize: the user's withdrawals, newest first, a page at a
// time; while one is on its way the list follows it.
import type { WithdrawalRecord } from '@tradeflip/api';
import { api } from '@/lib/http';
import * as routes from '@tradeflip/api/routes';
import { useRecords, type RecordKind } from '@/lib/record-queries';

export const WITHDRAW_PAGE_SIZE = 20;

export const withdrawals: RecordKind<WithdrawalRecord> = { key: 'withdrawal', isSettled: isFinalWithdrawal };

export function getWithdrawals(page: number, signal?: AbortSignal) {
  return api(routes.withdraw.list, {
    query: { page, pageSize: WITHDRAW_PAGE_SIZE },
    silent: true,
    ...(signal ? { signal } : {}),
  }).then(({ data }) => data);
}

/** Done: nothing more will happen to it. */
export function isFinalWithdrawal(record: WithdrawalRecord): boolean {
  return (
    record.status === 'completed' ||
    record.status === 'rejected' ||
    record.status === 'failed' ||
    record.status === 'cancelled'
  );
}

// With none on its way, the list waits for a pull to refresh.
export const useWithdrawals = () => useRecords(withdrawals, getWithdrawals, { watch: false });
