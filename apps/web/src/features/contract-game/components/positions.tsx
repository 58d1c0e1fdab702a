// The user's positions on this pair (issue 11): open ones with their PnL and return moving with every
// tick (worked out here from the live price with the settlement's formula), liquidation price, funding
// paid and the time to the next funding; TP / SL and Close (after a confirm showing the order number).
// History: closed positions, every field of spec §3 and how each closed, a page at a time; a tap on
// either opens the position's detail (position-sheet.tsx). A position
// the engine closes (liquidation, TP, SL) leaves the list without a reload: the user channel says so.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { GamePair, Position } from '@tradeflip/contract';
import { Decimal, formatNumber } from '@tradeflip/money';
import { EmptyState } from '@/components/empty-state';
import { PagedList } from '@/components/paged-list';
import { marketSocket } from '@/lib/market-socket';
import { useSession } from '@/lib/session';
import { showToast } from '@/lib/toast';
import { usePositions } from '../api/game-api';
import { pnlOf, tone } from './position-figures';

// The detail sheet (and the history's words for each movement) loads on the first tap; the Close and
// TP / SL sheets when a finger first touches a button (pointerdown), so they are there by the click.
const PositionSheet = lazy(() => import('./position-sheet').then((m) => ({ default: m.PositionSheet })));
const loadActions = () => import('./position-actions');
const CloseSheet = lazy(() => loadActions().then((m) => ({ default: m.CloseSheet })));
const TargetsSheet = lazy(() => loadActions().then((m) => ({ default: m.TargetsSheet })));

/** The detail sheet of `id`, while one is chosen. */
function Detail(props: { id: string | null; pair: GamePair; price: string | undefined; onDone: () => void }) {
  if (!props.id) return null;
  return (
    <Suspense fallback={null}>
      <PositionSheet {...props} />
    </Suspense>
  );
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function countdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** Refetches the positions when the user channel says one of them changed. */
function usePositionEvents() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const userId = useSession()?.user.id;
  useEffect(() => {
    if (!userId) return;
    return marketSocket.subscribe({ channel: 'user' }, (message) => {
      // A reconnect or a missed frame: what the channel covers is refetched (a liquidation meanwhile).
      const resync = message.type === 'resync';
      if (message.type === 'balances' || resync) void queryClient.invalidateQueries({ queryKey: ['asset'] });
      if (resync) void queryClient.invalidateQueries({ queryKey: ['game', 'positions'] });
      if (message.type !== 'position') return;
      void queryClient.invalidateQueries({ queryKey: ['game', 'positions'] });
      if (message.status === 'closed' && message.closeReason && message.closeReason !== 'manual') {
        showToast(t(`trade.reason_${message.closeReason}`));
      }
    });
  }, [queryClient, userId, t]);
}

export function Positions({ pair, price }: { pair: GamePair; price: string | undefined }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'open' | 'closed'>('open');
  usePositionEvents();
  return (
    <section className="positions" data-testid="positions">
      <div className="positions__tabs" role="tablist">
        {(['open', 'closed'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={tab === value}
            className={tab === value ? 'is-active' : ''}
            data-testid={`positions-tab-${value}`}
            onClick={() => setTab(value)}
          >
            {t(value === 'open' ? 'trade.positions' : 'trade.history')}
          </button>
        ))}
      </div>
      {tab === 'open' ? <OpenPositions pair={pair} price={price} /> : <ClosedPositions pair={pair} />}
    </section>
  );
}

