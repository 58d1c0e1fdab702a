// One position in full (issues 11, 16): every figure of spec §3 plus, while open, its unrealized PnL
// as headline, what closing now would add, its estimated liquidation and break-even prices; targets
// and how it closed; a closed one's realized PnL (both fees and the funding) with its breakdown; and where its money went — one line per real effect in a
// player's words (open fee, funding, loss or profit, close fee), which add up to the net change,
// beside the margin's own lines (locked, returned in full). The figures and their decimals are the
// card's (position-pnl.ts, lib/figures.ts). An open one's PnL moves with the live price.
import { useTranslation } from 'react-i18next';
import { Sheet } from '@/components/sheet';
import { ShareAction } from '@/components/share-card/share-action';
import type { SharedResult } from '@/components/share-card/shared-result';
import type { GamePair, PositionDetail } from '@tradeflip/api';
import { Decimal } from '@tradeflip/money';
import { amountText, changeText, priceText, returnText } from '@/lib/figures';
import { DetailList, DetailRow } from '@/components/detail-list';
import { formatDateTime } from '@/lib/format-time';
import { usePositionDetail } from '../api/game-api';
import { headlineOf, isMarginLine, openFigures, tone } from './position-figures';

/** A closed position as the share card shows it: its realized PnL and its return on margin. */
export function sharedPosition(item: PositionDetail, pair: GamePair): SharedResult | null {
  const { pnl, returnRate } = headlineOf(item, pair, undefined);
  if (item.status !== 'closed' || !pnl || !returnRate || !item.closePrice) return null;
  const price = (value: string) => priceText(value, pair.priceDp);
  return {
    game: { kind: 'contract', leverage: item.leverage },
    pair: `${pair.base}/${pair.quote}`,
    symbol: item.symbol,
    side: item.side,
    returnPercent: returnRate.mul(100),
    // As History's card writes it (positions.tsx).
    pnlText: `${changeText(pnl, pair.amountDp)} ${item.marginToken}`,
    openPrice: price(item.entryPrice),
    closePrice: price(item.closePrice),
  };
}

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
  const shared = item && item.id === id ? sharedPosition(item, pair) : null;
  return (
    <Sheet
      visible={Boolean(id)}
      onClose={onDone}
      className="position-sheet"
      title={t('contractGame.detail')}
      testId="position-sheet"
      done={t('contractGame.done')}
      actions={
        shared && <ShareAction result={shared} label={t('contractGame.share')} testId="position-share" />
      }
    >
      {!item ? (
        <p className="sheet__text">{query.isError ? t('contractGame.unknown') : '…'}</p>
      ) : (
        <Detail item={item} pair={pair} price={price} />
      )}
    </Sheet>
  );
}

