// One operation in a token's history, in the person's words: what it was ("Withdrawal rejected"), when,
// how it stands (in review, refunded), and the change they feel. A refunded operation's amount is shown
// struck through with no sign: it left and came back.
import { useTranslation } from 'react-i18next';
import type { ActivityItem as Activity } from '@tradeflip/api';
import { Decimal, formatNumber } from '@tradeflip/money';
import { formatDateTime } from '@/lib/format-time';

export function activityAmount(item: Activity, dp: number, hidden: boolean): string {
  return item.state === 'refunded'
    ? formatNumber(new Decimal(item.amount).abs(), 'amount', { dp, hidden })
    : formatNumber(item.amount, 'amount', { dp, signed: true, hidden });
}

export function ActivityRow({
  item,
  dp,
  hidden,
  onOpen,
}: {
  item: Activity;
  dp: number;
  hidden: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const sign = new Decimal(item.amount).cmp(0);
  const tone = item.state === 'refunded' ? 'is-refunded' : sign > 0 ? 'is-up' : sign < 0 ? 'is-down' : '';
  return (
    <button
      type="button"
      className="record-item flow-item"
      onClick={onOpen}
      data-testid="activity-item"
      data-kind={item.kind}
      data-state={item.state}
    >
      <span className="flow-item__main">
        <span className="flow-item__type" data-testid="activity-title">
          {t(`activity.kinds.${item.kind}`, { defaultValue: t(`businessTypes.${item.kind}`) })}
        </span>
        <span className="flow-item__time">{formatDateTime(item.createdAt)}</span>
      </span>
      <span className="flow-item__side">
        <span className={`flow-item__delta ${tone}`} data-testid="activity-amount">
          {activityAmount(item, dp, hidden)}
        </span>
        {item.state !== 'done' && (
          <span className={`flow-item__state is-${item.state}`} data-testid="activity-state">
            {t(`activity.states.${item.state}`)}
          </span>
        )}
      </span>
    </button>
  );
}
