// The flip form: a duration (the configured ones, each with its payout rate for this pair), a stake
// (one-tap amounts within the token's limits, the most one can stake, or typed) in the bet token, the
// payout and the profit if it wins; then Up or Down, in a bar at the bottom of a phone's screen. The
// input is checked as it is typed by packages/money's validateFlip, the function the server's open
// runs: a refusal shows under its field and beside the disabled buttons at once, and the server's own
// refusal lands on the same field. A visitor is asked to sign in at Up / Down.
import { memo, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FlipConfig } from '@tradeflip/api';
import {
  Decimal,
  formatNumber,
  type FlipDirection,
  type FlipOrder,
  type FlipProblem,
} from '@tradeflip/money';
import '@/features/flip/texts';
import { useZodForm } from '@/components/form/use-zod-form';
import { SignInNote } from '@/components/sign-in-note';
import { useBarRoom } from '@/components/use-bar-room';
import { useAntiRepeat } from '@/lib/anti-repeat';
import { isApiError, isCancel } from '@/lib/http/errors';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage-keys';
import { showError, showToast } from '@/lib/toast';
import { useConnectionLost } from '@/lib/live/use-connection-lost';
import { useAvailableOf, useOpenFlip } from '../api/flip-api';
import {
  checkFlip,
  durationLabel,
  flipResolver,
  payoutText,
  quickStakes,
  type FlipValues,
} from './flip-form';
import { DirectionIcon } from './direction-icon';

export type FlipPair = FlipConfig['pairs'][number];

export interface FlipPanelProps {
  config: FlipConfig;
  pair: FlipPair;
  /** The user's open flips now (the limit's count), once known. */
  openCount?: number | undefined;
  /** The pair's price has stopped: Up / Down wait, with the reason beside them. */
  paused?: boolean;
}

/** The first duration this pair pays for (one with a payout rate), else the first offered. */
function firstDuration(config: FlipConfig, pair: FlipPair): string {
  const paid = config.durations.find((seconds) => pair.payoutRates[String(seconds)] !== undefined);
  return String(paid ?? config.durations[0] ?? '');
}

/** The stake and duration of the last flip placed (a player plays the same bet again and again). */
function lastFlip(): { amount: string; duration: string } | undefined {
  try {
    const saved = JSON.parse(readStorage(storageKeys.flipLast) ?? 'null') as unknown;
    if (saved && typeof saved === 'object' && 'amount' in saved && 'duration' in saved) {
      return { amount: String(saved.amount), duration: String(saved.duration) };
    }
  } catch {
    // Not ours any more: start afresh.
  }
  return undefined;
}

