import { describe, expect, it } from 'vitest';
import { chartPriceFormat } from './chart-price';

describe('chartPriceFormat', () => {
  it('labels prices as the game writes them: grouped, in the pair’s decimals', () => {
    expect(chartPriceFormat(2).formatter(66000)).toBe('66,000.00');
    expect(chartPriceFormat(2).formatter(61234.5)).toBe('61,234.50');
    expect(chartPriceFormat(5).formatter(0.15279)).toBe('0.15279');
    expect(chartPriceFormat(2).minMove).toBe(0.01);
  });
});
