// An operation's detail: what it was, its amount and how it stands, then each step it took (frozen,
// sent, refunded…) with the change and the time, and a link to the deposit or withdrawal it belongs
// to. No ledger ids or internal notes: those are for the operator's audit.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { heldLines, type ActivityItem } from '@tradeflip/api';
import { Decimal, formatNumber } from '@tradeflip/money';
import { DetailList, DetailRow } from '@/components/detail-list';
import { ChevronRightIcon } from '@/components/icons';
import { Sheet } from '@/components/sheet';
import { formatDateTime } from '@/lib/format-time';
import { paths } from '@/lib/paths';
import { activityAmount } from './activity-item';

/** Where the operation's own record lives, when it has one. */
function recordLink(item: ActivityItem): string | undefined {
  if (!item.refId) return undefined;
  const id = encodeURIComponent(item.refId);
  if (item.refType === 'withdrawal') return `${paths.withdrawDetail}?id=${id}`;
  if (item.refType === 'deposit') return `${paths.depositDetail}?id=${id}`;
  return undefined;
}

export function ActivityDetailSheet({
  item,
  dp,
  hidden,
  onClose,
}: {
  item: ActivityItem | null;
  dp: number;
  hidden: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const link = item && recordLink(item);
  return (
    <Sheet visible={Boolean(item)} onClose={onClose}>
      {item && (
        <div data-testid="activity-detail">
          <h2 className="sheet__title">
            {t(`activity.kinds.${item.kind}`, { defaultValue: t(`businessTypes.${item.kind}`) })}
          </h2>
          <p className="activity-detail__amount" data-testid="activity-detail-amount">
            {activityAmount(item, dp, hidden)} <small>{item.token}</small>
          </p>
          <p className="flow-detail__type" data-testid="activity-detail-state">
            {t(`activity.states.${item.state}`)}
          </p>
          <ol className="activity-steps" data-testid="activity-steps">
            {item.steps.map((step) => {
              // A position's or flip's line carries its amount as the player reads it: a signed effect
              // on the balance (they add up to the item's amount), or where money sat, unsigned.
              const line = step.amount !== undefined;
              const held = line ? heldLines[step.kind] : undefined;
              const onFrozen = !line && new Decimal(step.availableDelta).isZero();
              const delta = line ? step.amount! : onFrozen ? step.frozenDelta : step.availableDelta;
              return (
                <li key={step.id} className="activity-step" data-testid="activity-step" data-kind={step.kind}>
                  <span className="activity-step__main">
                    <span className="activity-step__kind">{t(`activity.steps.${step.kind}`)}</span>
                    <span className="activity-step__time">{formatDateTime(step.createdAt)}</span>
                  </span>
                  <span className="activity-step__delta">
                    {formatNumber(delta, 'amount', { dp, signed: !held, hidden })}
                    {(onFrozen || held) && (
                      <small> {t(held === 'available' ? 'wallet.available' : 'wallet.frozen')}</small>
                    )}
                  </span>
                </li>
              );
            })}
          </ol>
          <DetailList className="activity-detail__rows">
            <DetailRow label={t('wallet.availableAfter')} testId="activity-detail-available-after">
              {formatNumber(item.steps.at(-1)?.availableAfter, 'amount', { dp, hidden })} {item.token}
            </DetailRow>
          </DetailList>
          {link && (
            <Link to={link} className="btn btn--ghost btn--block activity-detail__link" onClick={onClose}>
              {t(item.refType === 'withdrawal' ? 'activity.viewWithdrawal' : 'activity.viewDeposit')}
              <ChevronRightIcon size={16} />
            </Link>
          )}
          <button
            type="button"
            className="btn btn--ghost btn--block"
            onClick={onClose}
            data-testid="activity-detail-close"
          >
            {t('wallet.close')}
          </button>
        </div>
      )}
    </Sheet>
  );
}
