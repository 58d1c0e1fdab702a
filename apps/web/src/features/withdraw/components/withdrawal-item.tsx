// One withdrawal in the records list: amount, network, time and status.
import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_REVIEW_HOURS, type WithdrawalRecord } from '@tradeflip/contract';
import { amountDpOf, displayAmount, type PrecisionLookup } from '@tradeflip/money';
import { formatDateTime } from '@/lib/format-time';
import { WithdrawalStatus } from './withdrawal-status';

interface WithdrawalItemProps {
  record: WithdrawalRecord;
  precisions: PrecisionLookup | undefined;
  onOpen: () => void;
}

export function WithdrawalItem({ record, precisions, onOpen }: WithdrawalItemProps) {
  const { t } = useTranslation();
  const dp = amountDpOf(precisions, record.token, record.network);
  return (
    <button
      type="button"
      className="record-item"
      onClick={onOpen}
      data-testid="withdrawal-item"
      data-id={record.id}
    >
      <span className="record-item__main">
        <span className="record-item__amount" data-testid="withdrawal-item-amount">
          <span>{displayAmount(record.amount, dp)}</span> <small>{record.token}</small>
        </span>
        <span className="record-item__meta">
          <span data-testid="withdrawal-item-network">{record.network}</span>
          {' · '}
          <span data-testid="withdrawal-item-time">{formatDateTime(record.createdAt)}</span>
        </span>
      </span>
      <span className="record-item__side">
        <WithdrawalStatus status={record.status} testId="withdrawal-item-status" />
        {record.status === 'reviewing' && (
          <span className="record-item__note">
            {t('withdraw.expectedWithin', { hours: WITHDRAWAL_REVIEW_HOURS })}
          </span>
        )}
      </span>
    </button>
  );
}
