// A withdrawal's status in the user's language and its own colour. Reviewing says when to expect it
// (spec §4: 'reviewing (expected within 24 h)'); `long` puts that in the tag itself.
import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_REVIEW_HOURS, type WithdrawalRecordStatus } from '@tradeflip/api';
import { Decimal, formatNumber } from '@tradeflip/money';
import { StatusTag, type StatusTone } from '@/components/status-tag';

const tones: Record<WithdrawalRecordStatus, StatusTone> = {
  reviewing: 'amber',
  approved: 'cyan',
  processing: 'purple',
  completed: 'green',
  rejected: 'orange',
  failed: 'red',
  cancelled: 'grey',
  pending: 'slate',
  confirming: 'blue',
};

interface WithdrawalStatusProps {
  status: WithdrawalRecordStatus;
  long?: boolean;
  testId?: string;
}

export function WithdrawalStatus({ status, long, testId }: WithdrawalStatusProps) {
  const { t } = useTranslation();
  const label =
    long && status === 'reviewing'
      ? t('withdraw.reviewing', { hours: WITHDRAWAL_REVIEW_HOURS })
      : t(`withdraw.statuses.${status}`);
  return (
    <StatusTag tone={tones[status]} status={status} testId={testId}>
      {label}
    </StatusTag>
  );
}

/** Rejected, failed or cancelled: nothing left the account (amount and fee came back). */
export function isReturnedWithdrawal(status: WithdrawalRecordStatus): boolean {
  return status === 'rejected' || status === 'failed' || status === 'cancelled';
}

/**
 * What left the balance: the amount and its fee (`-13` for 12.5 and a 0.5 fee), on its way out or
 * gone; a returned withdrawal's total, which came back, carries no sign.
 */
export function withdrawalAmount(
  record: { amount: string; fee: string; status: WithdrawalRecordStatus },
  dp: number,
) {
  const text = formatNumber(new Decimal(record.amount).plus(record.fee).toFixed(), 'amount', { dp });
  return isReturnedWithdrawal(record.status) ? text : `-${text}`;
}
