// One flip in full: every field of spec §3 (stake, duration, payout rate, open price, mark or close
// price, realized P&L, closed or refunded), the two ticks that decided it — the open's and the
// settlement's, time and price exactly as the market kept them — with the rule they were compared by,
// so a player can check the result, and where the money went in a player's words.
import { useTranslation } from 'react-i18next';
import type { FlipConfig, FlipDetail } from '@tradeflip/api';
import { ShareAction } from '@/components/share-card/share-action';
import type { SharedResult } from '@/components/share-card/shared-result';
import { Decimal, formatNumber } from '@tradeflip/money';
import { DetailList, DetailRow } from '@/components/detail-list';
import { Sheet } from '@/components/sheet';
import { formatDateTime } from '@/lib/format-time';
import '@/features/flip/texts';
import { useFlipDetail } from '../api/flip-api';
import { DirectionIcon } from './direction-icon';
import { durationLabel, payoutText } from './flip-form';
import { outcomeOf, pnlText, RefundWhy, toneOf } from './flip-outcome';

interface FlipSheetProps {
  id: string;
  config: FlipConfig;
  /** The live price, for an open flip. */
  price: string | undefined;
  onDone: () => void;
}

/** A won or lost flip as the share card shows it: its return on the stake (+85 %, −100 %). */
export function sharedFlip(item: FlipDetail, config: FlipConfig): SharedResult | null {
  const outcome = outcomeOf(item);
  if ((outcome !== 'won' && outcome !== 'lost') || item.realizedPnl === null || !item.closePrice) return null;
  const pair = config.pairs.find((row) => row.symbol === item.symbol);
  const price = (value: string) => formatNumber(value, 'price', { dp: pair?.priceDp, fixed: true });
  const pnl = new Decimal(item.realizedPnl);
  return {
    game: { kind: 'flip', seconds: item.durationSeconds },
    pair: pair ? `${pair.base}/${pair.quote}` : item.symbol,
    symbol: item.symbol,
    side: item.direction,
    returnPercent: pnl.div(item.stake).mul(100),
    pnlText: pnlText(item, config.tokens.find((row) => row.token === item.token)?.amountDp ?? 6),
    openPrice: price(item.openPrice),
    closePrice: price(item.closePrice),
  };
}

export default function FlipSheet({ id, config, price, onDone }: FlipSheetProps) {
  const { t } = useTranslation();
  const query = useFlipDetail(id);
  const shared = query.data ? sharedFlip(query.data, config) : null;
  return (
    <Sheet
      onClose={onDone}
      className="flip-sheet"
      title={t('flip.detail')}
      testId="flip-sheet"
      done={t('flip.done')}
      actions={shared && <ShareAction result={shared} label={t('flip.share')} testId="flip-share" />}
    >
      {query.data ? (
        <FlipDetailView item={query.data} config={config} price={price} />
      ) : (
        <p className="sheet__text">{query.isError ? t('flip.unknown') : '…'}</p>
      )}
    </Sheet>
  );
}

