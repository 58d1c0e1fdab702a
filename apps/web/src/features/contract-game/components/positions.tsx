// The user's positions (issues 11, 16): every pair's open positions by default (the tab counts them),
// or this pair's only; each with its unrealized PnL and return moving with its pair's live price and,
// labelled beside it, what closing now would add (position-pnl.ts), its margin ratio warning as it nears liquidation, liquidation price, funding
// paid and the time to the next funding; TP / SL and Close (after a confirm with the estimated close
// price, fee and what closing adds; refused with the reason while the pair's price is paused). History: closed
// positions with their realized PnL (both fees and the funding counted), a page at a time; a tap opens the
// detail (position-sheet.tsx), as does a notice's tap (`&position=<id>`). A position the engine closes
// (liquidation, TP, SL) leaves the list without a reload; the notification centre announces it
// (components/notices), on this page as on any other.
import { memo, Suspense, useState } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GamePair, Position } from '@tradeflip/api';
import { Decimal, formatNumber } from '@tradeflip/money';
import { amountText, changeText, priceText as priceAt, returnText } from '@/lib/figures';
import { DetailList, DetailRow } from '@/components/detail-list';
import { EmptyState } from '@/components/empty-state';
import { PagedList } from '@/components/paged-list';
import { Tabs } from '@/components/tabs';
import { formatDateTime, formatDuration } from '@/lib/format-time';
import { useConnectionLost } from '@/lib/live/use-connection-lost';
import { useNow } from '@/lib/use-now';
import { usePositions } from '../api/game-api';
import { closePriceOf, headlineOf, openFigures, riskOf, tone } from './position-figures';

// The detail sheet loads on the first tap; the Close and TP / SL sheets when a finger first touches a
// button (pointerdown), so they are there by the click.
const PositionSheet = lazyPart(() => import('./position-sheet').then((m) => ({ default: m.PositionSheet })));
const loadActions = () => import('./position-actions');
const CloseSheet = lazyPart(() => loadActions().then((m) => ({ default: m.CloseSheet })));
const TargetsSheet = lazyPart(() => loadActions().then((m) => ({ default: m.TargetsSheet })));

/** What the positions need of the market: each pair's terms, live price and whether it is paused. */
export interface PositionsMarket {
  /** The pair on screen. */
  pair: GamePair;
  pairs: readonly GamePair[];
  priceOf: (symbol: string) => string | undefined;
  /** The pair's newest trade: the player's close takes the worse of it and the mark (closePriceOf). */
  lastOf?: (symbol: string) => string | undefined;
  isStale: (symbol: string) => boolean;
}

/** The detail sheet of `id`, while one is chosen. */
function Detail(props: { id: string | null; pair: GamePair; price: string | undefined; onDone: () => void }) {
  if (!props.id) return null;
  return (
    <Suspense fallback={null}>
      <PositionSheet {...props} />
    </Suspense>
  );
}

/** `BTCUSDT` → `BTC/USDT`, from the pair's terms. */
const pairLabel = (pair: GamePair | undefined, symbol: string) =>
  pair ? `${pair.base}/${pair.quote}` : symbol;

