// One deposit in the records list: amount, network, time and status.
import { useTranslation } from 'react-i18next';
import type { DepositRecord } from '@tradeflip/contract';
import { amountDpOf, formatNumber, type PrecisionLookup } from '@tradeflip/money';
import { RecordRow } from '@/components/record-row';
import { DepositStatus } from './deposit-status';

interface DepositItemProps {
  record: DepositRecord;
  precisions: PrecisionLookup | undefined;
  onOpen: () => void;
}

export function DepositItem({ record, precisions, onOpen }: DepositItemProps) {
  const { t } = useTranslation();
  return (
    <RecordRow
      testId="deposit-item"
      id={record.id}
      // Only money that is (or is about to be) credited gets a +; a failed deposit never was.
      amount={formatNumber(record.amount, 'amount', {
        dp: amountDpOf(precisions, record.token, record.network),
        signed: record.status !== 'failed',
      })}
      token={record.token}
      network={record.network}
      createdAt={record.createdAt}
      status={<DepositStatus record={record} testId="deposit-item-status" />}
      note={record.belowMinimum && t('deposit.belowMinimumShort')}
      onOpen={onOpen}
    />
  );
}
