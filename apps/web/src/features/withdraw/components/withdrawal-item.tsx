// One withdrawal in the records list: amount, network, time and status.
import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_REVIEW_HOURS, type WithdrawalRecord } from '@tradeflip/api';
import { amountDpOf } from '@tradeflip/money';
import { RecordRow } from '@/components/record-row';
import type { RecordItem } from '@/components/records-page';
import { withdrawalAmount, WithdrawalStatus } from './withdrawal-status';

/** One record's row (the records page's item). */
export const WithdrawalItem: RecordItem<WithdrawalRecord> = ({ record, precisions, onOpen }) => {
  const { t } = useTranslation();
  return (
    <RecordRow
      testId="withdrawal-item"
      record={record}
      amount={withdrawalAmount(record, amountDpOf(precisions, record.token, record.network))}
      status={<WithdrawalStatus status={record.status} testId="withdrawal-item-status" />}
      note={record.status === 'reviewing' && t('withdraw.expectedWithin', { hours: WITHDRAWAL_REVIEW_HOURS })}
      onOpen={onOpen}
    />
  );
};