/** The sheet's content (exported for its test). */
export function Detail({
  item,
  pair,
  price,
}: {
  item: PositionDetail;
  pair: GamePair;
  price: string | undefined;
}) {
  const { t } = useTranslation();
  const open = item.status === 'open';
  const { pnl, returnRate: ret } = headlineOf(item, pair, price);
  const priceOf = (value: string | null) => (value ? priceText(value, pair.priceDp) : '--');
  const signed = (value: Decimal) => changeText(value, pair.amountDp);
  const amountOf = (value: string | null) => (value ? amountText(value, pair.amountDp) : '--');
  // What closing now would add after the close fee (the card's figure beside its headline).
  const closeNow = open && price ? openFigures(item, pair, price).closeNow : null;
  const rows: [string, string, string?][] = [
    ...(open
      ? ([[t('pnl.closeNow'), closeNow ? signed(closeNow) : '--', 'sheet-net-now']] as [
          string,
          string,
          string,
        ][])
      : []),
    [t('contractGame.orderNo'), item.orderNo, 'sheet-order'],
    [
      t('contractGame.status'),
      open
        ? t('contractGame.statusOpen')
        : t('contractGame.statusClosed', {
            reason: item.closeReason ? t(`contractGame.reason_${item.closeReason}`) : '',
          }),
      'sheet-status',
    ],
    [t('contractGame.entryPrice'), priceOf(item.entryPrice)],
    open
      ? [t('contractGame.currentPrice'), priceOf(price ?? null)]
      : [t('contractGame.closePrice'), priceOf(item.closePrice)],
    // Estimates of where an open position ends: a closed one has ended.
    ...(open
      ? ([
          [t('contractGame.liquidationPrice'), priceOf(item.liquidationPrice), 'sheet-liquidation'],
          [t('contractGame.breakEven'), priceOf(item.breakEvenPrice), 'sheet-break-even'],
        ] as [string, string, string][])
      : []),
    [t('contractGame.takeProfit'), priceOf(item.takeProfit)],
    [t('contractGame.stopLoss'), priceOf(item.stopLoss)],
    ...(open
      ? []
      : ([
          [t('contractGame.grossPnl'), item.pnl ? signed(new Decimal(item.pnl)) : '--', 'sheet-gross'],
          [t('contractGame.openFee'), signed(new Decimal(item.openFee).neg()), 'sheet-open-fee'],
          [
            t('contractGame.closeFee'),
            item.closeFee ? signed(new Decimal(item.closeFee).neg()) : '--',
            'sheet-close-fee',
          ],
          [t('contractGame.fundingPaid'), signed(new Decimal(item.fundingPaid).neg()), 'sheet-funding'],
        ] as [string, string, string][])),
    [t('contractGame.notional'), amountOf(item.notional)],
    [t('contractGame.margin'), amountOf(item.margin)],
    ...(open
      ? ([
          [t('contractGame.fundingPaid'), amountOf(item.fundingPaid)],
          [t('contractGame.openFee'), amountOf(item.openFee)],
        ] as [string, string][])
      : []),
    [t('contractGame.openedAt'), formatDateTime(item.openedAt), 'sheet-opened'],
    [t('contractGame.closedAt'), formatDateTime(item.closedAt), 'sheet-closed'],
  ];
  // The lines that moved money add up to the net change; the margin's lines only say where it sat.
  const net = item.movements
    .filter((line) => !isMarginLine(line.kind))
    .reduce((sum, line) => sum.add(line.amount), new Decimal(0));
  return (
    <>
      <p className={`position-sheet__pnl ${tone(pnl)}`} data-testid="sheet-pnl">
        <span className={`position__side position__side--${item.side}`}>
          {pair.base}/{pair.quote} {t(`contractGame.${item.side}`)} {item.leverage}×
        </span>
        <span className="position-sheet__label">{t(open ? 'pnl.unrealized' : 'pnl.realized')}</span>
        <b data-testid="sheet-pnl-value">
          {pnl ? signed(pnl) : '--'} {item.marginToken}
        </b>
        <small data-testid="sheet-return">{ret ? returnText(ret) : '--'}</small>
      </p>
      <DetailList grid={2}>
        {rows.map(([label, value, testId]) => (
          <DetailRow key={label} label={label} testId={testId}>
            {value}
          </DetailRow>
        ))}
      </DetailList>
      {item.profitUnpaid && new Decimal(item.profitUnpaid).gt(0) && (
        <p className="record-note record-note--info">
          {t('contractGame.profitUnpaid', { amount: amountOf(item.profitUnpaid), token: item.marginToken })}
        </p>
      )}
      <h3 className="position-sheet__subtitle">{t('contractGame.movements')}</h3>
      {item.movements.length === 0 ? (
        <p className="sheet__text">{t('contractGame.noMovements')}</p>
      ) : (
        <ol className="position-sheet__entries" data-testid="sheet-entries">
          {item.movements.map((line) => {
            const margin = isMarginLine(line.kind);
            const amount = new Decimal(line.amount);
            return (
              <li key={line.id} data-testid="sheet-entry" data-kind={line.kind}>
                <span>{t(`contractGame.lines.${line.kind}`)}</span>
                <b className={margin ? 'is-neutral' : tone(amount)}>
                  {margin ? amountOf(line.amount) : signed(amount)} {item.marginToken}
                </b>
                <small>{formatDateTime(line.createdAt)}</small>
              </li>
            );
          })}
          <li className="position-sheet__net" data-testid="sheet-net">
            <span>{t('contractGame.netChange')}</span>
            <b className={tone(net)}>
              {signed(net)} {item.marginToken}
            </b>
          </li>
        </ol>
      )}
    </>
  );
}
