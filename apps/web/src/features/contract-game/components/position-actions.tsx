// The sheets of an open position's buttons: Close (a confirm with the order number, the estimated
// close price, close fee and net PnL) and TP / SL (checked against the current price as typed, both
// fields' errors at once, the estimated net PnL at each). Both send one Idempotency-Key per press until
// answered (useKeyedMutation), so a second press after a lost answer changes nothing twice. Loaded when
// a person first reaches for a button (positions.tsx), so the page itself loads without the popup.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Popup from 'antd-mobile/es/components/popup';
import type { GamePair, Position } from '@tradeflip/contract';
import { Decimal, formatNumber, targetsOnWrongSide } from '@tradeflip/money';
import { DetailList, DetailRow } from '@/components/detail-list';
import { isApiError } from '@/lib/http';
import { showError, showToast } from '@/lib/toast';
import { useClosePosition, useSetTargets } from '../api/game-api';
import { OrderField } from './order-field';
import { closeEstimate, tone } from './position-figures';

/**
 * Which position a sheet acts on (pair, side, leverage, as on its card): the sheet covers the card,
 * and with several positions open the order number alone does not say.
 */
function Subject({ position, pair }: { position: Position; pair: GamePair }) {
  const { t } = useTranslation();
  return (
    <p className="game-sheet__subject" data-testid="sheet-subject">
      {pair.base}/{pair.quote}{' '}
      <span className={`position__side position__side--${position.side}`}>
        {t(`trade.${position.side}`)} {position.leverage}×
      </span>
    </p>
  );
}

/** What the Close and TP / SL sheets act on. */
interface PositionSheetProps {
  position: Position;
  pair: GamePair;
  /**
   * The current (mark) price: Close estimates at it, TP / SL are checked against it (as the server
   * checks them); undefined while the pair's price is paused (closing waits).
   */
  price: string | undefined;
  onDone: () => void;
}

