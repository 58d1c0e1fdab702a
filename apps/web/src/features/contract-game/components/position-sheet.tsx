// One position in full (issues 11, 16): every figure of spec §3 plus its break-even price, targets and
// how it closed; a closed one's realized PnL net of fees and funding with its breakdown; and where its
// money went — one line per real effect in a player's words (open fee, funding, loss or profit, close
// fee), which add up to the net change, beside the margin's own lines (locked, returned). Exact
// values here (the cards round USDT to 2 decimals). An open one's PnL moves with the live price.
import { useTranslation } from 'react-i18next';
import Popup from 'antd-mobile/es/components/popup';
import type { GamePair, PositionDetail } from '@tradeflip/contract';
import { Decimal, formatNumber } from '@tradeflip/money';
import { formatDateTime } from '@/lib/format-time';
import { usePositionDetail } from '../api/game-api';
import { isMarginLine, pnlOf, tone } from './position-figures';

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
    value ? formatNumber(value, 'price', { dp: pair.priceDp, fixed: true }) : '--';
  const signed = (value: Decimal) => formatNumber(value, 'amount', { dp: pair.amountDp, signed: true });
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
    ...(open
      ? []
      : ([
          [t('trade.grossPnl'), item.pnl ? signed(new Decimal(item.pnl)) : '--', 'sheet-gross'],
          [t('trade.openFee'), signed(new Decimal(item.openFee).neg()), 'sheet-open-fee'],
          [
            t('trade.closeFee'),
            item.closeFee ? signed(new Decimal(item.closeFee).neg()) : '--',
            'sheet-close-fee',
          ],
          [t('trade.fundingPaid'), signed(new Decimal(item.fundingPaid).neg()), 'sheet-funding'],
        ] as [string, string, string][])),
    [t('trade.notional'), amountOf(item.notional)],
    [t('trade.margin'), amountOf(item.margin)],
    ...(open
      ? ([
          [t('trade.fundingPaid'), amountOf(item.fundingPaid)],
          [t('trade.openFee'), amountOf(item.openFee)],
        ] as [string, string][])
      : []),
    [t('trade.openedAt'), formatDateTime(item.openedAt), 'sheet-opened'],
    [t('trade.closedAt'), formatDateTime(item.closedAt), 'sheet-closed'],
  ];
  // The lines that moved money add up to the net change; the margin's lines only say where it sat.
  const net = item.movements
    .filter((line) => !isMarginLine(line.kind))
    .reduce((sum, line) => sum.add(line.amount), new Decimal(0));
  return (
    <>
      <p className={`position-sheet__pnl ${tone(pnl)}`} data-testid="sheet-pnl">
        <span className={`position__side position__side--${item.side}`}>
          {pair.base}/{pair.quote} {t(`trade.${item.side}`)} {item.leverage}×
        </span>
        {!open && <span className="position-sheet__label">{t('trade.realizedPnl')}</span>}
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
      {item.movements.length === 0 ? (
        <p className="game-sheet__text">{t('trade.noMovements')}</p>
      ) : (
        <ol className="position-sheet__entries" data-testid="sheet-entries">
          {item.movements.map((line) => {
            const margin = isMarginLine(line.kind);
            const amount = new Decimal(line.amount);
            return (
              <li key={line.id} data-testid="sheet-entry" data-kind={line.kind}>
                <span>{t(`trade.lines.${line.kind}`)}</span>
                <b className={margin ? 'is-neutral' : tone(amount)}>
                  {margin ? amountOf(line.amount) : signed(amount)} {item.marginToken}
                </b>
                <small>{formatDateTime(line.createdAt)}</small>
              </li>
            );
          })}
          <li className="position-sheet__net" data-testid="sheet-net">
            <span>{t('trade.netChange')}</span>
            <b className={tone(net)}>
              {signed(net)} {item.marginToken}
            </b>
          </li>
        </ol>
      )}
    </>
  );
}
