// The order panel (issue 11): long or short, a margin (quick percentages of the available USDT, or
// typed), a leverage (slider and input, 1 to the pair's maximum) and optional take-profit / stop-loss.
// Before opening it shows the position size, the open fee, the estimated liquidation price and the
// break-even price at the live price, with the same formulas the server settles with. The server's
// refusals land under the field they are about (or in a toast when they are about none).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GamePair } from '@tradeflip/contract';
import {
  Decimal,
  breakEvenPrice,
  formatNumber,
  liquidationPrice,
  notional as notionalOf,
  openFee as openFeeOf,
} from '@tradeflip/money';
import { isApiError } from '@/lib/http';
import { showError, showToast } from '@/lib/toast';
import { useAvailable, useOpenPosition } from '../api/game-api';
import { OrderField } from './order-field';

const QUICK = [25, 50, 75, 100];

export function OrderPanel({ pair, price }: { pair: GamePair; price: string | undefined }) {
  const { t } = useTranslation();
  const [side, setSide] = useState<'long' | 'short'>('long');
  const [margin, setMargin] = useState('');
  const [leverage, setLeverage] = useState(Math.min(10, pair.maxLeverage));
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const available = useAvailable(pair.marginToken).data ?? '0';
  const open = useOpenPosition();

  const marginValue = /^\d+(\.\d+)?$/.test(margin) ? new Decimal(margin) : undefined;
  const preview =
    marginValue && marginValue.gt(0) && price
      ? (() => {
          const size = notionalOf(marginValue, leverage);
          const fee = openFeeOf(marginValue, leverage, pair.openFeeRate, pair.amountDp);
          const terms = {
            side,
            entry: price,
            notional: size,
            margin: marginValue,
            fundingPaid: 0,
            mmr: pair.mmr,
          };
          return {
            size,
            fee,
            liquidation: liquidationPrice(terms),
            breakEven: breakEvenPrice(side, price, size, fee, 0, pair.closeFeeRate),
          };
        })()
      : undefined;

  const quick = (percent: number) => {
    // Leave room for the open fee: margin · (1 + L·rate) ≤ available · percent.
    const budget = new Decimal(available).mul(percent).div(100);
    const value = budget
      .div(new Decimal(1).add(new Decimal(leverage).mul(pair.openFeeRate)))
      .toDecimalPlaces(pair.amountDp, Decimal.ROUND_DOWN);
    setMargin(value.gt(0) ? value.toFixed() : '');
    setErrors({});
  };

  const submit = async () => {
    setErrors({});
    try {
      await open.mutateAsync({
        symbol: pair.symbol,
        side,
        margin: margin.trim(),
        leverage,
        ...(takeProfit.trim() && { takeProfit: takeProfit.trim() }),
        ...(stopLoss.trim() && { stopLoss: stopLoss.trim() }),
      });
      showToast(t('trade.opened'));
      setMargin('');
    } catch (error) {
      if (isApiError(error) && error.fields && Object.keys(error.fields).length) setErrors(error.fields);
      else showError(error);
    }
  };

  const dp = pair.priceDp;
  return (
    <section className="order-panel" data-testid="order-panel">
      <div className="order-panel__sides" role="radiogroup" aria-label={t('trade.long')}>
        {(['long', 'short'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={side === value}
            className={`order-panel__side order-panel__side--${value}${side === value ? ' is-active' : ''}`}
            data-testid={`side-${value}`}
            onClick={() => setSide(value)}
          >
            {t(`trade.${value}`)}
          </button>
        ))}
      </div>

      <OrderField
        label={t('trade.margin')}
        hint={
          <span data-testid="order-available">
            {t('trade.available', {
              amount: formatNumber(available, 'amount', { dp: pair.amountDp }),
              token: pair.marginToken,
            })}
          </span>
        }
        suffix={pair.marginToken}
        value={margin}
        onChange={(value) => {
          setMargin(value);
          setErrors({});
        }}
        testId="order-margin"
        error={errors.margin}
        placeholder={`${formatNumber(pair.minMargin, 'amount')} – ${formatNumber(pair.maxMargin, 'amount')}`}
      />
      <div className="order-panel__quick">
        {QUICK.map((percent) => (
          <button key={percent} type="button" data-testid={`quick-${percent}`} onClick={() => quick(percent)}>
            {percent}%
          </button>
        ))}
      </div>

      <label className="order-field">
        <span className="order-field__label">
          {t('trade.leverage')}
          <small>1–{pair.maxLeverage}×</small>
        </span>
        <span className="order-field__row">
          <input
            type="range"
            min={1}
            max={pair.maxLeverage}
            value={Math.min(Math.max(leverage, 1), pair.maxLeverage)}
            aria-label={t('trade.leverage')}
            data-testid="order-leverage-slider"
            onChange={(event) => setLeverage(Number(event.target.value))}
          />
          <span className="order-field__box order-field__box--small">
            <input
              inputMode="numeric"
              value={leverage}
              data-testid="order-leverage"
              aria-invalid={Boolean(errors.leverage)}
              onChange={(event) => {
                // Typed as is (the server names a leverage out of range); the slider shows it within range.
                const value = Number(event.target.value.replace(/\D/g, '').slice(0, 5));
                setLeverage(Number.isFinite(value) ? value : 1);
                setErrors({});
              }}
            />
            <b>×</b>
          </span>
        </span>
        {errors.leverage && (
          <span className="field-error" role="alert" data-testid="order-leverage-error">
            {errors.leverage}
          </span>
        )}
      </label>

      <div className="order-panel__targets">
        <OrderField
          label={t('trade.takeProfit')}
          hint={t('trade.optional')}
          value={takeProfit}
          onChange={setTakeProfit}
          testId="order-tp"
          error={errors.takeProfit}
        />
        <OrderField
          label={t('trade.stopLoss')}
          hint={t('trade.optional')}
          value={stopLoss}
          onChange={setStopLoss}
          testId="order-sl"
          error={errors.stopLoss}
        />
      </div>

      <dl className="order-preview" data-testid="order-preview">
        <div>
          <dt>{t('trade.notional')}</dt>
          <dd data-testid="preview-size">
            {preview
              ? `${formatNumber(preview.size, 'amount', { dp: pair.amountDp })} ${pair.marginToken}`
              : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('trade.openFee')}</dt>
          <dd data-testid="preview-fee">
            {preview
              ? `${formatNumber(preview.fee, 'amount', { dp: pair.amountDp })} ${pair.marginToken}`
              : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('trade.liquidationPrice')}</dt>
          <dd data-testid="preview-liquidation">
            {preview ? formatNumber(preview.liquidation, 'price', { dp }) : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('trade.breakEven')}</dt>
          <dd data-testid="preview-break-even">
            {preview ? formatNumber(preview.breakEven, 'price', { dp }) : '--'}
          </dd>
        </div>
      </dl>
      {errors.symbol && (
        <p className="field-error" role="alert">
          {errors.symbol}
        </p>
      )}

      <button
        type="button"
        className={`btn btn--block order-panel__submit order-panel__submit--${side}`}
        data-testid="order-submit"
        aria-busy={open.isPending}
        disabled={open.isPending}
        onClick={() => void submit()}
      >
        {t(side === 'long' ? 'trade.openLong' : 'trade.openShort')}
      </button>
    </section>
  );
}
