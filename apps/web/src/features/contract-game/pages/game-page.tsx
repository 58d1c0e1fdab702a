// The contract game's screen (/pages/game/detail?id=BTCUSDT; without an id, 'Missing parameter: id'),
// open to visitors (sign-in is asked at Open):
// the pair's live price, 24 h change, high and low, the chart in the spec's timeframes (time-share,
// 1m, 5m, 15m; the last one chosen is remembered), the order panel and the user's positions and
// history (issue 11). The chart's module (lightweight-charts) loads only here, after the page itself.
import { Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import { useTranslation } from 'react-i18next';
import type { CandleInterval } from '@tradeflip/api';
import { Decimal, formatNumber } from '@tradeflip/money';
import type { MarketChartProps } from '@/components/market/market-chart/market-chart';
import { PairButton } from '@/components/market/pair-button';
import { MountLater } from '@/components/mount-later';
import { PageFrame } from '@/components/page-frame';
// The game's words (order panel, positions, their sheets) come with this page, not with `/`.
import '@/features/contract-game/texts';
import { RequireId, useIdParam } from '@/components/require-id';
import { LivePlays } from '@/components/plays-feed';
import { Tabs } from '@/components/tabs';
import { useSession } from '@/lib/session';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage-keys';
import { markOf, useTickers } from '@/lib/market/tickers-query';
import { useGamePairs, usePositions } from '../api/game-api';
import { useStalePairs } from '@/lib/market/use-stale-pairs';
import { useConnectionLost } from '@/lib/live/use-connection-lost';
import { FundingStat } from '../components/funding';
import { OrderPanel } from '../components/order-panel';
import { OrderPanelSkeleton } from '../components/order-panel-skeleton';
import { Positions } from '../components/positions';
import './game.css';

const MarketChart = lazyPart(() => import('@/components/market/market-chart/market-chart'));
// Opened by a tap on the pair's name: loaded then.
const PairSwitcher = lazyPart(() => import('@/components/market/pair-switcher'));
const PairList = lazyPart(async () => ({
  default: (await import('@/components/market/ticker-list')).TickerList,
}));
type ChartPriceLine = NonNullable<MarketChartProps['priceLines']>[number];

const TIMEFRAMES: CandleInterval[] = ['1s', '1m', '5m', '15m'];

function rememberedInterval(): CandleInterval {
  const saved = readStorage(storageKeys.chartInterval);
  return TIMEFRAMES.find((interval) => interval === saved) ?? '1m';
}

export function GamePage() {
  const { t } = useTranslation();
  const id = useIdParam();
  if (!id) {
    return (
      <PageFrame title={t('titles.game')}>
        <RequireId>{() => null}</RequireId>
      </PageFrame>
    );
  }
  return <PairScreen symbol={id.toUpperCase()} />;
}

function PairScreen({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const offline = useConnectionLost();
  const [choosing, setChoosing] = useState(false);
  const { tickers, failed } = useTickers();
  const [interval, setChartInterval] = useState<CandleInterval>(rememberedInterval);
  const ticker = tickers?.find((row) => row.symbol === symbol);
  const gamePairs = useGamePairs();
  const pairs = gamePairs.data?.list;
  // Until the game's terms come, the header's funding row and the order panel hold their room.
  const termsLoading = gamePairs.isPending;
  const gamePair = pairs?.find((row) => row.symbol === symbol && row.enabled);
  const stalePairs = useStalePairs(tickers);
  const stale = stalePairs.has(symbol);
  const priceLines = usePriceLines(symbol);
  const session = useSession();
  // The header follows every tick at once; the order panel and the positions (their form, figures
  // and checks are the page's heaviest render) follow the same prices in a deferred render React can
  // interrupt, so a burst of ticks, or the terms' arrival, never holds the main thread for long.
  const formTickers = useDeferredValue(tickers);
  const formPairs = useDeferredValue(pairs);
  const formPair = formPairs?.find((row) => row.symbol === symbol && row.enabled);
  const formsPending = termsLoading || formPairs !== pairs;
  const staleKey = [...stalePairs].join(',');
  const priceOf = useCallback((pairSymbol: string) => markOf(formTickers, pairSymbol), [formTickers]);
  const lastOf = useCallback(
    (pairSymbol: string) => formTickers?.find((row) => row.symbol === pairSymbol)?.price,
    [formTickers],
  );
  const isStale = useCallback((pairSymbol: string) => staleKey.split(',').includes(pairSymbol), [staleKey]);
  // The last pair shown is the one Home's "Contract game" card opens next time.
  const known = Boolean(ticker);
  useEffect(() => {
    if (known) writeStorage(storageKeys.gamePair, symbol);
  }, [known, symbol]);

  const choose = (next: CandleInterval) => {
    setChartInterval(next);
    writeStorage(storageKeys.chartInterval, next);
  };
  const label = (value: CandleInterval) => (value === '1s' ? t('chart.timeShare') : value);

  if (tickers && !ticker) {
    return (
      <PageFrame title={t('titles.game')}>
        <p className="pair-note pair-note--warning" role="alert" data-testid="pair-unknown">
          {t('pair.unknown')}
        </p>
        {/* Not a dead end: the pairs there are, one tap away. */}
        <Suspense fallback={null}>
          <PairList />
        </Suspense>
      </PageFrame>
    );
  }
  if (failed && !tickers) {
    return (
      <PageFrame title={t('titles.game')}>
        <p className="pair-note pair-note--warning" role="alert" data-testid="pair-failed">
          {t('pair.failed')}
        </p>
      </PageFrame>
    );
  }

  const change = new Decimal(ticker?.change24h ?? 0);
  const tone = change.gt(0) ? 'is-up' : change.lt(0) ? 'is-down' : '';
  const pairLabel = ticker ? `${ticker.base}/${ticker.quote}` : symbol;
  const positionsSlot = <div className="positions-slot member-only" aria-hidden="true" />;
  return (
    <PageFrame title={ticker ? pairLabel : t('titles.game')} className="game">
      <div className="game__layout has-order-bar">
        <div className="game__market">
          <section className="pair-head" data-testid="pair-head" aria-busy={!ticker}>
            <PairButton
              base={ticker?.base}
              label={pairLabel}
              action={t('contractGame.choosePair')}
              testId="pair-switch"
              onClick={() => setChoosing(true)}
            />
            {choosing && (
              <Suspense fallback={null}>
                <PairSwitcher
                  title={t('contractGame.choosePair')}
                  testId="pair-switcher"
                  onClose={() => setChoosing(false)}
                />
              </Suspense>
            )}
            <div className="pair-head__main">
              <span className={`pair-head__price ${tone}`} data-testid="pair-price">
                {ticker ? formatNumber(ticker.price, 'price', { dp: ticker.priceDp, fixed: true }) : '--'}
              </span>
              <span className={`pair-head__change ${stale ? '' : tone}`} data-testid="pair-change">
                {ticker ? formatNumber(ticker.change24h, 'percent', { signed: true }) : '--'}
              </span>
            </div>
            <dl className="pair-head__stats">
              <div>
                <dt>{t('pair.high24h')}</dt>
                <dd data-testid="pair-high">
                  {ticker ? formatNumber(ticker.high24h, 'price', { dp: ticker.priceDp, fixed: true }) : '--'}
                </dd>
              </div>
              <div>
                <dt>{t('pair.low24h')}</dt>
                <dd data-testid="pair-low">
                  {ticker ? formatNumber(ticker.low24h, 'price', { dp: ticker.priceDp, fixed: true }) : '--'}
                </dd>
              </div>
              {(gamePair || termsLoading) && <FundingStat pair={gamePair} />}
            </dl>
            {stale && (
              <p className="pair-note pair-note--warning" role="status" data-testid="pair-stale">
                {t(offline ? 'contractGame.offlineOrders' : 'pair.stale')}
              </p>
            )}
          </section>

          <Tabs
            className="timeframes"
            tabClassName="timeframes__tab"
            label={t('titles.game')}
            testIdPrefix="timeframe-"
            active={interval}
            onChange={choose}
            tabs={TIMEFRAMES.map((value) => ({ value, label: label(value) }))}
          />
          {ticker ? (
            <Suspense fallback={<div className="market-chart-placeholder" />}>
              <MarketChart
                symbol={symbol}
                interval={interval}
                priceDp={ticker.priceDp}
                pairLabel={pairLabel}
                intervalLabel={label(interval)}
                priceLines={priceLines}
              />
            </Suspense>
          ) : (
            <div className="market-chart-placeholder" />
          )}
        </div>
        <div className="game__order">
          {/* While the price is paused (useStalePairs) Open waits, with the reason beside it. */}
          {formPair ? (
            <OrderPanel
              pair={formPair}
              price={stale ? undefined : priceOf(symbol)}
              last={stale ? undefined : lastOf(symbol)}
              paused={stale}
            />
          ) : (
            formsPending && <OrderPanelSkeleton />
          )}
        </div>
        <div className="game__positions">
          {/* A visitor browses the market; positions are a signed-in person's. */}
          {formPair && formPairs
            ? session && (
                <MountLater placeholder={positionsSlot}>
                  <Positions
                    pair={formPair}
                    pairs={formPairs}
                    priceOf={priceOf}
                    lastOf={lastOf}
                    isStale={isStale}
                  />
                </MountLater>
              )
            : // A signed-in person's positions keep their room while the terms load (shown by CSS to a
              // signed-in person only, the shell's too), so the plays feed below stays put.
              formsPending && positionsSlot}
        </div>
        <div className="game__plays">
          <LivePlays />
        </div>
      </div>
    </PageFrame>
  );
}

/** The chart's lines for this pair's open positions: entry, liquidation, take-profit and stop-loss. */
function usePriceLines(symbol: string): ChartPriceLine[] {
  const { t } = useTranslation();
  // Every pair's open positions (the list's own query, so no request of its own), this pair's kept.
  const pages = usePositions('open').data?.pages;
  // The same lines while the positions are (the chart is not drawn again at every tick).
  return useMemo(
    () =>
      (pages?.flatMap((page) => page.list) ?? [])
        .filter((item) => item.symbol === symbol)
        .flatMap((item) => {
          const side = t(`contractGame.${item.side}`);
          // A line at each price the position has (no take-profit or stop-loss line without one).
          const line = (
            key: string,
            kind: ChartPriceLine['kind'],
            price: string | null | undefined,
            title: string,
          ) => (price ? [{ id: `${item.id}:${key}`, kind, price, title }] : []);
          return [
            ...line('entry', 'entry', item.entryPrice, `${side} ${item.leverage}×`),
            ...line('liquidation', 'liquidation', item.liquidationPrice, t('contractGame.liquidationLine')),
            ...line('tp', 'take_profit', item.takeProfit, t('contractGame.takeProfitLine')),
            ...line('sl', 'stop_loss', item.stopLoss, t('contractGame.stopLossLine')),
          ];
        }),
    [pages, symbol, t],
  );
}
