// The chart's price labels (its scale, its last-price and position lines) as the rest of the game
// writes prices: the pair's decimals with the thousands grouped (60,000.00, not 60000.00); and its
// crosshair's time as the app writes times (2026-11-25 23:19), not in the browser's language.
import { formatDateTime } from '@/lib/format-time';

export function chartPriceFormat(priceDp: number) {
  const format = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: priceDp,
    maximumFractionDigits: priceDp,
  });
  return {
    type: 'custom' as const,
    minMove: 10 ** -priceDp,
    formatter: (price: number) => format.format(price),
  };
}

/**
 * The crosshair's time label: the app's date format (lib/format-time), to the minute, or the second on
 * the time-share line. `time` is the library's seconds, already shifted to local time (read as UTC).
 */
export function chartTimeLabel(time: number, seconds: boolean): string {
  return formatDateTime(time * 1000, { utc: true, minutes: !seconds });
}