/** The sheet's content (exported for its test). */
export function FlipDetailView({
  item,
  config,
  price,
}: {
  item: FlipDetail;
  config: FlipConfig;
  price: string | undefined;
}) {
  const { t } = useTranslation();
  const pair = config.pairs.find((row) => row.symbol === item.symbol);
  const dp = config.tokens.find((row) => row.token === item.token)?.amountDp ?? 6;
  const outcome = outcomeOf(item);
  const open = item.status === 'open';
  const priceText = (value: string | null | undefined) =>
    value ? formatNumber(value, 'price', { dp: pair?.priceDp, fixed: true }) : '--';
  const amount = (value: Decimal | string) => `${formatNumber(value, 'amount', { dp })} ${item.token}`;
  const signed = (value: Decimal) => `${formatNumber(value, 'amount', { dp, signed: true })} ${item.token}`;
  // The stake's own lines say where it sat; the others moved money, and add up to the net change.
  const moved = (kind: string) => kind === 'stake_lost' || kind === 'profit';
  const net = item.movements
    .filter((line) => moved(line.kind))
    .reduce((sum, line) => sum.add(line.amount), new Decimal(0));
  return (
    <>
      <div className={`flip-sheet__head ${toneOf(outcome)}`} data-testid="flip-sheet-head">
        <span className={`flip-dir flip-dir--${item.direction}`}>
          <DirectionIcon direction={item.direction} size={12} />
          {pair ? `${pair.base}/${pair.quote}` : item.symbol} {t(`flip.${item.direction}`)}
        </span>
        <span className="flip-sheet__label">{outcome ? t(`flip.${outcome}`) : t('flip.statusOpen')}</span>
        <b data-testid="flip-sheet-pnl">{open ? amount(item.stake) : pnlText(item, dp)}</b>
      </div>
      <RefundWhy item={item} priceDp={pair?.priceDp} toleranceSeconds={config.toleranceSeconds} />
      <DetailList grid={2}>
        <DetailRow label={t('flip.stake')} testId="flip-sheet-stake">
          {amount(item.stake)}
        </DetailRow>
        <DetailRow label={t('flip.duration')}>{durationLabel(item.durationSeconds, t)}</DetailRow>
        <DetailRow label={t('flip.payoutRate')}>{payoutText(item.payoutRate)}</DetailRow>
        {/* Settled, it is what the terms promised, not a prospect. */}
        <DetailRow label={t(item.status === 'open' ? 'flip.profitIfWin' : 'flip.profitOfWin')}>
          {amount(item.profit)}
        </DetailRow>
        <DetailRow label={t('flip.openPrice')}>{priceText(item.openPrice)}</DetailRow>
        {open ? (
          <DetailRow label={t('flip.markPrice')}>{priceText(price ?? item.markPrice)}</DetailRow>
        ) : (
          <DetailRow label={t('flip.closePrice')} testId="flip-sheet-close">
            {priceText(item.closePrice)}
          </DetailRow>
        )}
        <DetailRow label={t('flip.status')} testId="flip-sheet-status">
          {t(
            item.status === 'open'
              ? 'flip.statusOpen'
              : item.status === 'closed'
                ? 'flip.statusClosed'
                : 'flip.statusRefunded',
          )}
        </DetailRow>
        <DetailRow label={t('flip.realizedPnl')}>{open ? '--' : pnlText(item, dp)}</DetailRow>
        <DetailRow label={t('flip.openedAt')}>{formatDateTime(item.openedAt, { millis: true })}</DetailRow>
        <DetailRow label={t(open ? 'flip.expiresAt' : 'flip.endedAt')}>
          {formatDateTime(item.expiresAt, { millis: true })}
        </DetailRow>
        <DetailRow label={t('flip.orderNo')} testId="flip-sheet-order" wide>
          {item.orderNo}
        </DetailRow>
      </DetailList>

      <h3 className="flip-sheet__subtitle">{t('flip.ticks')}</h3>
      <ol className="flip-ticks" data-testid="flip-ticks">
        <li data-testid="flip-open-tick">
          <span>{t('flip.openTick')}</span>
          <b>{priceText(item.openTick.price)}</b>
          <small>{formatDateTime(item.openTick.time, { millis: true })}</small>
        </li>
        <li data-testid="flip-close-tick">
          <span>{t('flip.closeTick')}</span>
          {item.closeTick ? (
            <>
              <b>{priceText(item.closeTick.price)}</b>
              <small>{formatDateTime(item.closeTick.time, { millis: true })}</small>
            </>
          ) : (
            <b className="is-neutral">{open ? '--' : t('flip.noCloseTick')}</b>
          )}
        </li>
      </ol>
      <p className="flip-sheet__rule">{t(item.direction === 'up' ? 'flip.ruleUp' : 'flip.ruleDown')}</p>
      <p className="flip-sheet__rule">{t('flip.ticksWhy')}</p>

      <h3 className="flip-sheet__subtitle">{t('flip.movements')}</h3>
      {item.movements.length === 0 ? (
        <p className="sheet__text">{t('flip.noMovements')}</p>
      ) : (
        <ol className="flip-movements" data-testid="flip-movements">
          {item.movements.map((line, index) => {
            const value = new Decimal(line.amount);
            return (
              <li key={index} data-testid="flip-movement" data-kind={line.kind}>
                <span>{t(`flip.lines.${line.kind}`)}</span>
                <b className={moved(line.kind) ? toneOf(value.gt(0) ? 'won' : 'lost') : 'is-neutral'}>
                  {moved(line.kind) ? signed(value) : amount(value)}
                </b>
                <small>{formatDateTime(line.createdAt)}</small>
              </li>
            );
          })}
          {!open && (
            <li className="flip-movements__net" data-testid="flip-net">
              <span>{t('flip.netChange')}</span>
              <b className={toneOf(net.gt(0) ? 'won' : net.lt(0) ? 'lost' : undefined)}>{signed(net)}</b>
            </li>
          )}
        </ol>
      )}
    </>
  );
}
