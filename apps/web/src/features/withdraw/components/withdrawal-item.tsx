// One withdrawal in the records list: what left the balance (amount + fee), network, time, the fee
// on its own line, and status.
import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_REVIEW_HOURS, type WithdrawalRecord } from '@tradeflip/api';
import { amountDpOf, formatNumber } from '@tradeflip/money';
import { RecordRow } from '@/components/record-row';
import type { RecordItem } from '@/components/records-page';
import { withdrawalAmount, WithdrawalStatus } from './withdrawal-status';

/** One record's row (the records page's item). */
export const WithdrawalItem: RecordItem<WithdrawalRecord> = ({ record, precisions, onOpen }) => {
  const { t } = useTranslation();
  const dp = amountDpOf(precisions, record.token, record.network);
  return (
    <RecordRow
      testId="withdrawal-item"
      record={record}
      amount={withdrawalAmount(record, dp)}
      detail={`${t('withdraw.fee')} ${formatNumber(record.fee, 'amount', { dp })} ${record.token}`}
      status={<WithdrawalStatus status={record.status} testId="withdrawal-item-status" />}
      note={record.status === 'reviewing' && t('withdraw.expectedWithin', { hours: WITHDRAWAL_REVIEW_HOURS })}
      onOpen={onOpen}
    />
  );
};
