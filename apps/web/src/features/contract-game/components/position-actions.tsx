// The sheets of an open position's buttons: Close (a confirm with the order number, the estimated
// close price, the unrealized PnL there, the close fee and what closing adds: "If closed now") and TP / SL (checked against the current price as typed, both
// fields' errors at once, the estimated realized PnL at each). Both send one Idempotency-Key per press until
// answered (useKeyedMutation), so a second press after a lost answer changes nothing twice. Loaded when
// a person first reaches for a button (positions.tsx), so the page itself loads without the popup.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAntiRepeat } from '@/lib/anti-repeat';
import type { GamePair, Position } from '@tradeflip/api';
import type { Decimal } from '@tradeflip/money';
import { DetailList, DetailRow } from '@/components/detail-list';
import { useZodForm } from '@/components/form/use-zod-form';
import { Sheet } from '@/components/sheet';
import { isApiError } from '@/lib/http';
import { useConnectionLost } from '@/lib/live/use-connection-lost';
import { showError, showToast } from '@/lib/toast';
import { useClosePosition, useSetTargets } from '../api/game-api';
import { OrderField } from './order-field';
import { checkTargets, targetsResolver, type TargetsBody, type TargetValues } from './targets-form';
import { changeText, priceText } from '@/lib/figures';
import { openFigures, realizedAt, tone } from './position-figures';

/** The two sheets: their titles, their one action (after Cancel) and their test ids. */
const sheets = {
  close: {
    title: 'contractGame.confirmClose',
    action: 'contractGame.closeNow',
    tone: 'danger',
    testId: 'close-sheet',
    actionTestId: 'close-confirm',
  },
  targets: {
    title: 'contractGame.targets',
    action: 'contractGame.save',
    tone: 'primary',
    testId: 'targets-sheet',
    actionTestId: 'targets-save',
  },
} as const;

/**
 * A sheet acting on a position: Cancel, then its action (busy while its request runs); under its
 * title, which position it acts on (pair, side, leverage, as on its card): the sheet covers the card,
 * and with several positions open the order number alone does not say.
 */
