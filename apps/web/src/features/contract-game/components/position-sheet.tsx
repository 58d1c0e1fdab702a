// One position in full (issue 11): every figure of spec §3 plus its break-even price, targets and how
// it closed, and where its money went — each ledger movement of the position (margin lock, open fee,
// funding, close fee, loss, payout, refund), so the player can check every number against the history.
// An open one's PnL and return move with the live price, as on its card.
import { useTranslation } from 'react-i18next';
import Popup from 'antd-mobile/es/components/popup';
import type { GamePair, PositionDetail } from '@tradeflip/contract';
import { Decimal, formatNumber } from '@tradeflip/money';
import '@/lib/wallet-texts';
import { usePositionDetail } from '../api/game-api';
import { pnlOf, tone } from './position-figures';

export function PositionSheet({
  id,
  pair,
  price,
  onDone,
}: {
  id: string | null;
  pair: GamePair;
  /** The live price, for an open position's PnL. */
  price: string | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const query = usePositionDetail(id);
  const item = query.data;
  return (
    <Popup
      visible={Boolean(id)}
      onMaskClick={onDone}
      onClose={onDone}
      bodyClassName="game-sheet position-sheet"
      destroyOnClose
    >
      <div data-testid="position-sheet">
        <h2 className="game-sheet__title">{t('trade.detail')}</h2>
        {!item ? (
          <p className="game-sheet__text">{query.isError ? t('trade.unknown') : '…'}</p>
        ) : (
          <Detail item={item} pair={pair} price={price} />
        )}
        <div className="sheet-actions">
          <button type="button" className="btn btn--ghost" data-testid="position-sheet-done" onClick={onDone}>
            {t('trade.done')}
          </button>
        </div>
      </div>
    </Popup>
  );
}

function Detail({ item, pair, price }: { item: PositionDetail; pair: GamePair; price: string | undefined }) {
  const { t } = useTranslation();
  const open = item.status === 'open';
  const { pnl, returnPercent: ret } = pnlOf(item, price);
  const priceOf = (value: string | null) =>
    value ? formatNumber(value, 'price', { dp: pair.priceDp }) : '--';
  const amountOf = (value: string | null) =>
    value ? formatNumber(value, 'amount', { dp: pair.amountDp }) : '--';
  const rows: [string, string, string?][] = [
    [t('trade.orderNo'), item.orderNo, 'sheet-order'],
    [
      t('trade.status'),
      open
        ? t('trade.statusOpen')
        : t('trade.statusClosed', { reason: item.closeReason ? t(`trade.reason_${item.closeReason}`) : '' }),
      'sheet-status',
    ],
    [t('trade.entryPrice'), priceOf(item.entryPrice)],
    open
      ? [t('trade.currentPrice'), priceOf(price ?? null)]
      : [t('trade.closePrice'), priceOf(item.closePrice)],
    [t('trade.liquidationPrice'), priceOf(item.liquidationPrice)],
    [t('trade.breakEven'), priceOf(item.breakEvenPrice)],
    [t('trade.takeProfit'), priceOf(item.takeProfit)],
    [t('trade.stopLoss'), priceOf(item.stopLoss)],
    [t('trade.notional'), amountOf(item.notional)],
    [t('trade.margin'), amountOf(item.margin)],
    [t('trade.fundingPaid'), amountOf(item.fundingPaid)],
    [t('trade.openFee'), amountOf(item.openFee)],
    [t('trade.closeFee'), amountOf(item.closeFee)],
    [t('trade.openedAt'), new Date(item.openedAt).toLocaleString()],
    [t('trade.closedAt'), item.closedAt ? new Date(item.closedAt).toLocaleString() : '--'],
  ];
  return (
    <>
      <p className={`position-sheet__pnl ${tone(pnl)}`} data-testid="sheet-pnl">
        <span className={`position__side position__side--${item.side}`}>
          {item.symbol} {t(`trade.${item.side}`)} {item.leverage}×
        </span>
        <b>
          {pnl ? formatNumber(pnl, 'amount', { dp: pair.amountDp, signed: true }) : '--'} {item.marginToken}
        </b>
        <small>{ret ? formatNumber(ret, 'percent', { signed: true }) : '--'}</small>
      </p>
      <dl className="position-sheet__grid">
        {rows.map(([label, value, testId]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
      {item.profitUnpaid && new Decimal(item.profitUnpaid).gt(0) && (
        <p className="record-note record-note--info">
          {t('trade.profitUnpaid', { amount: amountOf(item.profitUnpaid), token: item.marginToken })}
        </p>
      )}
      <h3 className="position-sheet__subtitle">{t('trade.movements')}</h3>
      {item.entries.length === 0 ? (
        <p className="game-sheet__text">{t('trade.noMovements')}</p>
      ) : (
        <ol className="position-sheet__entries" data-testid="sheet-entries">
          {item.entries.map((entry) => {
            // By the available balance when it moved (a margin lock leaves it, an unfreeze or a
            // payout reaches it); otherwise by the frozen margin (funding, fees, a loss leave it).
            const amount = new Decimal(entry.availableDelta).isZero()
              ? new Decimal(entry.frozenDelta)
              : new Decimal(entry.availableDelta);
            return (
              <li key={entry.id} data-testid="sheet-entry">
                <span>{t(`businessTypes.${entry.type}`)}</span>
                <b className={tone(amount)}>
                  {formatNumber(amount, 'amount', { dp: pair.amountDp, signed: true })} {item.marginToken}
                </b>
                <small>{new Date(entry.createdAt).toLocaleTimeString()}</small>
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}