/** Drawn again only when what it is given changes (not at each of the page's ticks). */
export const Positions = memo(function Positions(market: PositionsMarket) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'open' | 'closed'>('open');
  const [onlyThisPair, setOnlyThisPair] = useState(false);
  // A notice's tap (the notification centre) opens its position's detail: `&position=<id>`.
  const [search, setSearch] = useSearchParams();
  const linked = search.get('position');
  // Every pair's open positions: the tab's count (and the list, unless narrowed to this pair).
  const openCount = usePositions('open').data?.pages[0]?.total;
  return (
    <section className="positions" data-testid="positions">
      <Detail
        id={linked && /^\d{1,18}$/.test(linked) ? linked : null}
        pair={market.pair}
        price={undefined}
        onDone={() =>
          setSearch(
            (now) => {
              now.delete('position');
              return now;
            },
            { replace: true },
          )
        }
      />
      <div className="positions__bar">
        <Tabs
          className="positions__tabs line-tabs"
          testIdPrefix="positions-tab-"
          active={tab}
          onChange={setTab}
          tabs={[
            { value: 'open', label: t('contractGame.positions') },
            { value: 'closed', label: t('contractGame.history') },
          ]}
          count={{ tab: 'open', value: openCount, className: 'positions__count', testId: 'positions-count' }}
        />
        <label className="positions__only">
          <input
            type="checkbox"
            checked={onlyThisPair}
            data-testid="positions-this-pair"
            onChange={(event) => setOnlyThisPair(event.target.checked)}
          />
          {t('contractGame.thisPairOnly')}
        </label>
      </div>
      {tab === 'open' ? (
        <OpenPositions market={market} symbol={onlyThisPair ? market.pair.symbol : undefined} />
      ) : (
        <ClosedPositions market={market} symbol={onlyThisPair ? market.pair.symbol : undefined} />
      )}
    </section>
  );
});

