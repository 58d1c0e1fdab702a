// One deposit in the records list: amount, network, time and status.
import { useTranslation } from 'react-i18next';
import type { DepositRecord } from '@tradeflip/api';
import { amountDpOf, formatNumber } from '@tradeflip/money';
import { RecordRow } from '@/components/record-row';
import type { RecordItem } from '@/components/records-page';
import { DepositStatus } from './deposit-status';

/** One record's row (the records page's item). */
export const DepositItem: RecordItem<DepositRecord> = ({ record, precisions, onOpen }) => {
  const { t } = useTranslation();
  return (
    <RecordRow
      testId="deposit-item"
      record={record}
      // Only money that is (or is about to be) credited gets a +; a failed deposit never was.
      amount={formatNumber(record.amount, 'amount', {
        dp: amountDpOf(precisions, record.token, record.network),
        signed: record.status !== 'failed',
      })}
      status={<DepositStatus record={record} testId="deposit-item-status" />}
      note={record.belowMinimum && t('deposit.belowMinimumShort')}
      onOpen={onOpen}
    />
  );
};