/** Drawn again only when what it is given changes (not at each of the page's ticks). */
export const FlipPanel = memo(function FlipPanel({
  config,
  pair,
  openCount,
  paused = false,
}: FlipPanelProps) {
  const { t } = useTranslation();
  const session = useSession();
  const offline = useConnectionLost();
  const [askSignIn, setAskSignIn] = useState(false);
  /** Up or Down was pressed: an empty stake now says so. */
  const [pressed, setPressed] = useState(false);
  /** The server's refusal that is about no field (a stopped price). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const stakeInput = useRef<HTMLInputElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  useBarRoom(bar);
  const tokens = config.tokens.filter((row) => row.enabled);
  const [defaultValues] = useState<FlipValues>(() => {
    const last = lastFlip();
    return {
      direction: '',
      amount: last?.amount ?? '',
      duration:
        last && pair.payoutRates[last.duration] !== undefined ? last.duration : firstDuration(config, pair),
      token: tokens[0]?.token ?? config.tokens[0]?.token ?? '',
      symbol: pair.symbol,
    };
  });
  const availableOf = useAvailableOf();
  const context = { availableOf, openCount: session ? openCount : undefined };
  // Checked as typed (below) and again at Up / Down, by the resolver: both are validateFlip.
  const form = useZodForm<FlipValues, FlipOrder>({ defaultValues, resolver: flipResolver(config, context) });
  const values = form.watch();
  const token = config.tokens.find((row) => row.token === values.token);
  const available = availableOf?.(values.token);
  const open = useOpenFlip();

  // Another pair on screen: the flip is that pair's; its rates may differ (a duration it does not pay
  // for moves to one it does).
  const { setValue, getValues, clearErrors } = form;
  useEffect(() => {
    setValue('symbol', pair.symbol);
    if (pair.payoutRates[getValues('duration')] === undefined) {
      setValue('duration', firstDuration(config, pair));
    }
    clearErrors();
  }, [setValue, getValues, clearErrors, config, pair]);

  /** Sets what is typed or chosen; the server's word about what was there before goes. */
  const set = (name: 'amount' | 'duration' | 'token', value: string) => {
    form.setValue(name, value, { shouldDirty: true });
    form.clearErrors();
    setAskSignIn(false);
    setRefusal(null);
  };

  const checkAs = (direction: FlipDirection) => checkFlip(values, config, context, direction);
  // As typed, before a button says which way: the direction matters to nothing else.
  const check = checkAs('up');
  // An empty stake is not an error yet: it is asked for at Up / Down.
  const problem: FlipProblem | undefined =
    !check.ok && (pressed || values.amount.trim() !== '') ? check.problem : undefined;
  // The amounts a refusal names are written as the field's placeholder writes them (10,000).
  const wordsOf = ({ key, vars }: FlipProblem) =>
    t(key, {
      ...vars,
      ...(vars?.min !== undefined && { min: formatNumber(String(vars.min), 'amount') }),
      ...(vars?.max !== undefined && { max: formatNumber(String(vars.max), 'amount') }),
    });
  const errorOf = (field: FlipProblem['field']) =>
    form.errorOf(field) ?? (problem?.field === field ? wordsOf(problem) : undefined);
  const short = problem?.reason === 'insufficient_balance';
  const blocked = Boolean(session && problem);

  const rate = pair.payoutRates[values.duration];
  // The win's figures for any valid stake (the balance aside: what it would pay is still shown).
  const preview = checkFlip(values, config, {}, 'up');
  const dp = token?.amountDp ?? 6;
  const money = (value: Decimal | string) => `${formatNumber(value, 'amount', { dp })} ${values.token}`;
  const maxStake =
    token && available !== undefined
      ? Decimal.min(available, token.maxStake).toDecimalPlaces(dp, Decimal.ROUND_DOWN)
      : undefined;

  // Spec §9: a second press while the flip is sent (or within 800 ms) is ignored.
  const send = useAntiRepeat(async (order: FlipOrder) => {
    try {
      await open.mutateAsync({
        symbol: order.symbol,
        direction: order.direction,
        amount: order.stake.toFixed(),
        duration: order.duration,
        token: order.token,
        // The rate on the screen: the server refuses the flip should the rate be another by now.
        payoutRate: order.payoutRate.toFixed(),
      });
      showToast(
        t('flip.placed', {
          direction: t(`flip.inText.${order.direction}`),
          amount: formatNumber(order.stake, 'amount', { dp }),
          token: order.token,
          duration: durationLabel(order.duration, t),
        }),
      );
      setPressed(false);
      writeStorage(
        storageKeys.flipLast,
        JSON.stringify({ amount: order.stake.toFixed(), duration: String(order.duration) }),
      );
    } catch (error) {
      if (isCancel(error)) return;
      // The server's refusal of a field sits under it (as the checks as typed put it); one about no
      // field (the price stopped) sits by the buttons.
      if (isApiError(error) && form.setServerErrors(error.fields)) return;
      if (isApiError(error) && error.kind === 'envelope') setRefusal(error.message);
      else showError(error);
    }
  });

  const press = (direction: FlipDirection) => {
    form.setValue('direction', direction);
    setRefusal(null);
    // A visitor is asked to sign in, and only that: the form's checks are for a bet they can place.
    if (!session) {
      setAskSignIn(true);
      return;
    }
    setPressed(true);
    const now = checkAs(direction);
    if (!now.ok) {
      if (now.problem.field === 'amount') {
        stakeInput.current?.scrollIntoView?.({ block: 'center' });
        stakeInput.current?.focus();
      }
      return;
    }
    void form.submit((order) => void send(order))();
  };

  const stakeError = errorOf('amount');
  // (A refusal about the press itself, such as too many open flips, has no field to sit under.)
  const barReason =
    refusal ?? form.errorOf('direction') ?? (blocked && problem ? wordsOf(problem) : undefined);
  return (
    <section className="flip-panel" data-testid="flip-panel">
      <div className="flip-field">
        <span className="flip-field__label" id="flip-duration-label">
          {t('flip.duration')}
        </span>
        <div className="flip-durations" role="radiogroup" aria-labelledby="flip-duration-label">
          {config.durations.map((seconds) => {
            const value = String(seconds);
            const its = pair.payoutRates[value];
            return (
              <button
                key={seconds}
                type="button"
                role="radio"
                aria-checked={values.duration === value}
                className={`flip-duration${values.duration === value ? ' is-active' : ''}`}
                data-testid={`flip-duration-${seconds}`}
                onClick={() => set('duration', value)}
              >
                <b>{durationLabel(seconds, t)}</b>
                <small>{its ? payoutText(its) : '--'}</small>
              </button>
            );
          })}
        </div>
        {errorOf('duration') && (
          <span className="field-error" role="alert" data-testid="flip-duration-error">
            {errorOf('duration')}
          </span>
        )}
      </div>

      {tokens.length > 1 && (
        <div className="flip-field">
          <div className="flip-tokens" role="radiogroup" aria-label={t('flip.stake')}>
            {tokens.map((row) => (
              <button
                key={row.token}
                type="button"
                role="radio"
                aria-checked={values.token === row.token}
                className={`flip-chip${values.token === row.token ? ' is-active' : ''}`}
                data-testid={`flip-token-${row.token}`}
                onClick={() => set('token', row.token)}
              >
                {row.token}
              </button>
            ))}
          </div>
        </div>
      )}
      {errorOf('token') && (
        <span className="field-error" role="alert" data-testid="flip-token-error">
          {errorOf('token')}
        </span>
      )}

      <div className="flip-field">
        <span className="flip-field__label">
          <label htmlFor="flip-amount">{t('flip.stake')}</label>
          {available !== undefined && (
            <small data-testid="flip-available">
              {t('flip.available', {
                amount: formatNumber(available, 'amount', { dp }),
                token: values.token,
              })}
            </small>
          )}
        </span>
        <span className={`flip-stake${stakeError ? ' is-invalid' : ''}`}>
          <input
            id="flip-amount"
            ref={stakeInput}
            inputMode="decimal"
            autoComplete="off"
            value={values.amount}
            data-testid="flip-amount"
            aria-invalid={Boolean(stakeError)}
            aria-describedby={stakeError ? 'flip-amount-error' : undefined}
            placeholder={
              token
                ? `${formatNumber(token.minStake, 'amount')} – ${formatNumber(token.maxStake, 'amount')}`
                : undefined
            }
            onChange={(event) => set('amount', event.target.value)}
          />
          <b>{values.token}</b>
        </span>
        {stakeError && (
          <span className="field-error field-error--with-action">
            <span role="alert" id="flip-amount-error" data-testid="flip-amount-error">
              {stakeError}
            </span>
            {short && (
              <Link to={paths.deposit} className="order-field__action" data-testid="flip-deposit">
                {t('flip.deposit')}
              </Link>
            )}
          </span>
        )}
        {token && (
          <div className="flip-quick">
            {quickStakes(token.minStake, token.maxStake).map((amount) => (
              <button
                key={amount}
                type="button"
                className={`flip-chip${values.amount === amount ? ' is-active' : ''}`}
                data-testid={`flip-quick-${amount}`}
                onClick={() => set('amount', amount)}
              >
                {formatNumber(amount, 'amount')}
              </button>
            ))}
            {/* There from the first paint for a signed-in player (the chips do not re-flow when the
                balance comes), usable once there is one. */}
            {session && (
              <button
                type="button"
                className="flip-chip"
                data-testid="flip-max"
                disabled={!maxStake?.gt(0)}
                onClick={() => maxStake && set('amount', maxStake.toFixed())}
              >
                {t('flip.max')}
              </button>
            )}
          </div>
        )}
      </div>

      <dl className="flip-payout" data-testid="flip-payout">
        <div>
          <dt>{t('flip.payoutRate')}</dt>
          <dd data-testid="flip-rate">{rate ? payoutText(rate) : '--'}</dd>
        </div>
        <div>
          <dt>{t('flip.profitIfWin')}</dt>
          <dd className="is-up" data-testid="flip-profit">
            {preview.ok ? `+${money(preview.order.profit)}` : '--'}
          </dd>
        </div>
        <div>
          <dt>{t('flip.returnIfWin')}</dt>
          <dd data-testid="flip-return">
            {preview.ok ? money(preview.order.stake.add(preview.order.profit)) : '--'}
          </dd>
        </div>
      </dl>

      <div className="flip-bar fixed-order-bar" data-testid="flip-bar" ref={bar}>
        {paused && (
          <p
            className="order-bar-note flip-bar__note flip-bar__note--warning"
            role="status"
            data-testid="flip-stale"
          >
            {offline ? t('flip.offline') : t('pair.stale')}
          </p>
        )}
        {askSignIn && (
          <SignInNote
            className="order-bar-note flip-bar__note"
            testId="flip-sign-in"
            text={t('errors.signInFirst')}
            signIn={t('flip.signIn')}
          />
        )}
        {barReason && (
          // Why Up and Down wait, where the finger is (the field may be scrolled under this bar).
          <p
            className="order-bar-note flip-bar__note flip-bar__note--reason"
            role="status"
            data-testid="flip-blocked"
          >
            <span>{barReason}</span>
            {short && (
              <Link to={paths.deposit} className="btn btn--small btn--primary" data-testid="flip-bar-deposit">
                {t('flip.deposit')}
              </Link>
            )}
          </p>
        )}
        <div className="flip-bar__buttons">
          {(['up', 'down'] as const).map((direction) => (
            <button
              key={direction}
              type="button"
              className={`flip-bet flip-bet--${direction}`}
              data-testid={`flip-${direction}`}
              aria-busy={open.isPending && values.direction === direction}
              disabled={open.isPending || paused || blocked}
              onClick={() => press(direction)}
            >
              <DirectionIcon direction={direction} size={20} />
              <b>{t(`flip.${direction}`)}</b>
              {rate && <small>+{payoutText(rate)}</small>}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
});
