// One deposit in the records list: amount, network, time and status.
import { useTranslation } from 'react-i18next';
import type { DepositRecord } from '@tradeflip/contract';
import { amountDpOf, displayAmount, type PrecisionLookup } from '@tradeflip/money';
import { formatDateTime } from '@/lib/format-time';
import { DepositStatus } from './deposit-status';

interface DepositItemProps {
  record: DepositRecord;
  precisions: PrecisionLookup | undefined;
  onOpen: () => void;
}

export function DepositItem({ record, precisions, onOpen }: DepositItemProps) {
  const { t } = useTranslation();
  const dp = amountDpOf(precisions, record.token, record.network);
  return (
    <button
      type="button"
      className="record-item"
      onClick={onOpen}
      data-testid="deposit-item"
      data-id={record.id}
    >
      <span className="record-item__main">
        <span className="record-item__amount" data-testid="deposit-item-amount">
          <span>+{displayAmount(record.amount, dp)}</span> <small>{record.token}</small>
        </span>
        <span className="record-item__meta">
          <span data-testid="deposit-item-network">{record.network}</span>
          {' · '}
          <span data-testid="deposit-item-time">{formatDateTime(record.createdAt)}</span>
        </span>
      </span>
      <span className="record-item__side">
        <DepositStatus record={record} testId="deposit-item-status" />
        {record.belowMinimum && <span className="record-item__note">{t('deposit.belowMinimumShort')}</span>}
      </span>
    </button>
  );
}