function PositionActionSheet({
  sheet: { position, pair, onDone },
  kind,
  busy,
  disabled,
  onAction,
  children,
}: {
  sheet: PositionSheetProps;
  kind: keyof typeof sheets;
  busy: boolean;
  disabled: boolean;
  onAction: () => Promise<unknown> | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { title, action, tone, testId, actionTestId } = sheets[kind];
  const button = (
    <button
      type="button"
      className={`btn btn--${tone}`}
      data-testid={actionTestId}
      aria-busy={busy}
      disabled={busy || disabled}
      onClick={() => void onAction()}
    >
      {t(action)}
    </button>
  );
  return (
    <Sheet
      onClose={onDone}
      title={t(title)}
      testId={testId}
      cancel={t('contractGame.cancel')}
      actions={button}
    >
      <p className="sheet__subject" data-testid="sheet-subject">
        {pair.base}/{pair.quote}{' '}
        <span className={`position__side position__side--${position.side}`}>
          {t(`contractGame.${position.side}`)} {position.leverage}×
        </span>
      </p>
      {children}
    </Sheet>
  );
}

/** The TP / SL sheet's two fields, in order. */
const targetFields = [
  { field: 'takeProfit', testId: 'targets-tp' },
  { field: 'stopLoss', testId: 'targets-sl' },
] as const;

/** What the Close and TP / SL sheets act on. */
interface PositionSheetProps {
  position: Position;
  pair: GamePair;
  /**
   * The current price: Close estimates at it (the price the close takes, the worse for the player of
   * the mark and the newest trade), TP / SL are checked against it (the mark, as the server checks
   * them); undefined while the pair's price is paused (closing waits).
   */
  price: string | undefined;
  onDone: () => void;
}

export function CloseSheet(props: PositionSheetProps) {
  const { position, pair, price, onDone } = props;
  const { t } = useTranslation();
  const offline = useConnectionLost();
  const close = useClosePosition();
  const estimate = price ? openFigures(position, pair, price) : null;
  // Spec §9: a second press while the first runs (or within 800 ms) is ignored.
  const confirm = useAntiRepeat(async () => {
    try {
      await close.mutateAsync(position.id);
      showToast(t('contractGame.closed'));
      onDone();
    } catch (error) {
      showError(error);
      // Answered (closed meanwhile, refused): nothing to retry. Unanswered: the sheet stays for a retry.
      if (isApiError(error) && error.status && error.status < 500) onDone();
    }
  });
  const token = position.marginToken;
  const signed = (value: Decimal) => `${changeText(value, pair.amountDp)} ${token}`;
  return (
    <PositionActionSheet
      sheet={props}
      kind="close"
      busy={close.isPending}
      disabled={!price}
      onAction={confirm}
    >
      <DetailList>
        <DetailRow label={t('contractGame.orderNo')} testId="close-sheet-order" mono>
          {position.orderNo}
        </DetailRow>
        <DetailRow label={t('contractGame.estClosePrice')} testId="close-sheet-price">
          {price ? priceText(price, pair.priceDp) : '--'}
        </DetailRow>
        {/* It adds up: the unrealized PnL at this price less the close fee (the open fee and the
            funding have left the balance already). */}
        <DetailRow label={t('pnl.unrealized')} testId="close-sheet-gross">
          <span className={tone(estimate?.unrealizedPnl ?? null)}>
            {estimate ? signed(estimate.unrealizedPnl) : '--'}
          </span>
        </DetailRow>
        <DetailRow label={t('contractGame.closeFee')} testId="close-sheet-fee">
          {estimate ? signed(estimate.closeFee.neg()) : '--'}
        </DetailRow>
        <DetailRow label={t('pnl.closeNow')} testId="close-sheet-net">
          <b className={tone(estimate?.closeNow ?? null)}>{estimate ? signed(estimate.closeNow) : '--'}</b>
        </DetailRow>
      </DetailList>
      {!price && (
        <p className="position__stale" role="status" data-testid="close-sheet-stale">
          {t(offline ? 'contractGame.offline' : 'contractGame.stale')}
        </p>
      )}
    </PositionActionSheet>
  );
}

export function TargetsSheet(props: PositionSheetProps) {
  const { position, pair, price, onDone } = props;
  const { t } = useTranslation();
  const save = useSetTargets();
  const [defaultValues] = useState<TargetValues>(() => ({
    takeProfit: position.takeProfit ?? '',
    stopLoss: position.stopLoss ?? '',
  }));
  // Checked as typed, both at once: the format, then the side of the current price; again at Save.
  const reference = price ?? position.entryPrice;
  const form = useZodForm<TargetValues, TargetsBody>({
    defaultValues,
    resolver: targetsResolver(position.side, reference, pair.priceDp),
  });
  const values = form.watch();
  const {
    takeProfit: tpPrice,
    stopLoss: slPrice,
    problems,
  } = checkTargets(values, position.side, reference, pair.priceDp);
  /** The field's problem as typed, else the server's word about it (an empty field has neither). */
  const errorOf = (field: keyof TargetValues) => {
    if (values[field].trim() === '') return undefined;
    const problem = problems[field];
    return problem ? t(problem) : form.errorOf(field);
  };
  const errors = { takeProfit: errorOf('takeProfit'), stopLoss: errorOf('stopLoss') };
  const parsed = { takeProfit: tpPrice, stopLoss: slPrice };
  const set = (field: keyof TargetValues, value: string) => {
    form.setValue(field, value, { shouldDirty: true });
    form.clearErrors();
  };
  const estimateAt = (parsed: Decimal | undefined, error: string | undefined) =>
    parsed && !error
      ? t('contractGame.estPnlAt', {
          amount: changeText(realizedAt(position, pair, parsed.toFixed()), pair.amountDp),
          token: position.marginToken,
        })
      : undefined;

  const send = useAntiRepeat(async (body: TargetsBody) => {
    try {
      await save.mutateAsync({ id: position.id, ...body });
      showToast(t('contractGame.targetsSaved'));
      onDone();
    } catch (error) {
      form.reportServerError(error);
    }
  });
  const submit = form.submit((body) => send(body));
  const priceOf = (value: string | undefined) => (value ? priceText(value, pair.priceDp) : '--');
  return (
    <PositionActionSheet
      sheet={props}
      kind="targets"
      busy={save.isPending}
      disabled={Boolean(errors.takeProfit ?? errors.stopLoss)}
      onAction={submit}
    >
      <DetailList>
        <DetailRow label={t('contractGame.entryPrice')}>{priceOf(position.entryPrice)}</DetailRow>
        <DetailRow label={t('contractGame.currentPrice')} testId="targets-price">
          {priceOf(price)}
        </DetailRow>
      </DetailList>
      {targetFields.map(({ field, testId }) => (
        <OrderField
          key={field}
          label={t(`contractGame.${field}`)}
          hint={estimateAt(parsed[field], errors[field])}
          value={values[field]}
          onChange={(value) => set(field, value)}
          testId={testId}
          error={errors[field]}
        />
      ))}
    </PositionActionSheet>
  );
}
