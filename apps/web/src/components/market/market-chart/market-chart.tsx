// The price chart both games draw (issue 10), on lightweight-charts: the time-share line (1 s closes)
// or candles of 1m, 5m or 15m. History comes over REST, then the open candle moves with every push
// from the WebSocket's candles channel. Rising and falling follow the person's up colour (--tf-up /
// --tf-down); prices show at the pair's decimals. Times show in the person's time zone (the library
// draws UTC, so each time is shifted by the zone's offset). Loaded only by screens that draw a chart
// (React.lazy on this module), so lightweight-charts stays out of every other page. A game passes its
// open positions' lines (entry, liquidation, take-profit, stop-loss), drawn as the library's price lines.
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  LineStyle,
  createChart,
  type IPriceLine,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Candle, CandleInterval } from '@tradeflip/api';
import { marketSocket } from '@/lib/live/market-socket';
import { useUpColor } from '@/lib/up-colors';
import { paceCandles } from './candle-pace';
import { chartPriceFormat, chartTickLabel, chartTimeLabel } from './chart-price';
import { getCandles } from './get-candles';
import './market-chart.css';

export interface MarketChartProps {
  symbol: string;
  /** '1s' draws the time-share line; the others draw candles. */
  interval: CandleInterval;
  /** The pair's price decimals (the precision map). */
  priceDp: number;
  /** For the chart's accessible name, e.g. "BTC/USDT". */
  pairLabel: string;
  /** Accessible name of the interval, e.g. "Time" or "1m". */
  intervalLabel: string;
  /** Horizontal lines at a price: a game's open positions' entry, liquidation, TP and SL. */
  priceLines?: { id: string; kind: PriceLineKind; price: string; title: string }[];
}

export type PriceLineKind = 'entry' | 'liquidation' | 'take_profit' | 'stop_loss';

/** Each kind's colour (CSS variable) and dash. */
const LINE_STYLE: Record<PriceLineKind, { color: [string, string]; style: LineStyle }> = {
  entry: { color: ['--tf-accent', '#209cff'], style: LineStyle.Solid },
  liquidation: { color: ['--tf-warning', '#ffb23e'], style: LineStyle.Dashed },
  take_profit: { color: ['--tf-up', '#16c784'], style: LineStyle.Dotted },
  stop_loss: { color: ['--tf-down', '#ff5468'], style: LineStyle.Dotted },
};

/** How much history each view loads: 15 minutes of seconds, or 300 candles. */
const HISTORY: Record<CandleInterval, number> = { '1s': 900, '1m': 300, '5m': 300, '15m': 300 };

type Status = 'loading' | 'ready' | 'failed';

/** What counts as touching the chart: it then follows every push for a while (candle-pace.ts). */
const TOUCHES = ['pointerdown', 'pointermove', 'wheel'] as const;

/** Series whose chart was removed (its price lines went with it). */
const removed = new WeakSet<object>();

/** Epoch ms to the library's seconds, shifted so its UTC axis reads as local time. */
function chartTime(ms: number): UTCTimestamp {
  const offsetMinutes = new Date(ms).getTimezoneOffset();
  return Math.floor(ms / 1000 - offsetMinutes * 60) as UTCTimestamp;
}

function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

function toBar(candle: Candle, line: boolean) {
  const time = chartTime(candle.time);
  if (line) return { time, value: Number(candle.close) };
  return {
    time,
    open: Number(candle.open),
    high: Number(candle.high),
    low: Number(candle.low),
    close: Number(candle.close),
  };
}

