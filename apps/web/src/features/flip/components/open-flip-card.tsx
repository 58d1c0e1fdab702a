// One open flip: its pair, direction and stake, a ring counting down to its end, the open price beside
// the live price, and where it stands now (winning, losing or even, by packages/money's flipStanding,
// the settlement's own comparison) with what it would bring if it ended at this price.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlipPosition } from '@tradeflip/api';
import { Decimal, flipStanding, formatNumber } from '@tradeflip/money';
import '@/features/flip/texts';
import { DirectionIcon } from './direction-icon';
import { durationLabel } from './flip-form';

export interface FlipPairTerms {
  base: string;
  quote: string;
  priceDp: number;
}

interface OpenFlipCardProps {
  item: FlipPosition;
  pair: FlipPairTerms | undefined;
  /** The pair's live price (undefined while it has none). */
  price: string | undefined;
  /** The time now, ms (the page's one clock). */
  now: number;
  amountDp: number;
  onOpen: () => void;
}

const RING = 2 * Math.PI * 21;

/** A flip card's first line, open or settled: the pair, the direction, the duration, then `children`. */
export function FlipCardHead({
  item,
  pair,
  children,
}: {
  item: FlipPosition;
  pair: FlipPairTerms | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <header className="flip-card__head">
      <b>{pair ? `${pair.base}/${pair.quote}` : item.symbol}</b>
      <span className={`flip-dir flip-dir--${item.direction}`}>
        <DirectionIcon direction={item.direction} size={12} />
        {t(`flip.${item.direction}`)}
      </span>
      <span className="flip-card__duration">{durationLabel(item.durationSeconds, t)}</span>
      {children}
    </header>
  );
}

/** The seconds left as the ring shows them: `42`, `2:05`, `1:00:00`. */
export function ringText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  if (total < 60) return String(total);
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(total % 60)}` : `${m}:${pad(total % 60)}`;
}

export function OpenFlipCard({ item, pair, price, now, amountDp, onOpen }: OpenFlipCardProps) {
  const { t } = useTranslation();
  const end = Date.parse(item.expiresAt);
  const span = end - Date.parse(item.openedAt);
  // Never more than the flip lasts: the page's clock ticks every quarter second, so just after an
  // open it can read a moment before it (5.2 s left of a 5 s flip would show 6).
  const left = Math.min(end - now, span);
  const ended = left <= 0;
  const share = span > 0 ? Math.min(1, Math.max(0, left / span)) : 0;
  const mark = price ?? item.markPrice ?? undefined;
  const standing = mark ? flipStanding(item.direction, item.openPrice, mark) : undefined;
  const priceText = (value: string | undefined) =>
    value ? formatNumber(value, 'price', { dp: pair?.priceDp, fixed: true }) : '--';
  const amount = (value: string) => `${formatNumber(value, 'amount', { dp: amountDp })} ${item.token}`;
  const standingText =
    standing === 'winning'
      ? t('flip.standingWin', { amount: amount(item.profit) })
      : standing === 'losing'
        ? t('flip.standingLose', { amount: amount(item.stake) })
        : standing === 'even'
          ? t('flip.standingEven')
          : '';
  // The price now in the colour of its move from the open price, as every price in the app (a risen
  // price in red would read as a fall); whether that wins is the standing's line below, in its colour.
  const move = mark ? new Decimal(mark).cmp(item.openPrice) : 0;
  const markTone = move > 0 ? 'is-up' : move < 0 ? 'is-down' : '';
  return (
    <article
      className={`flip-card${standing ? ` flip-card--${standing}` : ''}`}
      data-testid={`open-flip-${item.id}`}
      data-standing={standing}
    >
      <button
        type="button"
        className="flip-card__tap"
        aria-label={t('flip.viewDetail')}
        data-testid="open-flip-detail"
        onClick={onOpen}
      />
      <div
        className={`flip-ring${ended ? ' is-ended' : ''}`}
        role="timer"
        aria-label={ended ? t('flip.settling') : t('flip.timeLeft', { s: Math.ceil(left / 1000) })}
        data-testid="flip-countdown"
        data-seconds={Math.max(0, Math.ceil(left / 1000))}
      >
        <svg viewBox="0 0 48 48" aria-hidden="true">
          <circle className="flip-ring__track" cx="24" cy="24" r="21" />
          <circle
            className="flip-ring__left"
            cx="24"
            cy="24"
            r="21"
            strokeDasharray={RING}
            strokeDashoffset={RING * (1 - share)}
          />
        </svg>
        <span className="flip-ring__text">{ended ? '…' : ringText(left)}</span>
      </div>
      <div className="flip-card__main">
        <FlipCardHead item={item} pair={pair}>
          <span className="flip-card__stake" data-testid="open-flip-stake">
            {amount(item.stake)}
          </span>
        </FlipCardHead>
        <div className="flip-card__prices">
          <span>
            <small>{t('flip.openPrice')}</small>
            <b data-testid="open-flip-open">{priceText(item.openPrice)}</b>
          </span>
          <span>
            <small>{t('flip.markPrice')}</small>
            <b className={markTone} data-testid="open-flip-mark">
              {priceText(mark)}
            </b>
          </span>
        </div>
        <p className="flip-card__standing" data-testid="open-flip-standing">
          {ended ? (
            <span>{t('flip.settling')}</span>
          ) : (
            standing && (
              <>
                <b>{t(`flip.${standing}`)}</b>
                <span>{standingText}</span>
              </>
            )
          )}
        </p>
      </div>
    </article>
  );
}
