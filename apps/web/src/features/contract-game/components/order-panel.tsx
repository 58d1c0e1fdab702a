// The order panel: long or short, a margin (quick percentages of the available USDT, the largest that
// fits, or typed), a leverage (a finger's scale with the usual marks, or typed; remembered per pair)
// and optional take-profit / stop-loss. The input is checked as it is typed by packages/money's
// validateOpen, the function the server's open runs, so each refusal shows under its field at once and
// Open is disabled; a valid order previews its size, fee, cost, liquidation and break-even prices. From
// 50× a warning names the fee's share of the margin and the move that liquidates, and Open asks to
// confirm. On a phone the Open buttons stay in a bar at the bottom. A visitor is asked to sign in at Open.
import { memo, Suspense, useRef, useState } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAntiRepeat } from '@/lib/anti-repeat';
import type { GamePair } from '@tradeflip/api';
import {
  Decimal,
  breakEvenPrice,
  formatNumber,
  fundingCharge,
  liquidationPrice,
  maxOpenMargin,
  notional as notionalOf,
  type OpenCheck,
  type OpenOrder,
  type OpenProblem,
  type Side,
} from '@tradeflip/money';
// The game's words come with the page (features/contract-game/texts.ts).
import '@/features/contract-game/texts';
import { DetailList, DetailRow } from '@/components/detail-list';
import { SignInNote } from '@/components/sign-in-note';
import { useBarRoom } from '@/components/use-bar-room';
import { useZodForm } from '@/components/form/use-zod-form';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useConnectionLost } from '@/lib/live/use-connection-lost';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage-keys';
import { showToast } from '@/lib/toast';
import { useAvailable, useOpenPosition } from '../api/game-api';
import { leverageAt, markSpans, positionOf, SCALE_STEPS } from './leverage-scale';
import { checkOrder, entryOf, orderResolver, type OrderValues } from './order-form';
import { FundingLine } from './funding';
import { OrderField } from './order-field';

const OpenConfirm = lazyPart(() => import('./open-confirm'));

const QUICK = [25, 50, 75, 100];
/** Each checked field's input, to bring into view when Open finds it at fault. */
const FIELD_IDS: Partial<Record<OpenProblem['field'], string>> = {
  margin: 'order-margin',
  leverage: 'order-leverage',
  takeProfit: 'order-tp',
  stopLoss: 'order-sl',
};
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
    // What it would pay at the pair's next charge, as the server charges it.
    funding: fundingCharge(size, pair.fundingRate, pair.amountDp),
    // The warning's figures, in percent: the fee against the margin, the move that liquidates.
    feeShare: fee.div(margin).mul(100),
    distance: new Decimal(price).sub(liquidation).abs().div(price).mul(100),
  };
}