export function MarketChart({
  symbol,
  interval,
  priceDp,
  pairLabel,
  intervalLabel,
  priceLines = [],
}: MarketChartProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const upColor = useUpColor();
  const container = useRef<HTMLDivElement>(null);
  const [series, setSeries] = useState<ISeriesApi<'Area'> | ISeriesApi<'Candlestick'> | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);
  const line = interval === '1s';

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let chart: IChartApi | undefined;
    let series: ISeriesApi<'Area'> | ISeriesApi<'Candlestick'> | undefined;
    // The chart is made once its history is in, so its first paint is the drawn chart (one paint of
    // the canvases, not an empty frame and then the candles).
    const create = () => {
      const up = cssColor('--tf-up', '#16c784');
      const down = cssColor('--tf-down', '#ff5468');
      const text = cssColor('--tf-text-3', '#6b7a96');
      // The theme's --tf-line is in a syntax the library does not parse: the same colour, spelt out.
      const grid = 'rgba(148, 170, 210, 0.08)';
      const made: IChartApi = createChart(element, {
        autoSize: true,
        layout: {
          background: { type: ColorType.Solid, color: 'transparent' },
          textColor: text,
          fontSize: 11,
          fontFamily: getComputedStyle(element).fontFamily,
        },
        // The app's language for the axis's month and day names, the app's date format on the crosshair.
        localization: { locale: language, timeFormatter: (time: number) => chartTimeLabel(time, line) },
        grid: { vertLines: { color: grid }, horzLines: { color: grid } },
        rightPriceScale: { borderVisible: false },
        // Nothing lies before the first bar: no scrolling there, and (the library's rule for a fixed
        // edge) the first time label is drawn whole, not cut at the chart's edge ("3:08:13").
        timeScale: {
          borderVisible: false,
          timeVisible: true,
          secondsVisible: line,
          fixLeftEdge: true,
          tickMarkFormatter: chartTickLabel,
        },
        crosshair: { mode: 0 },
        handleScale: { axisPressedMouseMove: false },
      });
      const priceFormat = chartPriceFormat(priceDp);
      const added: ISeriesApi<'Area'> | ISeriesApi<'Candlestick'> = line
        ? made.addSeries(AreaSeries, {
            lineColor: cssColor('--tf-accent', '#209cff'),
            topColor: 'rgba(32, 156, 255, 0.28)',
            bottomColor: 'rgba(32, 156, 255, 0.02)',
            lineWidth: 2,
            priceFormat,
          })
        : made.addSeries(CandlestickSeries, {
            upColor: up,
            downColor: down,
            wickUpColor: up,
            wickDownColor: down,
            borderVisible: false,
            priceFormat,
          });
      chart = made;
      series = added;
      setSeries(added);
      return { made, added };
    };

    let lastTime = 0;
    let loaded = false;
    const pending: Candle[] = [];
    const draw = (candle: Candle) => {
      const bar = toBar(candle, line);
      if (!series || bar.time < lastTime) return; // an older push after a newer one: candles only move forward
      lastTime = bar.time;
      (series as ISeriesApi<'Candlestick'>).update(bar as never);
    };
    // The pushes, drawn about once a second unless the chart is touched (candle-pace.ts).
    const pace = paceCandles((candles) => {
      for (const candle of candles) draw(candle);
    });
    const touch = () => pace.touch();
    for (const type of TOUCHES) element.addEventListener(type, touch, { passive: true });
    // Pushes that arrive before the history are drawn once it is in. After a reconnect or a missed
    // frame (`resync`) the history is loaded again, so no candle stays wrong.
    const stop = marketSocket.subscribe({ channel: 'candles', symbol, interval }, (message) => {
      if (message.type === 'resync') {
        loaded = false;
        void loadHistory();
      }
      if (message.type !== 'candle') return;
      if (loaded) pace.push(message.candle);
      else pending.push(message.candle);
    });

    const controller = new AbortController();
    setStatus('loading');
    const loadHistory = () =>
      getCandles({ symbol, interval, limit: HISTORY[interval] }, controller.signal)
        .then(({ list }) => {
          // The screen left (or the view changed) while the history came: no chart for it.
          if (controller.signal.aborted) return;
          const { made, added } = chart && series ? { made: chart, added: series } : create();
          const bars = list.map((candle) => toBar(candle, line));
          (added as ISeriesApi<'Candlestick'>).setData(bars as never);
          lastTime = bars.at(-1)?.time ?? 0;
          loaded = true;
          for (const candle of pending.splice(0)) draw(candle);
          made.timeScale().scrollToRealTime();
          setStatus('ready');
        })
        .catch(() => {
          if (!controller.signal.aborted) setStatus('failed');
        });
    void loadHistory();

    return () => {
      controller.abort();
      stop();
      pace.stop();
      for (const type of TOUCHES) element.removeEventListener(type, touch);
      setSeries(null);
      if (series) removed.add(series);
      chart?.remove();
    };
    // upColor: the colours are read from CSS, which the choice swaps; redraw with them. language: the
    // axis's and crosshair's words.
  }, [symbol, interval, priceDp, line, attempt, upColor, language]);

  // The lines, redrawn when they change (a position opened, closed, its targets moved).
  const linesKey = priceLines.map((l) => `${l.kind}:${l.price}:${l.title}`).join('|');
  useEffect(() => {
    if (!series) return;
    const drawn: IPriceLine[] = priceLines.map((line) =>
      series.createPriceLine({
        // lightweight-charts places lines by number (as its candles); its axis label is drawn with the
        // pair's decimals, and the exact price stays in the position's own figures.
        price: Number(line.price),
        color: cssColor(...LINE_STYLE[line.kind].color),
        lineStyle: LINE_STYLE[line.kind].style,
        lineWidth: 1,
        axisLabelVisible: true,
        title: line.title,
      }),
    );
    return () => {
      // A removed chart took its lines with it; touching its series then throws in a later frame.
      if (removed.has(series)) return;
      for (const line of drawn) series.removePriceLine(line);
    };
    // linesKey stands for priceLines' content (a new array every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [series, linesKey]);

  return (
    <div
      className="market-chart"
      data-testid="market-chart"
      data-status={status}
      data-interval={interval}
      data-price-lines={priceLines.map((l) => `${l.kind}:${l.price}`).join(' ')}
      // The labels the lines carry on the price axis (drawn on the canvas).
      data-price-line-titles={priceLines.map((l) => l.title).join(' | ')}
    >
      <div
        ref={container}
        className="market-chart__canvas"
        role="img"
        aria-label={t('chart.label', { pair: pairLabel, interval: intervalLabel })}
      />
      {status === 'loading' && (
        <div className="market-chart__overlay" role="status">
          <span className="market-chart__shimmer" />
          <span className="market-chart__hidden">{t('chart.loading')}</span>
        </div>
      )}
      {status === 'failed' && (
        <div className="market-chart__overlay" role="alert" data-testid="market-chart-error">
          <p>{t('chart.failed')}</p>
          <button type="button" className="btn btn--ghost" onClick={() => setAttempt((n) => n + 1)}>
            {t('chart.retry')}
          </button>
        </div>
      )}
    </div>
  );
}

// Drawn again only when its props change: a page that re-renders at every tick leaves it be (the
// candles channel moves it).
export default memo(MarketChart);
