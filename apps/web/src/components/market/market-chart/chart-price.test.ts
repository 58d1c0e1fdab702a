import { describe, expect, it } from 'vitest';
import { chartPriceFormat, chartTimeLabel } from './chart-price';

describe('chartPriceFormat', () => {
  it('labels prices as the game writes them: grouped, in the pair’s decimals', () => {
    expect(chartPriceFormat(2).formatter(66000)).toBe('66,000.00');
    expect(chartPriceFormat(2).formatter(61234.5)).toBe('61,234.50');
    expect(chartPriceFormat(5).formatter(0.15279)).toBe('0.15279');
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