function OpenPositions({ pair, price }: { pair: GamePair; price: string | undefined }) {
  const { t } = useTranslation();
  const query = usePositions('open', pair.symbol);
  const now = useNow(1000);
  const [closing, setClosing] = useState<Position | null>(null);
  const [targeting, setTargeting] = useState<Position | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <>
      <PagedList
        query={query}
        testId="open-positions"
        itemKey={(item) => item.id}
        empty={<EmptyState testId="no-positions" title={t('trade.noPositions')} />}
        renderItem={(item) => {
          const { pnl, returnPercent: ret } = pnlOf(item, price);
          return (
            <article className="position" data-testid={`position-${item.id}`}>
              <Tappable
                testId="position-detail"
                label={t('trade.viewDetail')}
                onTap={() => setViewing(item.id)}
              >
                <header className="position__head">
                  <span className={`position__side position__side--${item.side}`}>
                    {t(`trade.${item.side}`)} {item.leverage}×
                  </span>
                  <span className={`position__pnl ${tone(pnl)}`} data-testid="position-pnl">
                    {pnl ? formatNumber(pnl, 'amount', { dp: pair.amountDp, signed: true }) : '--'}{' '}
                    {item.marginToken}
                    <small data-testid="position-return">
                      {ret ? formatNumber(ret, 'percent', { signed: true }) : '--'}
                    </small>
                  </span>
                </header>
                <dl className="position__grid">
                  <Cell
                    label={t('trade.entryPrice')}
                    value={formatNumber(item.entryPrice, 'price', { dp: pair.priceDp })}
                  />
                  <Cell
                    label={t('trade.markPrice')}
                    value={price ? formatNumber(price, 'price', { dp: pair.priceDp }) : '--'}
                  />
                  <Cell
                    label={t('trade.liquidationPrice')}
                    value={formatNumber(item.liquidationPrice, 'price', { dp: pair.priceDp })}
                    testId="position-liquidation"
                  />
                  <Cell
                    label={t('trade.margin')}
                    value={formatNumber(item.margin, 'amount', { dp: pair.amountDp })}
                  />
                  <Cell
                    label={t('trade.notional')}
                    value={formatNumber(item.notional, 'amount', { dp: pair.amountDp })}
                  />
                  <Cell
                    label={t('trade.fundingPaid')}
                    value={formatNumber(item.fundingPaid, 'amount', { dp: pair.amountDp })}
                  />
                  <Cell
                    label={t('trade.targets')}
                    value={`${item.takeProfit ? formatNumber(item.takeProfit, 'price', { dp: pair.priceDp }) : '--'} / ${
                      item.stopLoss ? formatNumber(item.stopLoss, 'price', { dp: pair.priceDp }) : '--'
                    }`}
                    testId="position-targets"
                  />
                </dl>
              </Tappable>
              {item.nextFundingAt && (
                <p className="position__funding">
                  {t('trade.nextFunding', { time: countdown(Date.parse(item.nextFundingAt) - now) })}
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
                  {t('trade.targets')}
                </button>
                <button
                  type="button"
                  className="btn btn--primary"
                  data-testid="position-close"
                  onPointerDown={() => void loadActions()}
                  onClick={() => setClosing(item)}
                >
                  {t('trade.close')}
                </button>
              </div>
            </article>
          );
        }}
      />
      {closing && (
        <Suspense fallback={null}>
          <CloseSheet position={closing} onDone={() => setClosing(null)} />
        </Suspense>
      )}
      <Detail id={viewing} pair={pair} price={price} onDone={() => setViewing(null)} />
      {targeting && (
        <Suspense fallback={null}>
          <TargetsSheet position={targeting} priceDp={pair.priceDp} onDone={() => setTargeting(null)} />
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

function Cell({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

function ClosedPositions({ pair }: { pair: GamePair }) {
  const { t } = useTranslation();
  const query = usePositions('closed', pair.symbol);
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <>
      <Detail id={viewing} pair={pair} price={undefined} onDone={() => setViewing(null)} />
      <PagedList
        query={query}
        testId="closed-positions"
        itemKey={(item) => item.id}
        empty={<EmptyState testId="no-history" title={t('trade.noHistory')} />}
        renderItem={(item) => {
          const pnl = item.pnl === null ? null : new Decimal(item.pnl);
          return (
            <article className="position position--closed" data-testid={`closed-${item.id}`}>
              <Tappable
                testId="closed-detail"
                label={t('trade.viewDetail')}
                onTap={() => setViewing(item.id)}
              >
                <header className="position__head">
                  <span className={`position__side position__side--${item.side}`}>
                    {t(`trade.${item.side}`)} {item.leverage}×
                  </span>
                  <span className="position__reason" data-testid="closed-reason">
                    {item.closeReason ? t(`trade.reason_${item.closeReason}`) : ''}
                  </span>
                  <span className={`position__pnl ${tone(pnl)}`} data-testid="closed-pnl">
                    {pnl ? formatNumber(pnl, 'amount', { dp: pair.amountDp, signed: true }) : '--'}{' '}
                    {item.marginToken}
                    <small>
                      {item.returnRate
                        ? formatNumber(new Decimal(item.returnRate).mul(100), 'percent', { signed: true })
                        : ''}
                    </small>
                  </span>
                </header>
                <dl className="position__grid">
                  <Cell label={t('trade.orderNo')} value={item.orderNo} testId="closed-order" />
                  <Cell
                    label={t('trade.entryPrice')}
                    value={formatNumber(item.entryPrice, 'price', { dp: pair.priceDp })}
                  />
                  <Cell
                    label={t('trade.closePrice')}
                    value={
                      item.closePrice ? formatNumber(item.closePrice, 'price', { dp: pair.priceDp }) : '--'
                    }
                  />
                  <Cell
                    label={t('trade.liquidationPrice')}
                    value={formatNumber(item.liquidationPrice, 'price', { dp: pair.priceDp })}
                  />
                  <Cell
                    label={t('trade.notional')}
                    value={formatNumber(item.notional, 'amount', { dp: pair.amountDp })}
                  />
                  <Cell
                    label={t('trade.margin')}
                    value={formatNumber(item.margin, 'amount', { dp: pair.amountDp })}
                  />
                  <Cell
                    label={t('trade.fundingPaid')}
                    value={formatNumber(item.fundingPaid, 'amount', { dp: pair.amountDp })}
                  />
                  <Cell
                    label={t('trade.openFee')}
                    value={formatNumber(item.openFee, 'amount', { dp: pair.amountDp })}
                  />
                  <Cell
                    label={t('trade.closeFee')}
                    value={
                      item.closeFee ? formatNumber(item.closeFee, 'amount', { dp: pair.amountDp }) : '--'
                    }
                  />
                  <Cell label={t('trade.openedAt')} value={new Date(item.openedAt).toLocaleString()} />
                  <Cell
                    label={t('trade.closedAt')}
                    value={item.closedAt ? new Date(item.closedAt).toLocaleString() : '--'}
                  />
                </dl>
              </Tappable>
              {item.profitUnpaid && new Decimal(item.profitUnpaid).gt(0) && (
                <p className="record-note record-note--info">
                  {t('trade.profitUnpaid', {
                    amount: formatNumber(item.profitUnpaid, 'amount'),
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