function OpenPositions({ market, symbol }: { market: PositionsMarket; symbol: string | undefined }) {
  const { t } = useTranslation();
  const offline = useConnectionLost();
  const query = usePositions('open', symbol);
  const now = useNow(1000);
  const [closing, setClosing] = useState<Position | null>(null);
  const [targeting, setTargeting] = useState<Position | null>(null);
  const [viewing, setViewing] = useState<Position | null>(null);
  const pairOf = (item: Position) => market.pairs.find((row) => row.symbol === item.symbol) ?? market.pair;
  return (
    <>
      <PagedList
        query={query}
        testId="open-positions"
        itemKey={(item) => item.id}
        empty={<EmptyState testId="no-positions" title={t('contractGame.noPositions')} />}
        renderItem={(item) => {
          const pair = pairOf(item);
          const price = market.priceOf(item.symbol);
          const stale = market.isStale(item.symbol);
          // The headline is the unrealized PnL (the price's move, no fee); beside it, labelled, what
          // closing now would add after the close fee (the open fee has left already).
          const figures = price ? openFigures(item, pair, price) : null;
          const risk = price ? riskOf(item, pair.mmr, price) : null;
          const dp = pair.amountDp;
          const priceText = (value: string | null | undefined) =>
            value ? priceAt(value, pair.priceDp) : '--';
          return (
            <article className="position" data-testid={`position-${item.id}`} data-symbol={item.symbol}>
              <Tappable
                testId="position-detail"
                label={t('contractGame.viewDetail')}
                onTap={() => setViewing(item)}
              >
                <header className="position__head">
                  <span className="position__name">
                    <b data-testid="position-pair">{pairLabel(pair, item.symbol)}</b>
                    <span className={`position__side position__side--${item.side}`}>
                      {t(`contractGame.${item.side}`)} {item.leverage}×
                    </span>
                  </span>
                  <span
                    className={`position__pnl ${tone(figures?.unrealizedPnl ?? null)}`}
                    data-testid="position-pnl"
                  >
                    <span className="position__pnl-label" data-testid="position-pnl-label">
                      {t('pnl.unrealized')}
                    </span>
                    <span data-testid="position-pnl-value">
                      {figures ? changeText(figures.unrealizedPnl, dp) : '--'} {item.marginToken}
                    </span>
                    <small data-testid="position-return">
                      {figures ? returnText(figures.returnRate) : '--'}
                    </small>
                  </span>
                </header>
                <DetailList grid={3} className="position__grid">
                  <DetailRow label={t('contractGame.entryPrice')}>{priceText(item.entryPrice)}</DetailRow>
                  <DetailRow label={t('contractGame.markPrice')} testId="position-price">
                    {priceText(price)}
                  </DetailRow>
                  <DetailRow label={t('contractGame.liquidationPrice')} testId="position-liquidation">
                    {priceText(item.liquidationPrice)}
                  </DetailRow>
                  <DetailRow label={t('contractGame.margin')}>{amountText(item.margin, dp)}</DetailRow>
                  <DetailRow label={t('contractGame.notional')}>{amountText(item.notional, dp)}</DetailRow>
                  <DetailRow label={t('contractGame.fundingPaid')}>
                    {amountText(item.fundingPaid, dp)}
                  </DetailRow>
                  <DetailRow
                    label={t('contractGame.targets')}
                    testId="position-targets"
                  >{`${priceText(item.takeProfit)} / ${priceText(item.stopLoss)}`}</DetailRow>
                  <DetailRow
                    label={t('pnl.closeNow')}
                    testId="position-close-now"
                    valueClassName={tone(figures?.closeNow ?? null)}
                  >
                    {figures ? changeText(figures.closeNow, dp) : '--'}
                  </DetailRow>
                </DetailList>
                {risk && (
                  <div
                    className={`position__risk${risk.warn ? ' is-warning' : ''}`}
                    data-testid="position-risk"
                    data-warn={risk.warn}
                  >
                    <span>{t('contractGame.marginRatio')}</span>
                    <span className="position__risk-bar" aria-hidden="true">
                      <span style={{ width: `${risk.ratio.mul(100).toFixed(1)}%` }} />
                    </span>
                    <b data-testid="position-risk-value">{formatNumber(risk.ratio.mul(100), 'percent')}</b>
                  </div>
                )}
                {risk?.warn && (
                  <p className="position__warning" data-testid="position-risk-warning">
                    {t('contractGame.nearLiquidation')}
                  </p>
                )}
              </Tappable>
              {item.nextFundingAt && (
                <p className="position__funding">
                  {t('contractGame.nextFunding', {
                    time: formatDuration(Date.parse(item.nextFundingAt) - now),
                  })}
                </p>
              )}
              {stale && (
                <p className="position__stale" role="status" data-testid="position-stale">
                  {t(offline ? 'contractGame.offline' : 'contractGame.stale')}
                </p>
              )}
              <div className="position__actions">
                <button
                  type="button"
                  className="btn btn--ghost"
                  data-testid="position-targets-edit"
                  onPointerDown={() => void loadActions()}
                  onClick={() => setTargeting(item)}
                >
                  {t('contractGame.targets')}
                </button>
                <button
                  type="button"
                  className="btn btn--primary"
                  data-testid="position-close"
                  disabled={stale || !price}
                  onPointerDown={() => void loadActions()}
                  onClick={() => setClosing(item)}
                >
                  {t('contractGame.close')}
                </button>
              </div>
            </article>
          );
        }}
      />
      {closing && (
        <Suspense fallback={null}>
          <CloseSheet
            position={closing}
            pair={pairOf(closing)}
            price={
              market.isStale(closing.symbol)
                ? undefined
                : closePriceOf(closing.side, market.priceOf(closing.symbol), market.lastOf?.(closing.symbol))
            }
            onDone={() => setClosing(null)}
          />
        </Suspense>
      )}
      <Detail
        id={viewing?.id ?? null}
        pair={viewing ? pairOf(viewing) : market.pair}
        price={viewing ? market.priceOf(viewing.symbol) : undefined}
        onDone={() => setViewing(null)}
      />
      {targeting && (
        <Suspense fallback={null}>
          <TargetsSheet
            position={targeting}
            pair={pairOf(targeting)}
            price={market.priceOf(targeting.symbol)}
            onDone={() => setTargeting(null)}
          />
        </Suspense>
      )}
    </>
  );
}

/** A card's figures, tapped (or Enter / Space) to open the position's detail. */
function Tappable({
  testId,
  label,
  onTap,
  children,
}: {
  testId: string;
  label: string;
  onTap: () => void;
  children: React.ReactNode;
}) {
  return (
    <div
      role="button"
      tabIndex={0}
      className="position__open-detail"
      data-testid={testId}
      title={label}
      onClick={onTap}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onTap();
        }
      }}
    >
      {children}
    </div>
  );
}