/** Drawn again only when what it is given changes (not at each of the page's ticks). */
export const OrderPanel = memo(function OrderPanel({
  pair,
  price,
  last,
  paused = false,
}: {
  pair: GamePair;
  /** The mark price. */
  price: string | undefined;
  /** The newest trade: an order opens at the worse for the player of it and the mark (entryOf). */
  last?: string | undefined;
  /** The pair's price is stale: Open waits, with the reason beside it, until ticks return. */
  paused?: boolean;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const offline = useConnectionLost();
  const [askSignIn, setAskSignIn] = useState(false);
  /** Open was pressed: an empty margin now says so. */
  const [pressed, setPressed] = useState(false);
  /** The high-leverage order waiting for its confirm. */
  const [confirming, setConfirming] = useState<OpenOrder | null>(null);
  const marginInput = useRef<HTMLInputElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  useBarRoom(bar);
  const balance = useAvailable(pair.marginToken);
  const available = session ? balance.data : undefined;
  const open = useOpenPosition();
  const [defaultValues] = useState<OrderValues>(() => ({
    side: 'long',
    margin: '',
    leverage: String(rememberedLeverage(pair)),
    takeProfit: '',
    stopLoss: '',
    symbol: pair.symbol,
  }));
  // Checked as typed (below) and again at Open, by the resolver: both are validateOpen.
  const form = useZodForm<OrderValues, OpenOrder>({
    defaultValues,
    resolver: orderResolver(pair, { available, price, last }),
  });
  const values = form.watch();
  const { side, margin, leverage: leverageText, takeProfit, stopLoss } = values;
  /** Sets what is typed; the server's word about what was typed before goes. */
  const set = (name: Exclude<keyof OrderValues, 'symbol'>, value: string) => {
    form.setValue(name, value, { shouldDirty: true });
    changed();
  };

  const checkSide = (chosen: Side) =>
    checkOrder({ ...values, side: chosen }, pair, { available, price, last });
  const check = checkSide(side);
  // The preview needs only valid input: an order the balance cannot pay is still shown, with its cost.
  const inputCheck = available === undefined ? check : checkOrder(values, pair, { price, last });
  const preview = previewOf(inputCheck, pair, entryOf(side, { price, last }));
  const leverage = /^\d{1,7}$/.test(leverageText) ? Number(leverageText) : undefined;
  const maxMargin =
    available !== undefined && leverage && leverage <= pair.maxLeverage
      ? maxOpenMargin(available, leverage, pair)
      : undefined;

  // An empty margin is not an error yet: it is asked for at Open.
  const problem: OpenProblem | undefined =
    !check.ok && (pressed || check.problem.key !== 'game.marginRequired') ? check.problem : undefined;
  const errorOf = (field: OpenProblem['field']) =>
    form.errorOf(field) ?? (problem?.field === field ? t(problem.key, problem.vars) : undefined);
  const short = problem?.reason === 'insufficient_balance' || problem?.reason === 'insufficient_fee';
  /** What stops an order on `chosen`'s side, once it counts (an empty margin counts at Open). */
  const problemOf = (chosen: Side) => {
    const now = chosen === side ? check : checkSide(chosen);
    return !now.ok && (pressed || now.problem.key !== 'game.marginRequired') ? now.problem : undefined;
  };
  // A side's button waits while its order cannot be opened. Targets can suit one side only (a
  // take-profit above the price is a long's): the other side's button stays usable until chosen, and
  // pressing it then shows why, so a press never leaves both buttons dead.
  const blocked = (value: Side) =>
    Boolean(
      session && problemOf(value) && (value === side || problemOf(value === 'long' ? 'short' : 'long')),
    );

  function changed() {
    form.clearErrors();
    setAskSignIn(false);
  }
  const chooseLeverage = (value: number) => {
    set('leverage', String(value));
    rememberLeverage(pair.symbol, value);
  };
  const quick = (percent: number) => {
    if (available === undefined || !leverage) return;
    const value = maxOpenMargin(new Decimal(available).mul(percent).div(100), leverage, pair);
    set('margin', value.gt(0) ? value.toFixed() : '');
  };

  // Spec §9: a second press while the order is sent (or within 800 ms) is ignored.
  const send = useAntiRepeat(async (order: OpenOrder) => {
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
      showToast(t('contractGame.opened'));
      form.setValue('margin', '');
      setPressed(false);
    } catch (error) {
      form.reportServerError(error);
    }
  });

  /** Open long / Open short: the bottom bar's buttons choose the side and open. */
  const press = (chosen: Side) => {
    form.setValue('side', chosen);
    setPressed(true);
    if (!session) {
      setAskSignIn(true);
      return;
    }
    // The side may change what is valid (targets): check again with it.
    const now = checkSide(chosen);
    if (!now.ok) {
      // The field at fault, above the bottom bar; the margin is also focused to be typed.
      const at = FIELD_IDS[now.problem.field];
      const field = at ? document.querySelector<HTMLElement>(`[data-testid="${at}"]`) : null;
      (field ?? marginInput.current)?.scrollIntoView?.({ block: 'center' });
      if (now.problem.field === 'margin') marginInput.current?.focus();
      return;
    }
    void form.submit((order) => {
      if (order.leverage >= HIGH_LEVERAGE) setConfirming(order);
      else void send(order);
    })();
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
      <div className="order-panel__sides" role="radiogroup" aria-label={t('contractGame.long')}>
        {(['long', 'short'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={side === value}
            className={`order-panel__side order-panel__side--${value}${side === value ? ' is-active' : ''}`}
            data-testid={`side-${value}`}
            onClick={() => set('side', value)}
          >
            {t(`contractGame.${value}`)}
          </button>
        ))}
      </div>

      <OrderField
        label={t('contractGame.margin')}
        hint={
          available !== undefined && (
            <span data-testid="order-available">
              {t('contractGame.available', {
                amount: formatNumber(available, 'amount', { dp: pair.amountDp }),
                token: pair.marginToken,
              })}
            </span>
          )
        }
        suffix={pair.marginToken}
        value={margin}
        inputRef={marginInput}
        onChange={(value) => set('margin', value)}
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
      {/* A signed-in person's quick amounts and Max have their room from the first paint (usable once
          the balance is in), so the fields below do not move when it comes. */}
      {session && (
        <div className="order-panel__quick">
          {QUICK.map((percent) => (
            <button
              key={percent}
              type="button"
              data-testid={`quick-${percent}`}
              disabled={available === undefined}
              onClick={() => quick(percent)}
            >
              {percent}%
            </button>
          ))}
        </div>
      )}
      {maxMargin ? (
        // The largest margin the balance pays with its fee, at this leverage; a tap takes it.
        <button
          type="button"
          className="order-panel__max"
          data-testid="order-max"
          onClick={() => set('margin', maxMargin.gt(0) ? maxMargin.toFixed() : '')}
        >
          {t('order.max', {
            amount: formatNumber(maxMargin, 'amount', { dp: pair.amountDp }),
            token: pair.marginToken,
          })}
        </button>
      ) : (
        session &&
        available === undefined && (
          <span className="order-panel__max order-panel__max--pending" aria-hidden="true">
            {'\u00a0'}
          </span>
        )
      )}

      <div className="order-field">
        <span className="order-field__label order-field__label--boxed">
          <label htmlFor="order-leverage">
            {t('contractGame.leverage')} <small>1–{pair.maxLeverage}×</small>
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
                set('leverage', text);
                if (/^\d{1,7}$/.test(text) && Number(text) >= 1 && Number(text) <= pair.maxLeverage)
                  rememberLeverage(pair.symbol, Number(text));
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
            aria-label={t('contractGame.leverage')}
            aria-valuetext={`${leverage ?? ''}×`}
            data-testid="order-leverage-slider"
            onChange={(event) => chooseLeverage(leverageAt(Number(event.target.value), pair.maxLeverage))}
          />
          <span className="leverage-scale__marks" aria-label={t('order.leverageMarks')} role="group">
            {/* Each mark's button reaches halfway to its neighbours and is 40 px tall: 500 and 1000
                sit a finger apart on a phone's track, so every tap picks the nearest mark. */}
            {markSpans(pair.maxLeverage).map(({ mark, left, width, label }) => (
              <button
                key={mark}
                type="button"
                className={mark === leverage ? 'is-active' : ''}
                style={{ left: `${left}%`, width: `${width}%` }}
                data-testid={`leverage-mark-${mark}`}
                aria-label={`${mark}×`}
                onClick={() => chooseLeverage(mark)}
              >
                <span style={{ left: `${label}%` }}>{mark}</span>
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
          label={t('contractGame.takeProfit')}
          hint={t('contractGame.optional')}
          value={takeProfit}
          onChange={(value) => set('takeProfit', value)}
          testId="order-tp"
          error={errorOf('takeProfit')}
        />
        <OrderField
          label={t('contractGame.stopLoss')}
          hint={t('contractGame.optional')}
          value={stopLoss}
          onChange={(value) => set('stopLoss', value)}
          testId="order-sl"
          error={errorOf('stopLoss')}
        />
      </div>

      <FundingLine pair={pair} />
      <DetailList grid={2} className="order-preview" testId="order-preview">
        <DetailRow label={t('contractGame.notional')} testId="preview-size">
          {preview ? money(preview.size) : '--'}
        </DetailRow>
        <DetailRow label={t('contractGame.openFee')} testId="preview-fee">
          {preview ? money(preview.fee) : '--'}
        </DetailRow>
        <DetailRow label={t('order.cost')} testId="preview-cost">
          {preview ? money(preview.cost) : '--'}
        </DetailRow>
        <DetailRow label={t('contractGame.liquidationPrice')} testId="preview-liquidation">
          {preview ? formatNumber(preview.liquidation, 'price', { dp, fixed: true }) : '--'}
        </DetailRow>
        <DetailRow label={t('contractGame.breakEven')} testId="preview-break-even">
          {preview ? formatNumber(preview.breakEven, 'price', { dp, fixed: true }) : '--'}
        </DetailRow>
        <DetailRow label={t('order.nextFundingCharge')} testId="preview-funding">
          {preview ? money(preview.funding) : '--'}
        </DetailRow>
      </DetailList>
      {warning}
      {(form.errorOf('symbol') ?? errorOf('side')) && (
        <p className="field-error" role="alert">
          {form.errorOf('symbol') ?? errorOf('side')}
        </p>
      )}

      <div className="order-bar fixed-order-bar" data-testid="order-bar" ref={bar}>
        {paused && (
          <p
            className="order-bar-note order-bar__note order-bar__note--warning"
            role="status"
            data-testid="order-stale"
          >
            {t(offline ? 'contractGame.offlineOrders' : 'pair.stale')}
          </p>
        )}
        {askSignIn && (
          <SignInNote
            className="order-bar-note order-bar__note"
            testId="order-sign-in"
            text={t('order.signInFirst')}
            signIn={t('order.signIn')}
          />
        )}
        {session && short && problem && (
          // Open is disabled for want of money: the reason and the way out sit by the buttons, not
          // only under the margin field (scrolled under this bar on a phone).
          <p className="order-bar-note order-bar__note" role="alert" data-testid="order-short">
            {t(problem.key, problem.vars)}
            <Link to={paths.deposit} className="btn btn--small btn--primary" data-testid="order-bar-deposit">
              {t('order.deposit')}
            </Link>
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
              // Disabled while what is typed cannot be opened (the reason is under its field) and
              // while the price is paused (the reason is above the buttons).
              disabled={open.isPending || paused || blocked(value)}
              onClick={() => press(value)}
            >
              {t(value === 'long' ? 'contractGame.openLong' : 'contractGame.openShort')}
            </button>
          ))}
        </div>
      </div>

      {confirming && preview && (
        <Suspense fallback={null}>
          <OpenConfirm
            title={t('order.confirmOpen', {
              side: t(`contractGame.sideInText.${preview.side}`),
              pair: pairLabel,
              leverage: preview.leverage,
            })}
            warning={warning}
            cost={t('order.costLine', { amount: money(preview.cost) })}
            side={preview.side}
            pending={open.isPending}
            onConfirm={() => void send(confirming)}
            onCancel={() => setConfirming(null)}
          />
        </Suspense>
      )}
    </section>
  );
});
