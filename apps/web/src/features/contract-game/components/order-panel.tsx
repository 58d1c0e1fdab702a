// The order panel: long or short, a margin (quick percentages of the available USDT, the largest that
// fits, or typed), a leverage (a finger's scale with the usual marks, or typed; remembered per pair)
// and optional take-profit / stop-loss. The input is checked as it is typed by packages/money's
// validateOpen, the function the server's open runs, so each refusal shows under its field at once and
// Open is disabled; a valid order previews its size, fee, cost, liquidation and break-even prices. From
// 50× a warning names the fee's share of the margin and the move that liquidates, and Open asks to
// confirm. On a phone the Open buttons stay in a bar at the bottom. A visitor is asked to sign in at Open.
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GamePair } from '@tradeflip/contract';
import {
  Decimal,
  breakEvenPrice,
  formatNumber,
  liquidationPrice,
  maxOpenMargin,
  notional as notionalOf,
  validateOpen,
  type OpenCheck,
  type OpenOrder,
  type OpenProblem,
  type Side,
} from '@tradeflip/money';
// The game's words come with the page (lib/game-texts.ts).
import '@/lib/game-texts';
import { isApiError } from '@/lib/http';
import { currentLocation, navigate } from '@/lib/navigation';
import { loginPath, paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage-keys';
import { showError, showToast } from '@/lib/toast';
import { useAvailable, useOpenPosition } from '../api/game-api';
import { leverageAt, marksFor, positionOf, SCALE_STEPS } from './leverage-scale';
import { OrderField } from './order-field';

const OpenConfirm = lazy(() => import('./open-confirm'));

const QUICK = [25, 50, 75, 100];
/** From this leverage an order shows the warning and asks to confirm. */
export const HIGH_LEVERAGE = 50;
const DEFAULT_LEVERAGE = 10;

function rememberedLeverages(): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(readStorage(storageKeys.gameLeverage) ?? '{}');
    return typeof saved === 'object' && saved !== null ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

function rememberedLeverage(pair: GamePair): number {
  const saved = rememberedLeverages()[pair.symbol];
  return Number.isInteger(saved) && saved! >= 1 && saved! <= pair.maxLeverage
    ? saved!
    : Math.min(DEFAULT_LEVERAGE, pair.maxLeverage);
}

function rememberLeverage(symbol: string, leverage: number) {
  writeStorage(storageKeys.gameLeverage, JSON.stringify({ ...rememberedLeverages(), [symbol]: leverage }));
}

/** What a valid order would be at `price`: its size, fee, cost, liquidation and break-even prices. */
function previewOf(check: OpenCheck, pair: GamePair, price: string | undefined) {
  if (!check.ok || !price) return undefined;
  const { side, margin, leverage, fee, cost } = check.order;
  const size = notionalOf(margin, leverage);
  const liquidation = liquidationPrice({
    side,
    entry: price,
    notional: size,
    margin,
    fundingPaid: 0,
    mmr: pair.mmr,
  });
  return {
    side,
    leverage,
    size,
    fee,
    cost,
    liquidation,
    breakEven: breakEvenPrice(side, price, size, fee, 0, pair.closeFeeRate),
    // The warning's figures, in percent: the fee against the margin, the move that liquidates.
    feeShare: fee.div(margin).mul(100),
    distance: new Decimal(price).sub(liquidation).abs().div(price).mul(100),
  };
}

export function OrderPanel({ pair, price }: { pair: GamePair; price: string | undefined }) {
  const { t } = useTranslation();
  const session = useSession();
  const [side, setSide] = useState<Side>('long');
  const [margin, setMargin] = useState('');
  const [leverageText, setLeverageText] = useState(() => String(rememberedLeverage(pair)));
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [askSignIn, setAskSignIn] = useState(false);
  /** Open was pressed: an empty margin now says so. */
  const [pressed, setPressed] = useState(false);
  /** The high-leverage order waiting for its confirm. */
  const [confirming, setConfirming] = useState<OpenOrder | null>(null);
  const marginInput = useRef<HTMLInputElement>(null);
  const balance = useAvailable(pair.marginToken);
  const available = session ? balance.data : undefined;
  const open = useOpenPosition();

  const input = { side, margin, leverage: leverageText, takeProfit, stopLoss };
  const check = validateOpen(input, pair, {
    ...(available !== undefined && { available }),
    ...(price && { price }),
  });
  // The preview needs only valid input: an order the balance cannot pay is still shown, with its cost.
  const inputCheck = available === undefined ? check : validateOpen(input, pair, price ? { price } : {});
  const preview = previewOf(inputCheck, pair, price);
  const leverage = /^\d{1,7}$/.test(leverageText) ? Number(leverageText) : undefined;
  const maxMargin =
    available !== undefined && leverage && leverage <= pair.maxLeverage
      ? maxOpenMargin(available, leverage, pair)
      : undefined;

  // An empty margin is not an error yet: it is asked for at Open.
  const problem: OpenProblem | undefined =
    !check.ok && (pressed || check.problem.key !== 'game.marginRequired') ? check.problem : undefined;
  const errorOf = (field: string) =>
    serverErrors[field] ?? (problem?.field === field ? t(problem.key, problem.vars) : undefined);
  const short = problem?.reason === 'insufficient_balance' || problem?.reason === 'insufficient_fee';

  const changed = () => {
    setServerErrors({});
    setAskSignIn(false);
  };
  const chooseLeverage = (value: number) => {
    setLeverageText(String(value));
    rememberLeverage(pair.symbol, value);
    changed();
  };
  const quick = (percent: number) => {
    if (available === undefined || !leverage) return;
    const value = maxOpenMargin(new Decimal(available).mul(percent).div(100), leverage, pair);
    setMargin(value.gt(0) ? value.toFixed() : '');
    changed();
  };

  const send = async (order: OpenOrder) => {
    setConfirming(null);
    try {
      await open.mutateAsync({
        symbol: pair.symbol,
        side: order.side,
        margin: order.margin.toFixed(),
        leverage: order.leverage,
        ...(order.takeProfit && { takeProfit: order.takeProfit.toFixed() }),
        ...(order.stopLoss && { stopLoss: order.stopLoss.toFixed() }),
      });
      showToast(t('trade.opened'));
      setMargin('');
      setPressed(false);
    } catch (error) {
      if (isApiError(error) && error.fields && Object.keys(error.fields).length)
        setServerErrors(error.fields);
      else showError(error);
    }
  };

  /** Open long / Open short: the bottom bar's buttons choose the side and open. */
  const press = (chosen: Side) => {
    setSide(chosen);
    setPressed(true);
    if (!session) {
      setAskSignIn(true);
      return;
    }
    // The side may change what is valid (targets): check again with it.
    const now = validateOpen({ ...input, side: chosen }, pair, {
      ...(available !== undefined && { available }),
      ...(price && { price }),
    });
    if (!now.ok) {
      marginInput.current?.scrollIntoView({ block: 'center' });
      if (now.problem.field === 'margin') marginInput.current?.focus();
      return;
    }
    if (now.order.leverage >= HIGH_LEVERAGE) setConfirming(now.order);
    else void send(now.order);
  };

  const dp = pair.priceDp;
  const money = (value: Decimal) =>
    `${formatNumber(value, 'amount', { dp: pair.amountDp })} ${pair.marginToken}`;
  const sliderPosition = positionOf(leverage ?? 1, pair.maxLeverage);
  const pairLabel = `${pair.base}/${pair.quote}`;
  const warning = preview && preview.leverage >= HIGH_LEVERAGE && (
    <p className="order-warning" role="note" data-testid="order-warning">
      <b>{t('order.highLeverageTitle', { leverage: preview.leverage })}</b>{' '}
      {t('order.highLeverage', {
        feeShare: formatNumber(preview.feeShare, 'amount', { dp: 2 }),
        distance: formatNumber(preview.distance, 'amount', { dp: 2 }),
      })}
    </p>
  );

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
            onClick={() => {
              setSide(value);
              changed();
            }}
          >
            {t(`trade.${value}`)}
          </button>
        ))}
      </div>

      <OrderField
        label={t('trade.margin')}
        hint={
          available !== undefined && (
            <span data-testid="order-available">
              {t('trade.available', {
                amount: formatNumber(available, 'amount', { dp: pair.amountDp }),
                token: pair.marginToken,
              })}
            </span>
          )
        }
        suffix={pair.marginToken}
        value={margin}
        inputRef={marginInput}
        onChange={(value) => {
          setMargin(value);
          changed();
        }}
        testId="order-margin"
        error={errorOf('margin')}
        extra={
          short && (
            <Link to={paths.deposit} className="order-field__action" data-testid="order-deposit">
              {t('order.deposit')}
            </Link>
          )
        }
        placeholder={`${formatNumber(pair.minMargin, 'amount')} – ${formatNumber(pair.maxMargin, 'amount')}`}
      />
      {available !== undefined && (
        <div className="order-panel__quick">
          {QUICK.map((percent) => (
            <button
              key={percent}
              type="button"
              data-testid={`quick-${percent}`}
              onClick={() => quick(percent)}
            >
              {percent}%
            </button>
          ))}
        </div>
      )}
      {maxMargin && (
        // The largest margin the balance pays with its fee, at this leverage; a tap takes it.
        <button
          type="button"
          className="order-panel__max"
          data-testid="order-max"
          onClick={() => {
            setMargin(maxMargin.gt(0) ? maxMargin.toFixed() : '');
            changed();
          }}
        >
          {t('order.max', {
            amount: formatNumber(maxMargin, 'amount', { dp: pair.amountDp }),
            token: pair.marginToken,
          })}
        </button>
      )}

      <div className="order-field">
        <span className="order-field__label order-field__label--boxed">
          <label htmlFor="order-leverage">
            {t('trade.leverage')} <small>1–{pair.maxLeverage}×</small>
          </label>
          <span className="order-field__box order-field__box--small">
            <input
              id="order-leverage"
              inputMode="numeric"
              autoComplete="off"
              value={leverageText}
              data-testid="order-leverage"
              aria-invalid={Boolean(errorOf('leverage'))}
              onChange={(event) => {
                const text = event.target.value;
                setLeverageText(text);
                if (/^\d{1,7}$/.test(text) && Number(text) >= 1 && Number(text) <= pair.maxLeverage)
                  rememberLeverage(pair.symbol, Number(text));
                changed();
              }}
            />
            <b>×</b>
          </span>
        </span>
        <span className="leverage-scale">
          <input
            type="range"
            min={0}
            max={SCALE_STEPS}
            step={1}
            value={sliderPosition}
            aria-label={t('trade.leverage')}
            aria-valuetext={`${leverage ?? ''}×`}
            data-testid="order-leverage-slider"
            onChange={(event) => chooseLeverage(leverageAt(Number(event.target.value), pair.maxLeverage))}
          />
          <span className="leverage-scale__marks" aria-label={t('order.leverageMarks')} role="group">
            {marksFor(pair.maxLeverage).map((mark) => (
              <button
                key={mark}
                type="button"
                className={mark === leverage ? 'is-active' : ''}
                style={{ left: `${(positionOf(mark, pair.maxLeverage) / SCALE_STEPS) * 100}%` }}
                data-testid={`leverage-mark-${mark}`}
                aria-label={`${mark}×`}
                onClick={() => chooseLeverage(mark)}
              >
                {/* Bare numbers: 500 and 1000 sit a finger apart on a phone's track. */}
                {mark}
              </button>
            ))}
          </span>
        </span>
        {errorOf('leverage') && (
          <span className="field-error" role="alert" data-testid="order-leverage-error">
            {errorOf('leverage')}
          </span>
        )}
      </div>

      <div className="order-panel__targets">
        <OrderField
          label={t('trade.takeProfit')}
          hint={t('trade.optional')}
          value={takeProfit}
          onChange={(value) => {
            setTakeProfit(value);
            changed();
          }}
          testId="order-tp"
          error={errorOf('takeProfit')}
        />
        <OrderField
          label={t('trade.stopLoss')}
          hint={t('trade.optional')}
          value={stopLoss}
          onChange={(value) => {
            setStopLoss(value);
            changed();
          }}
          testId="order-sl"
          error={errorOf('stopLoss')}
        />
      </div>

      <dl className="order-preview" data-testid="order-preview">
        <div>
          <dt>{t('trade.notional')}</dt>
          <dd data-testid="preview-size">{preview ? money(preview.size) : '--'}</dd>
        </div>
        <div>
          <dt>{t('trade.openFee')}</dt>
          <dd data-testid="preview-fee">{preview ? money(preview.fee) : '--'}</dd>
        </div>
        <div>
          <dt>{t('order.cost')}</dt>
          <dd data-testid="preview-cost">{preview ? money(preview.cost) : '--'}</dd>
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
      {warning}
      {(serverErrors.symbol ?? errorOf('side')) && (
        <p className="field-error" role="alert">
          {serverErrors.symbol ?? errorOf('side')}
        </p>
      )}

      <div className="order-bar" data-testid="order-bar">
        {askSignIn && (
          <p className="order-bar__note" role="alert" data-testid="order-sign-in">
            {t('order.signInFirst')}
            <button
              type="button"
              className="btn btn--small btn--primary"
              data-testid="order-sign-in-link"
              onClick={() => navigate(loginPath(currentLocation()))}
            >
              {t('order.signIn')}
            </button>
          </p>
        )}
        <div className="order-bar__buttons">
          {(['long', 'short'] as const).map((value) => (
            <button
              key={value}
              type="button"
              className={`btn order-panel__submit order-panel__submit--${value}${side === value ? ' is-chosen' : ''}`}
              data-testid={`order-submit-${value}`}
              aria-busy={open.isPending && side === value}
              // Disabled while what is typed cannot be opened (the reason is under its field).
              disabled={open.isPending || Boolean(session && problem)}
              onClick={() => press(value)}
            >
              {t(value === 'long' ? 'trade.openLong' : 'trade.openShort')}
            </button>
          ))}
        </div>
      </div>

      {confirming && preview && (
        <Suspense fallback={null}>
          <OpenConfirm
            title={t('order.confirmOpen', {
              side: t(`trade.${preview.side}`),
              pair: pairLabel,
              leverage: preview.leverage,
            })}
            warning={warning}
            cost={`${t('order.cost')}: ${money(preview.cost)}`}
            side={preview.side}
            pending={open.isPending}
            onConfirm={() => void send(confirming)}
            onCancel={() => setConfirming(null)}
          />
        </Suspense>
      )}
    </section>
  );
}
