import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from './decimal';
import { formatNumber } from './display';
import { compareDecimal, formatChangeExact, formatPriceExact, roundDecimal } from './exact';

const decimalText = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.integer({ min: 0, max: 10 }))
  .map(([negative, units, scale]) => {
    const digits = units.toString().padStart(scale + 1, '0');
    const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
    return negative ? `-${text}` : text;
  });

describe('exact decimals on strings', () => {
  it('round half-up like decimal.js', () => {
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 0, max: 8 }), (text, dp) => {
        const expected = new Decimal(text).toFixed(dp, Decimal.ROUND_HALF_UP);
        expect(roundDecimal(text, dp)).toBe(expected.replace(/^-(?=[0.]+$)/, ''));
      }),
    );
    expect(roundDecimal('87123.455', 2)).toBe('87123.46');
    expect(roundDecimal('-0.004', 2)).toBe('0.00');
    expect(roundDecimal('abc', 2)).toBeNull();
  });

  it('compare like decimal.js', () => {
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        expect(compareDecimal(a, b)).toBe(new Decimal(a).comparedTo(new Decimal(b)));
      }),
    );
  });

  it('write prices and changes as formatNumber does', () => {
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 0, max: 8 }), (text, dp) => {
        expect(formatPriceExact(text, dp)).toBe(formatNumber(text, 'price', { dp, fixed: true }));
        expect(formatChangeExact(text)).toBe(formatNumber(text, 'percent', { signed: true }));
      }),
    );
    expect(formatPriceExact('87123.4', 2)).toBe('87,123.40');
    expect(formatChangeExact('-0.004')).toBe('0.00%');
    expect(formatPriceExact('nope', 2)).toBe('--');
  });
});