function ClosedPositions({ market, symbol }: { market: PositionsMarket; symbol: string | undefined }) {
  const { t } = useTranslation();
  const query = usePositions('closed', symbol);
  const [viewing, setViewing] = useState<Position | null>(null);
  const pairOf = (item: Position) => market.pairs.find((row) => row.symbol === item.symbol) ?? market.pair;
  return (
    <>
      <Detail
        id={viewing?.id ?? null}
        pair={viewing ? pairOf(viewing) : market.pair}
        price={undefined}
        onDone={() => setViewing(null)}
      />
      <PagedList
        query={query}
        testId="closed-positions"
        itemKey={(item) => item.id}
        empty={<EmptyState testId="no-history" title={t('contractGame.noHistory')} />}
        renderItem={(item) => {
          const pair = pairOf(item);
          const { pnl, returnRate: ret } = headlineOf(item, pair, undefined);
          const dp = pair.amountDp;
          const priceText = (value: string | null) => (value ? priceAt(value, pair.priceDp) : '--');
          return (
            <article
              className="position position--closed"
              data-testid={`closed-${item.id}`}
              data-symbol={item.symbol}
            >
              <Tappable
                testId="closed-detail"
                label={t('contractGame.viewDetail')}
                onTap={() => setViewing(item)}
              >
                <header className="position__head">
                  <span className="position__name">
                    <b>{pairLabel(pair, item.symbol)}</b>
                    <span className={`position__side position__side--${item.side}`}>
                      {t(`contractGame.${item.side}`)} {item.leverage}×
                    </span>
                  </span>
                  <span className="position__reason" data-testid="closed-reason">
                    {item.closeReason ? t(`contractGame.reason_${item.closeReason}`) : ''}
                  </span>
                </header>
                <p className={`position__pnl position__pnl--realized ${tone(pnl)}`} data-testid="closed-pnl">
                  <span className="position__pnl-label">{t('pnl.realized')}</span>
                  {pnl ? changeText(pnl, dp) : '--'} {item.marginToken}
                  <small data-testid="closed-return">{ret ? returnText(ret) : ''}</small>
                </p>
                <DetailList grid={3} className="position__grid">
                  <DetailRow label={t('contractGame.grossPnl')}>{changeText(item.pnl, dp)}</DetailRow>
                  <DetailRow label={t('contractGame.openFee')}>
                    {changeText(new Decimal(item.openFee).neg(), dp)}
                  </DetailRow>
                  <DetailRow label={t('contractGame.closeFee')}>
                    {item.closeFee ? changeText(new Decimal(item.closeFee).neg(), dp) : '--'}
                  </DetailRow>
                  <DetailRow label={t('contractGame.fundingPaid')}>
                    {changeText(new Decimal(item.fundingPaid).neg(), dp)}
                  </DetailRow>
                  <DetailRow label={t('contractGame.entryPrice')}>{priceText(item.entryPrice)}</DetailRow>
                  <DetailRow label={t('contractGame.closePrice')}>{priceText(item.closePrice)}</DetailRow>
                  <DetailRow label={t('contractGame.margin')}>{amountText(item.margin, dp)}</DetailRow>
                  <DetailRow label={t('contractGame.notional')}>{amountText(item.notional, dp)}</DetailRow>
                  <DetailRow label={t('contractGame.openedAt')}>{formatDateTime(item.openedAt)}</DetailRow>
                  <DetailRow label={t('contractGame.closedAt')}>{formatDateTime(item.closedAt)}</DetailRow>
                  <DetailRow label={t('contractGame.orderNo')} testId="closed-order" wide>
                    {item.orderNo}
                  </DetailRow>
                </DetailList>
              </Tappable>
              {item.profitUnpaid && new Decimal(item.profitUnpaid).gt(0) && (
                <p className="record-note record-note--info">
                  {t('contractGame.profitUnpaid', {
                    amount: amountText(item.profitUnpaid, dp),
                    token: item.marginToken,
                  })}
                </p>
              )}
            </article>
          );
        }}
      />
    </>
  );
}
