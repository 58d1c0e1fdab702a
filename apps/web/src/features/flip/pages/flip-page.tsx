// Lightning Flip's screen (/pages/flip-lightning/index, ?id=BTCUSDT for a pair; without one, the last
// pair played or the first offered), open to visitors (sign-in is asked at Up / Down): the pair's live
// price and a small live line chart (the open flips' prices drawn on it), the flip form with Up and
// Down, and the user's flips — open ones counting down, the result announced at the end, the history.
// The chart's module (lightweight-charts) loads only here, after the page itself.
import { Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import { useTranslation } from 'react-i18next';
import type { FlipConfig } from '@tradeflip/api';
import { Decimal, formatNumber } from '@tradeflip/money';
import type { MarketChartProps } from '@/components/market/market-chart/market-chart';
import { PairButton } from '@/components/market/pair-button';
import { MountLater } from '@/components/mount-later';
import { PageFrame } from '@/components/page-frame';
import { LivePlays } from '@/components/plays-feed';
import { useIdParam } from '@/components/require-id';
import { flipPath } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage-keys';
import { markOf, useTickers } from '@/lib/market/tickers-query';
import { useStalePairs } from '@/lib/market/use-stale-pairs';
import { useConnectionLost } from '@/lib/live/use-connection-lost';
import '@/features/flip/texts';
import { useFlipConfig, useFlips } from '../api/flip-api';
import { FlipPanel } from '../components/flip-panel';
import { FlipPanelSkeleton } from '../components/flip-panel-skeleton';
import { Flips } from '../components/flips';
import { flipPriceLines, type OpenFlipLine } from '../components/price-lines';
import './flip.css';

const MarketChart = lazyPart(() => import('@/components/market/market-chart/market-chart'));
// Opened by a tap on the pair's name: loaded then (with its Sheet).
const PairSwitcher = lazyPart(() => import('@/components/market/pair-switcher'));
type ChartPriceLine = NonNullable<MarketChartProps['priceLines']>[number];

/** The pair on screen: the one named, else the last one played, else the first offered. */
function chosenPair(config: FlipConfig | undefined, named: string | null) {
  const offered = config?.pairs.filter((row) => row.enabled) ?? [];
  const wanted = named?.toUpperCase() ?? readStorage(storageKeys.flipPair);
  return offered.find((row) => row.symbol === wanted) ?? offered[0];
}

export function FlipPage() {
  const { t } = useTranslation();
  const named = useIdParam();
  const config = useFlipConfig();
  const session = useSession();
  const offline = useConnectionLost();
  const [choosing, setChoosing] = useState(false);
  const { tickers } = useTickers();
  const stalePairs = useStalePairs(tickers);
  const pair = chosenPair(config.data, named);
  const symbol = pair?.symbol;
  const ticker = tickers?.find((row) => row.symbol === symbol);
  const stale = symbol ? stalePairs.has(symbol) : false;
  const openFlips = useFlips('open').data;
  const openCount = openFlips?.pages[0]?.total;
  const priceLines = usePriceLines(symbol, openFlips?.pages);
  useEffect(() => {
    if (symbol) writeStorage(storageKeys.flipPair, symbol);
  }, [symbol]);

  const pairLabel = pair ? `${pair.base}/${pair.quote}` : '';
  const change = new Decimal(ticker?.change24h ?? 0);
  const tone = change.gt(0) ? 'is-up' : change.lt(0) ? 'is-down' : '';
  // The header follows every tick at once; the flips' live standings follow the same prices in a
  // deferred render React can interrupt, so a burst of ticks never holds the main thread for long.
  const listTickers = useDeferredValue(tickers);
  // The flip form and the flips (the page's heaviest render) are made from the terms in a deferred
  // render too, so the terms' arrival repaints the header at once and mounts them when React can
  // interrupt; their skeletons hold the room meanwhile.
  const formConfig = useDeferredValue(config.data);
  const formPair = formConfig === config.data ? pair : chosenPair(formConfig, named);
  const formsPending = config.isPending || formConfig !== config.data;
  const staleKey = [...stalePairs].join(',');
  const priceOf = useCallback(
    (pairSymbol: string) =>
      staleKey.split(',').includes(pairSymbol) ? undefined : markOf(listTickers, pairSymbol),
    [listTickers, staleKey],
  );

  const flipsSlot = <div className="flips-slot member-only" aria-hidden="true" />;
  return (
    <PageFrame title={t('titles.flip')} className="flip">
      <div className="flip__layout has-order-bar">
        <div className="flip__market">
          <section className="flip-head" data-testid="flip-head" aria-busy={!ticker}>
            <PairButton
              base={pair?.base}
              label={pairLabel}
              action={t('flip.choosePair')}
              testId="flip-pair-switch"
              labelTestId="flip-pair"
              disabled={!pair}
              className="flip-head__pair"
              onClick={() => setChoosing(true)}
            />
            <span className={`flip-head__price ${tone}`} data-testid="flip-price">
              {ticker ? formatNumber(ticker.price, 'price', { dp: ticker.priceDp, fixed: true }) : '--'}
            </span>
            <span className={`flip-head__change ${stale ? '' : tone}`} data-testid="flip-change">
              {ticker ? formatNumber(ticker.change24h, 'percent', { signed: true }) : '--'}
            </span>
          </section>
          {stale && (
            <p className="flip-note flip-note--warning" role="status" data-testid="flip-pair-stale">
              {offline ? t('flip.offline') : t('pair.stale')}
            </p>
          )}
          {choosing && config.data && (
            <Suspense fallback={null}>
              <PairSwitcher
                title={t('flip.choosePair')}
                testId="flip-pair-switcher"
                onClose={() => setChoosing(false)}
                pathOf={flipPath}
                only={(candidate) =>
                  Boolean(config.data?.pairs.some((row) => row.symbol === candidate && row.enabled))
                }
              />
            </Suspense>
          )}
          {ticker && pair ? (
            <Suspense fallback={<div className="market-chart-placeholder flip__chart-slot" />}>
              <MarketChart
                symbol={pair.symbol}
                interval="1s"
                priceDp={ticker.priceDp}
                pairLabel={pairLabel}
                intervalLabel={t('chart.timeShare')}
                priceLines={priceLines}
              />
            </Suspense>
          ) : (
            <div className="market-chart-placeholder flip__chart-slot" />
          )}
        </div>
        <div className="flip__order">
          {formConfig && formPair ? (
            <FlipPanel config={formConfig} pair={formPair} openCount={openCount} paused={stale} />
          ) : (
            formsPending && <FlipPanelSkeleton />
          )}
          {/* For visitors (the prerendered shell is a visitor's: CSS hides it there for a signed-in
              person, whose own render has none, so nothing below it moves). */}
          {!session && <p className="flip-how visitor-only">{t('flip.howItWorks')}</p>}
        </div>
        <div className="flip__flips">
          {formConfig
            ? session && (
                <MountLater placeholder={flipsSlot}>
                  <Flips config={formConfig} priceOf={priceOf} />
                </MountLater>
              )
            : // A signed-in player's flips keep their room while the terms load (the shell has it too,
              // shown by CSS to a signed-in person only), so the plays feed below stays put.
              formsPending && flipsSlot}
        </div>
        <div className="flip__plays">
          <LivePlays />
        </div>
      </div>
    </PageFrame>
  );
}

/** The chart's lines at this pair's open flips' open prices, labelled with their direction. */
function usePriceLines(
  symbol: string | undefined,
  pages: { list: OpenFlipLine[] }[] | undefined,
): ChartPriceLine[] {
  const { t } = useTranslation();
  // The same lines while the open flips are (the chart is not drawn again at every tick).
  return useMemo(
    () =>
      flipPriceLines(symbol, pages?.flatMap((page) => page.list) ?? [], (direction) =>
        t(`flip.${direction}`),
      ),
    [symbol, pages, t],
  );
}
