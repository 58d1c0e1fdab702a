// One withdrawal in the records list: amount, network, time and status.
import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_REVIEW_HOURS, type WithdrawalRecord } from '@tradeflip/contract';
import { amountDpOf, type PrecisionLookup } from '@tradeflip/money';
import { RecordRow } from '@/components/record-row';
import { withdrawalAmount, WithdrawalStatus } from './withdrawal-status';

interface WithdrawalItemProps {
  record: WithdrawalRecord;
  precisions: PrecisionLookup | undefined;
  onOpen: () => void;
}

export function WithdrawalItem({ record, precisions, onOpen }: WithdrawalItemProps) {
  const { t } = useTranslation();
  return (
    <RecordRow
      testId="withdrawal-item"
      id={record.id}
      amount={withdrawalAmount(record, amountDpOf(precisions, record.token, record.network))}
      token={record.token}
      network={record.network}
      createdAt={record.createdAt}
      status={<WithdrawalStatus status={record.status} testId="withdrawal-item-status" />}
      note={record.status === 'reviewing' && t('withdraw.expectedWithin', { hours: WITHDRAWAL_REVIEW_HOURS })}
      onOpen={onOpen}
    />
  );
}
