// The user's flips: open ones counting down with where they stand at the live price, settled ones a
// page at a time (infinite scroll) with their result; a tap opens a flip's detail (flip-sheet.tsx).
// When one ends, the user channel's `flip` frame (the shell refetches the lists and balances on it)
// brings its result here, announced above Up / Down with its close price and realized P&L — a refund
// with why — until dismissed.
import { memo, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { FlipConfig, FlipPosition } from '@tradeflip/api';
import * as routes from '@tradeflip/api/routes';
import { Decimal, formatNumber } from '@tradeflip/money';
import { DetailList, DetailRow } from '@/components/detail-list';
import { DismissButton } from '@/components/dismiss-button';
import { EmptyState } from '@/components/empty-state';
import { PagedList } from '@/components/paged-list';
import { Tabs } from '@/components/tabs';
import { formatDateTime } from '@/lib/format-time';
import { api } from '@/lib/http';
import { useSession } from '@/lib/session';
import { useNow } from '@/lib/use-now';
import { onUserMessage } from '@/lib/live/user-channel';
import '@/features/flip/texts';
import { useFlips } from '../api/flip-api';
import { payoutText } from './flip-form';
import { outcomeOf, pnlText, RefundWhy, toneOf } from './flip-outcome';
import { FlipCardHead, OpenFlipCard } from './open-flip-card';

const FlipSheet = lazyPart(() => import('./flip-sheet'));

export interface FlipsProps {
  config: FlipConfig;
  /** A pair's live price (undefined while it has none). */
  priceOf: (symbol: string) => string | undefined;
}

function useTerms(config: FlipConfig) {
  const pairOf = (symbol: string) => config.pairs.find((row) => row.symbol === symbol);
  const amountDpOf = (token: string) => config.tokens.find((row) => row.token === token)?.amountDp ?? 6;
  return { pairOf, amountDpOf };
}

/** Drawn again only when what it is given changes (not at each of the page's ticks). */
export const Flips = memo(function Flips({ config, priceOf }: FlipsProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'open' | 'closed'>('open');
  const [viewing, setViewing] = useState<FlipPosition | null>(null);
  const openCount = useFlips('open').data?.pages[0]?.total;
  // A notice's tap (the notification centre) opens its flip's detail: `&flip=<id>`.
  const [search, setSearch] = useSearchParams();
  const linked = search.get('flip');
  const linkedId = !viewing && linked && /^\d{1,18}$/.test(linked) ? linked : null;
  return (
    <section className="flips" data-testid="flips">
      <FlipResults config={config} onOpen={setViewing} />
      <Tabs
        className="flips__tabs line-tabs"
        testIdPrefix="flips-tab-"
        active={tab}
        onChange={setTab}
        tabs={[
          { value: 'open', label: t('flip.openTab') },
          { value: 'closed', label: t('flip.settledTab') },
        ]}
        // No count while there is none open.
        count={{
          tab: 'open',
          value: openCount || undefined,
          className: 'flips__count',
          testId: 'flips-count',
        }}
      />
      {tab === 'open' ? (
        <OpenFlips config={config} priceOf={priceOf} onOpen={setViewing} />
      ) : (
        <SettledFlips config={config} onOpen={setViewing} />
      )}
      {viewing && (
        <Suspense fallback={null}>
          <FlipSheet
            id={viewing.id}
            config={config}
            price={viewing.status === 'open' ? priceOf(viewing.symbol) : undefined}
            onDone={() => setViewing(null)}
          />
        </Suspense>
      )}
      {linkedId && (
        <Suspense fallback={null}>
          <FlipSheet
            id={linkedId}
            config={config}
            price={undefined}
            onDone={() =>
              setSearch(
                (now) => {
                  now.delete('flip');
                  return now;
                },
                { replace: true },
              )
            }
          />
        </Suspense>
      )}
    </section>
  );
});

function OpenFlips({ config, priceOf, onOpen }: FlipsProps & { onOpen: (item: FlipPosition) => void }) {
  const { t } = useTranslation();
  const query = useFlips('open');
  const now = useNow(250);
  const { pairOf, amountDpOf } = useTerms(config);
  // Should a flip's `flip` frame not come (the socket down), the list looks again a little after
  // one ends: the settler has it within a second.
  const overdue = (query.data?.pages ?? [])
    .flatMap((page) => page.list)
    .filter((item) => Date.parse(item.expiresAt) + 3000 < now).length;
  const { refetch } = query;
  useEffect(() => {
    if (overdue === 0) return;
    const timer = setInterval(() => void refetch(), 3000);
    return () => clearInterval(timer);
  }, [overdue, refetch]);
  // A flip just placed comes into view (on a phone the list sits below the form, under Up / Down).
  const seen = useRef<Set<string> | undefined>(undefined);
  useEffect(() => {
    const ids = (query.data?.pages ?? []).flatMap((page) => page.list.map((item) => item.id));
    if (!query.data) return;
    const fresh = seen.current ? ids.find((id) => !seen.current!.has(id)) : undefined;
    seen.current = new Set(ids);
    if (fresh) {
      document
        .querySelector(`[data-testid="open-flip-${fresh}"]`)
        ?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    }
  }, [query.data]);
  return (
    <PagedList
      query={query}
      testId="open-flips"
      itemKey={(item) => item.id}
      empty={
        <EmptyState testId="no-open-flips" title={t('flip.noOpen')} description={t('flip.noOpenHint')} />
      }
      renderItem={(item) => (
        <OpenFlipCard
          item={item}
          pair={pairOf(item.symbol)}
          price={priceOf(item.symbol)}
          now={now}
          amountDp={amountDpOf(item.token)}
          onOpen={() => onOpen(item)}
        />
      )}
    />
  );
}

function SettledFlips({ config, onOpen }: { config: FlipConfig; onOpen: (item: FlipPosition) => void }) {
  const { t } = useTranslation();
  const query = useFlips('closed');
  const { pairOf, amountDpOf } = useTerms(config);
  return (
    <PagedList
      query={query}
      testId="settled-flips"
      itemKey={(item) => item.id}
      empty={<EmptyState testId="no-settled-flips" title={t('flip.noSettled')} />}
      renderItem={(item) => {
        const pair = pairOf(item.symbol);
        const outcome = outcomeOf(item);
        const priceText = (value: string | null) =>
          value ? formatNumber(value, 'price', { dp: pair?.priceDp, fixed: true }) : '--';
        const dp = amountDpOf(item.token);
        return (
          <article
            className={`flip-settled flip-settled--${outcome ?? 'open'}`}
            data-testid={`settled-flip-${item.id}`}
          >
            <button
              type="button"
              className="flip-card__tap"
              aria-label={t('flip.viewDetail')}
              data-testid="settled-flip-detail"
              onClick={() => onOpen(item)}
            />
            <FlipCardHead item={item} pair={pair}>
              <span className={`flip-tag flip-tag--${outcome}`} data-testid="settled-flip-result">
                {outcome ? t(`flip.${outcome}`) : ''}
              </span>
            </FlipCardHead>
            <p className={`flip-settled__pnl ${toneOf(outcome)}`} data-testid="settled-flip-pnl">
              <small>{t('flip.realizedPnl')}</small>
              {pnlText(item, dp)}
            </p>
            <DetailList grid={3} className="flip-settled__grid">
              <DetailRow label={t('flip.stake')}>
                {formatNumber(item.stake, 'amount', { dp })} {item.token}
              </DetailRow>
              <DetailRow label={t('flip.payoutRate')}>{payoutText(item.payoutRate)}</DetailRow>
              <DetailRow label={t('flip.openPrice')}>{priceText(item.openPrice)}</DetailRow>
              <DetailRow label={t('flip.closePrice')} testId="settled-flip-close">
                {priceText(item.closePrice)}
              </DetailRow>
              {/* Two columns wide: a date and time on one line, also at 360 px. */}
              <DetailRow label={t('flip.settledAt')} wide>
                {formatDateTime(item.settledAt, { minutes: true })}
              </DetailRow>
            </DetailList>
            <RefundWhy item={item} priceDp={pair?.priceDp} toleranceSeconds={config.toleranceSeconds} />
          </article>
        );
      }}
    />
  );
}

/** How long results stay announced after the last one came (they stay in the history). */
const RESULT_SHOWN_MS = 8_000;
/** The most results listed in one announcement (the rest are counted, and in the history). */
const RESULTS_LISTED = 3;

/**
 * The flips that ended while the page is open, announced: one alone with its realized P&L, the two
 * prices and, for a refund, why; several that end together in one announcement with their net P&L
 * and a line each (one replacing another would hide a win behind a loss). Shown for a while after
 * the last one came, then only in the history. A flip is announced when its `flip` frame comes, or
 * when it leaves the open list without one (it ended while the socket was down: the resync
 * refetched the list).
 */
function FlipResults({ config, onOpen }: { config: FlipConfig; onOpen: (item: FlipPosition) => void }) {
  const userId = useSession()?.user.id;
  const [results, setResults] = useState<FlipPosition[]>([]);
  const terms = useTerms(config);
  const announced = useRef(new Set<string>());
  const announce = useCallback((id: string) => {
    if (announced.current.has(id)) return;
    announced.current.add(id);
    void api(routes.flip.position, { query: { id }, silent: true })
      .then(({ data }) => {
        if (data.status !== 'open') setResults((shown) => [data, ...shown]);
      })
      .catch(() => announced.current.delete(id));
  }, []);
  useEffect(() => {
    if (!userId) return;
    return onUserMessage((message) => {
      if (message.type === 'flip' && message.status !== 'open') announce(message.id);
    });
  }, [userId, announce]);
  const open = useFlips('open').data;
  const wasOpen = useRef<Set<string> | undefined>(undefined);
  useEffect(() => {
    if (!open) return;
    const now = new Set(open.pages.flatMap((page) => page.list.map((item) => item.id)));
    // Gone from the list (the first page: a later page's flips are not watched) since the last look.
    for (const id of wasOpen.current ?? []) if (!now.has(id)) announce(id);
    wasOpen.current = now;
  }, [open, announce]);
  const newest = results[0];
  useEffect(() => {
    if (!newest) return;
    const timer = setTimeout(() => setResults([]), RESULT_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [newest]);
  if (results.length === 0) return null;
  return (
    <div className="flip-results" aria-live="polite">
      {results.length === 1 ? (
        <FlipResultBanner
          item={results[0]!}
          config={config}
          {...terms}
          onOpen={onOpen}
          onDismiss={() => setResults([])}
        />
      ) : (
        <FlipResultsSummary items={results} {...terms} onOpen={onOpen} onDismiss={() => setResults([])} />
      )}
    </div>
  );
}

type BannerProps = {
  onOpen: (item: FlipPosition) => void;
  onDismiss: () => void;
} & ReturnType<typeof useTerms>;

function FlipResultBanner({
  item,
  config,
  pairOf,
  amountDpOf,
  onOpen,
  onDismiss,
}: BannerProps & { item: FlipPosition; config: FlipConfig }) {
  const { t } = useTranslation();
  const outcome = outcomeOf(item) ?? 'refunded';
  const pair = pairOf(item.symbol);
  const price = (value: string | null) =>
    value ? formatNumber(value, 'price', { dp: pair?.priceDp, fixed: true }) : '--';
  const amount = formatNumber(outcome === 'won' ? item.profit : item.stake, 'amount', {
    dp: amountDpOf(item.token),
  });
  const title =
    outcome === 'won' ? 'flip.resultWon' : outcome === 'lost' ? 'flip.resultLost' : 'flip.resultRefunded';
  return (
    <div
      key={item.id}
      className={`flip-result flip-result--${outcome}`}
      role="alert"
      data-testid="flip-result"
      data-outcome={outcome}
    >
      <button type="button" className="flip-result__body" onClick={() => onOpen(item)}>
        <b className="flip-result__title" data-testid="flip-result-title">
          {t(title, { amount, token: item.token })}
        </b>
        <span className="flip-result__prices" data-testid="flip-result-prices">
          {t('flip.resultPrices', {
            pair: pair ? `${pair.base}/${pair.quote}` : item.symbol,
            direction: t(`flip.${item.direction}`),
            open: price(item.openPrice),
            close: price(item.closePrice),
          })}
        </span>
        <RefundWhy item={item} priceDp={pair?.priceDp} toleranceSeconds={config.toleranceSeconds} />
      </button>
      <DismissButton
        className="flip-result__dismiss"
        label={t('flip.dismiss')}
        testId="flip-result-dismiss"
        onClick={onDismiss}
      />
    </div>
  );
}

/** Several results at once: the net P&L per token, then a line each (newest first), each opening its detail. */
function FlipResultsSummary({
  items,
  pairOf,
  amountDpOf,
  onOpen,
  onDismiss,
}: BannerProps & { items: FlipPosition[] }) {
  const { t } = useTranslation();
  const net = new Map<string, Decimal>();
  for (const item of items)
    net.set(item.token, (net.get(item.token) ?? new Decimal(0)).add(item.realizedPnl ?? 0));
  const total = [...net]
    .map(([token, pnl]) => `${formatNumber(pnl, 'amount', { dp: amountDpOf(token), signed: true })} ${token}`)
    .join(' · ');
  const sum = [...net.values()].reduce((a, b) => a.add(b), new Decimal(0));
  const outcome = net.size === 1 ? (sum.gt(0) ? 'won' : sum.lt(0) ? 'lost' : 'refunded') : 'refunded';
  const more = items.length - RESULTS_LISTED;
  return (
    <div
      className={`flip-result flip-result--${outcome}`}
      role="alert"
      data-testid="flip-result"
      data-outcome="several"
    >
      <div className="flip-result__body">
        <b className="flip-result__title" data-testid="flip-result-title">
          {t('flip.resultsTitle', { n: items.length, pnl: total })}
        </b>
        <ul className="flip-result__lines">
          {items.slice(0, RESULTS_LISTED).map((item) => {
            const pair = pairOf(item.symbol);
            const itsOutcome = outcomeOf(item) ?? 'refunded';
            return (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => onOpen(item)}
                  data-testid="flip-result-line"
                  data-outcome={itsOutcome}
                >
                  <span>
                    {pair ? `${pair.base}/${pair.quote}` : item.symbol} {t(`flip.${item.direction}`)}
                  </span>
                  <b className={toneOf(itsOutcome)}>{pnlText(item, amountDpOf(item.token))}</b>
                </button>
              </li>
            );
          })}
        </ul>
        {more > 0 && <span className="flip-result__prices">{t('flip.resultsMore', { n: more })}</span>}
      </div>
      <DismissButton
        className="flip-result__dismiss"
        label={t('flip.dismiss')}
        testId="flip-result-dismiss"
        onClick={onDismiss}
      />
    </div>
  );
}
