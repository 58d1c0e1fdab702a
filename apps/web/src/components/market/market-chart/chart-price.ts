// The chart's price labels (its scale, its last-price and position lines) as the rest of the game
// writes prices: the pair's decimals with the thousands grouped (60,000.00, not 60000.00); and its
// crosshair's time as the app writes times (2026-11-25 23:19), not in the browser's language.
import type { Time, TickMarkType } from 'lightweight-charts';
import { groupDigits } from '@tradeflip/money/exact';
import { formatDateTime } from '@/lib/format-time';

export function chartPriceFormat(priceDp: number) {
  return {
    type: 'custom' as const,
    minMove: 10 ** -priceDp,
    // Grouped here rather than by an Intl.NumberFormat: the page's only one, its set-up was about
    // 20 ms of the chart's first long task on a slow phone.
    formatter: (price: number) => groupDigits(price.toFixed(priceDp)),
  };
}

/**
 * The crosshair's time label: the app's date format (lib/format-time), to the minute, or the second on
 * the time-share line. `time` is the library's seconds, already shifted to local time (read as UTC).
 */
export function chartTimeLabel(time: number, seconds: boolean): string {
  return formatDateTime(time * 1000, { utc: true, minutes: !seconds });
}

/** The library's own options for the year, month and day marks. */
const DATE_TICKS: Intl.DateTimeFormatOptions[] = [
  { year: 'numeric' },
  { month: 'short' },
  { day: 'numeric' },
];
const dateTicks = new Map<string, Intl.DateTimeFormat>();
const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * The time axis's labels, written as the library writes them in both of the app's languages: the
 * library's own made a date format for every label at every paint (toLocaleString), about 70 ms of
 * the chart's first paint on a slow phone. The times of day (nearly every label) are written here
 * (23:19, 23:19:07), a year, month or day with one date format per kind and language. `time` is
 * already local time read as UTC.
 */
export function chartTickLabel(time: Time, kind: TickMarkType, locale: string): string | null {
  if (typeof time !== 'number') return null; // not a time this app draws: the library's
  const date = new Date(time * 1000);
  if (kind >= 3) {
    const minutes = `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}`;
    return kind === 3 ? minutes : `${minutes}:${twoDigits(date.getUTCSeconds())}`;
  }
  const options = DATE_TICKS[kind];
  if (!options) return null;
  const key = `${locale}|${kind}`;
  let format = dateTicks.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    dateTicks.set(key, format);
  }
  return format.format(date);
}
