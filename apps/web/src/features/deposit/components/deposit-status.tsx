// A deposit's status in the user's language and its own colour; confirming shows its progress (n/N).
import { useTranslation } from 'react-i18next';
import type { DepositRecord, DepositRecordStatus } from '@tradeflip/api';
import { StatusTag, type StatusTone } from '@/components/status-tag';

const tones: Record<DepositRecordStatus, StatusTone> = {
  completed: 'green',
  confirming: 'blue',
  pending: 'amber',
  failed: 'red',
  processing: 'purple',
};

export function DepositStatus({ record, testId }: { record: DepositRecord; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StatusTag tone={tones[record.status]} status={record.status} testId={testId}>
      {t(`deposit.statuses.${record.status}`, {
        n: Math.min(record.confirmations, record.requiredConfirmations),
        total: record.requiredConfirmations,
      })}
    </StatusTag>
  );
}
