import { describe, expect, it } from 'vitest';
import { Decimal, formatAmount, formatPrice, plainDecimal } from './index';

describe('display rounding', () => {
  it('rounds prices half-up with the default of 4 decimals', () => {
    expect(formatPrice('1.23455')).toBe('1.2346');
    expect(formatPrice('1.23454')).toBe('1.2345');
    expect(formatPrice('-1.23455')).toBe('-1.2346');
    expect(formatPrice('0')).toBe('0.0000');
  });

  it('truncates amounts with the default of 6 decimals', () => {
    expect(formatAmount('1.9999999')).toBe('1.999999');
    expect(formatAmount('-0.0000001')).toBe('0.000000');
    expect(formatAmount('123456789012345678901234567890.123456789', 2)).toBe(
      '123456789012345678901234567890.12',
    );
    expect(formatAmount('0.000000000000000001', 18)).toBe('0.000000000000000001');
  });
});

describe('plain decimals', () => {
  it('drops trailing zeros and never uses an exponent', () => {
    expect(plainDecimal('12.500000000000000000')).toBe('12.5');
    expect(plainDecimal('0.000000000000000001')).toBe('0.000000000000000001');
    expect(plainDecimal('-0')).toBe('0');
    expect(plainDecimal(new Decimal('1e21'))).toBe('1000000000000000000000');
  });
});