export function CloseSheet({ position, pair, price, onDone }: PositionSheetProps) {
  const { t } = useTranslation();
  const close = useClosePosition();
  const estimate = price ? closeEstimate(position, pair, price) : null;
  const confirm = async () => {
    try {
      await close.mutateAsync(position.id);
      showToast(t('trade.closed'));
      onDone();
    } catch (error) {
      showError(error);
      // Answered (closed meanwhile, refused): nothing to retry. Unanswered: the sheet stays for a retry.
      if (isApiError(error) && error.status && error.status < 500) onDone();
    }
  };
  const token = position.marginToken;
  const signed = (value: Decimal) =>
    `${formatNumber(value, 'amount', { dp: pair.amountDp, signed: !value.isZero() })} ${token}`;
  return (
    <Popup visible onMaskClick={onDone} bodyClassName="game-sheet" destroyOnClose>
      <div data-testid="close-sheet">
        <h2 className="game-sheet__title">{t('trade.confirmClose')}</h2>
        <Subject position={position} pair={pair} />
        <DetailList>
          <DetailRow label={t('trade.orderNo')} testId="close-sheet-order" mono>
            {position.orderNo}
          </DetailRow>
          <DetailRow label={t('trade.estClosePrice')} testId="close-sheet-price">
            {price ? formatNumber(price, 'price', { dp: pair.priceDp, fixed: true }) : '--'}
          </DetailRow>
          {/* The net's parts, so it adds up: the PnL at this price less both fees and the funding. */}
          <DetailRow label={t('trade.grossPnl')} testId="close-sheet-gross">
            <span className={tone(estimate?.pnl ?? null)}>{estimate ? signed(estimate.pnl) : '--'}</span>
          </DetailRow>
          <DetailRow label={t('trade.openFee')} testId="close-sheet-open-fee">
            {signed(new Decimal(position.openFee).neg())}
          </DetailRow>
          {!new Decimal(position.fundingPaid).isZero() && (
            <DetailRow label={t('trade.fundingPaid')} testId="close-sheet-funding">
              {signed(new Decimal(position.fundingPaid).neg())}
            </DetailRow>
          )}
          <DetailRow label={t('trade.closeFee')} testId="close-sheet-fee">
            {estimate ? signed(estimate.closeFee.neg()) : '--'}
          </DetailRow>
          <DetailRow label={t('trade.estNetPnl')} testId="close-sheet-net">
            <b className={tone(estimate?.net ?? null)}>{estimate ? signed(estimate.net) : '--'}</b>
          </DetailRow>
        </DetailList>
        {!price && (
          <p className="position__stale" role="status" data-testid="close-sheet-stale">
            {t('trade.stale')}
          </p>
        )}
        <div className="sheet-actions">
          <button type="button" className="btn btn--ghost" onClick={onDone}>
            {t('trade.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--danger"
            data-testid="close-confirm"
            aria-busy={close.isPending}
            disabled={close.isPending || !price}
            onClick={() => void confirm()}
          >
            {t('trade.closeNow')}
          </button>
        </div>
      </div>
    </Popup>
  );
}

/** A price as typed: a positive decimal of at most `dp` decimals, or undefined. */
function typedPrice(text: string, dp: number): Decimal | undefined {
  const value = text.trim();
  if (!/^\d+(\.\d+)?$/.test(value)) return undefined;
  const price = new Decimal(value);
  return price.isZero() || price.decimalPlaces() > dp ? undefined : price;
}

export function TargetsSheet({ position, pair, price, onDone }: PositionSheetProps) {
  const { t } = useTranslation();
  const save = useSetTargets();
  const [tp, setTp] = useState(position.takeProfit ?? '');
  const [sl, setSl] = useState(position.stopLoss ?? '');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  // Checked as typed, both at once: the format, then the side of the current price.
  const reference = price ?? position.entryPrice;
  const tpPrice = typedPrice(tp, pair.priceDp);
  const slPrice = typedPrice(sl, pair.priceDp);
  const wrong = targetsOnWrongSide(position.side, reference, tpPrice, slPrice);
  const errorOf = (text: string, parsed: Decimal | undefined, wrongSide: boolean, field: string) => {
    if (text.trim() === '') return undefined;
    if (!parsed) return t('game.priceInvalid');
    if (wrongSide) return t(field === 'takeProfit' ? 'game.takeProfitVsPrice' : 'game.stopLossVsPrice');
    return serverErrors[field];
  };
  const tpError = errorOf(tp, tpPrice, wrong.takeProfit, 'takeProfit');
  const slError = errorOf(sl, slPrice, wrong.stopLoss, 'stopLoss');
  const estimateAt = (parsed: Decimal | undefined, error: string | undefined) =>
    parsed && !error
      ? t('trade.estPnlAt', {
          amount: formatNumber(closeEstimate(position, pair, parsed.toFixed()).net, 'amount', {
            dp: pair.amountDp,
            signed: true,
          }),
          token: position.marginToken,
        })
      : undefined;

  const submit = async () => {
    try {
      await save.mutateAsync({
        id: position.id,
        takeProfit: tp.trim() || null,
        stopLoss: sl.trim() || null,
      });
      showToast(t('trade.targetsSaved'));
      onDone();
    } catch (error) {
      if (isApiError(error) && error.fields) setServerErrors(error.fields);
      else showError(error);
    }
  };
  const priceText = (value: string | undefined) =>
    value ? formatNumber(value, 'price', { dp: pair.priceDp, fixed: true }) : '--';
  return (
    <Popup visible onMaskClick={onDone} bodyClassName="game-sheet" destroyOnClose>
      <div data-testid="targets-sheet">
        <h2 className="game-sheet__title">{t('trade.targets')}</h2>
        <Subject position={position} pair={pair} />
        <DetailList>
          <DetailRow label={t('trade.entryPrice')}>{priceText(position.entryPrice)}</DetailRow>
          <DetailRow label={t('trade.currentPrice')} testId="targets-price">
            {priceText(price)}
          </DetailRow>
        </DetailList>
        <OrderField
          label={t('trade.takeProfit')}
          hint={estimateAt(tpPrice, tpError)}
          value={tp}
          onChange={(value) => {
            setTp(value);
            setServerErrors({});
          }}
          testId="targets-tp"
          error={tpError}
        />
        <OrderField
          label={t('trade.stopLoss')}
          hint={estimateAt(slPrice, slError)}
          value={sl}
          onChange={(value) => {
            setSl(value);
            setServerErrors({});
          }}
          testId="targets-sl"
          error={slError}
        />
        <div className="sheet-actions">
          <button type="button" className="btn btn--ghost" onClick={onDone}>
            {t('trade.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="targets-save"
            aria-busy={save.isPending}
            disabled={save.isPending || Boolean(tpError ?? slError)}
            onClick={() => void submit()}
          >
            {t('trade.save')}
          </button>
        </div>
      </div>
    </Popup>
  );
}
