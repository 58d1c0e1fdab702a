import { describe, expect, it } from 'vitest';
import { TickMarkType } from 'lightweight-charts';
import { chartPriceFormat, chartTickLabel, chartTimeLabel } from './chart-price';

describe('chartPriceFormat', () => {
  it('labels prices as the game writes them: grouped, in the pair’s decimals', () => {
    expect(chartPriceFormat(2).formatter(66000)).toBe('66,000.00');
    expect(chartPriceFormat(2).formatter(61234.5)).toBe('61,234.50');
    expect(chartPriceFormat(5).formatter(0.15279)).toBe('0.15279');
    expect(chartPriceFormat(2).formatter(1234567.891)).toBe('1,234,567.89');
    expect(chartPriceFormat(0).formatter(999.6)).toBe('1,000');
    expect(chartPriceFormat(2).formatter(-1234.5)).toBe('-1,234.50');
    expect(chartPriceFormat(2).formatter(12.3)).toBe('12.30');
    expect(chartPriceFormat(2).minMove).toBe(0.01);
  });
});

describe('chartTimeLabel', () => {
  it('writes the crosshair’s time as the app writes dates, whatever the browser’s language', () => {
    // 2026-11-25 23:19:07 as the library holds it (local time read as UTC).
    const time = Date.UTC(2026, 10, 25, 23, 19, 7) / 1000;
    expect(chartTimeLabel(time, false)).toBe('2026-11-25 23:19');
    expect(chartTimeLabel(time, true)).toBe('2026-11-25 23:19:07');
  });
});

describe('chartTickLabel', () => {
  // 2026-11-25 23:19:07 as the library holds it (local time read as UTC).
  const time = Date.UTC(2026, 10, 25, 23, 19, 7) / 1000;
  it('labels the time axis as the library does, in the app’s language', () => {
    const en = (kind: TickMarkType) => chartTickLabel(time as never, kind, 'en-US');
    expect(en(TickMarkType.Time)).toBe('23:19');
    expect(en(TickMarkType.TimeWithSeconds)).toBe('23:19:07');
    expect(en(TickMarkType.DayOfMonth)).toBe('25');
    expect(en(TickMarkType.Month)).toBe('Nov');
    expect(en(TickMarkType.Year)).toBe('2026');
    const zh = (kind: TickMarkType) => chartTickLabel(time as never, kind, 'zh-CN');
    expect(zh(TickMarkType.Month)).toBe('11月');
    expect(zh(TickMarkType.DayOfMonth)).toBe('25日');
    expect(zh(TickMarkType.Time)).toBe('23:19');
  });

  it('writes midnight as 00:00', () => {
    const midnight = Date.UTC(2026, 10, 26, 0, 0, 0) / 1000;
    expect(chartTickLabel(midnight as never, TickMarkType.Time, 'en-US')).toBe('00:00');
    expect(chartTickLabel(midnight as never, TickMarkType.TimeWithSeconds, 'zh-CN')).toBe('00:00:00');
  });

  it('writes what the library would for each mark', () => {
    for (const locale of ['en-US', 'zh-CN']) {
      for (const kind of [0, 1, 2, 3, 4] as TickMarkType[]) {
        const options = [
          { year: 'numeric' },
          { month: 'short' },
          { day: 'numeric' },
          { hour12: false, hour: '2-digit', minute: '2-digit' },
          { hour12: false, hour: '2-digit', minute: '2-digit', second: '2-digit' },
        ][kind] as Intl.DateTimeFormatOptions;
        const date = new Date(time * 1000);
        const local = new Date(
          date.getUTCFullYear(),
          date.getUTCMonth(),
          date.getUTCDate(),
          date.getUTCHours(),
          date.getUTCMinutes(),
          date.getUTCSeconds(),
        );
        expect(chartTickLabel(time as never, kind, locale)).toBe(local.toLocaleString(locale, options));
      }
    }
  });
});
