// One ledger entry in a token's history: its business type, time, the change and the balance after.
import { useTranslation } from 'react-i18next';
import type { FlowEntry } from '@tradeflip/contract';
import { Decimal, displayAmount, displaySignedAmount } from '@tradeflip/money';
import { formatDateTime } from '@/lib/format-time';

/** The change a user feels: available moves when money comes or goes; a lock moves it to frozen. */
export function flowChange(entry: FlowEntry): { delta: string; onFrozen: boolean } {
  const available = new Decimal(entry.availableDelta);
  return available.isZero()
    ? { delta: entry.frozenDelta, onFrozen: true }
    : { delta: entry.availableDelta, onFrozen: false };
}

export function FlowItem({ entry, dp, onOpen }: { entry: FlowEntry; dp: number; onOpen: () => void }) {
  const { t } = useTranslation();
  const { delta, onFrozen } = flowChange(entry);
  const sign = new Decimal(delta).cmp(0);
  return (
    <button type="button" className="record-item flow-item" onClick={onOpen} data-testid="flow-item">
      <span className="flow-item__main">
        <span className="flow-item__type" data-testid="flow-type">
          {t(`businessTypes.${entry.type}`)}
        </span>
        <span className="flow-item__time">{formatDateTime(entry.createdAt)}</span>
      </span>
      <span className="flow-item__side">
        <span
          className={`flow-item__delta ${sign > 0 ? 'is-up' : sign < 0 ? 'is-down' : ''}`}
          data-testid="flow-delta"
        >
          {displaySignedAmount(delta, dp)}
          {onFrozen && <small> {t('wallet.frozen')}</small>}
        </span>
        <span className="flow-item__after">
          {t('wallet.available')} {displayAmount(entry.availableAfter, dp)}
        </span>
      </span>
    </button>
  );
}
