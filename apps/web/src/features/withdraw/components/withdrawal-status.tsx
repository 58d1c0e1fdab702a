// A withdrawal's status in the user's language and its own colour. Reviewing says when to expect it
// (spec §4: 'reviewing (expected within 24 h)'); `long` puts that in the tag itself.
import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_REVIEW_HOURS, type WithdrawalRecordStatus } from '@tradeflip/contract';
import { StatusTag, type StatusTone } from '@/components/status-tag';

const tones: Record<WithdrawalRecordStatus, StatusTone> = {
  reviewing: 'amber',
  approved: 'cyan',
  processing: 'purple',
  completed: 'green',
  rejected: 'orange',
  failed: 'red',
  pending: 'grey',
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
