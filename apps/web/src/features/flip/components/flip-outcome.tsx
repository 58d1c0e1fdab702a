// How a settled flip ended, in a player's words, for its card, its announcement and its detail: won,
// lost or refunded, the realized P&L, and — for a refund — why the stake came back (a tie, or no price
// near the end), which players of other up/down games find confusing unless told.
import { useTranslation } from 'react-i18next';
import type { FlipPosition } from '@tradeflip/api';
import { Decimal, formatNumber } from '@tradeflip/money';
import '@/features/flip/texts';

export type FlipOutcome = 'won' | 'lost' | 'refunded';

export function outcomeOf(item: Pick<FlipPosition, 'status' | 'result'>): FlipOutcome | undefined {
  if (item.status === 'open') return undefined;
  if (item.result === 'won' || item.result === 'lost') return item.result;
  return 'refunded';
}

/** The realized P&L with its sign and token: +8.5 USDT, −10 USDT, 0 USDT. */
export function pnlText(item: FlipPosition, amountDp: number): string {
  const pnl = new Decimal(item.realizedPnl ?? 0);
  return `${formatNumber(pnl, 'amount', { dp: amountDp, signed: true })} ${item.token}`;
}

export const toneOf = (outcome: FlipOutcome | undefined) =>
  outcome === 'won' ? 'is-up' : outcome === 'lost' ? 'is-down' : '';

/** Why a refunded flip's stake came back; nothing for a win or a loss. */
export function RefundWhy({
  item,
  priceDp,
  toleranceSeconds,
}: {
  item: FlipPosition;
  priceDp: number | undefined;
  toleranceSeconds: number;
}) {
  const { t } = useTranslation();
  if (item.result !== 'tie' && item.result !== 'no_price') return null;
  const text =
    item.result === 'tie'
      ? t('flip.tieWhy', { price: formatNumber(item.openPrice, 'price', { dp: priceDp, fixed: true }) })
      : t('flip.noPriceWhy', { s: toleranceSeconds });
  return (
    <p className="flip-why" data-testid="flip-why" data-result={item.result}>
      {text}
    </p>
  );
}
