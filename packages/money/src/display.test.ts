import { describe, expect, it } from 'vitest';
import {
  Decimal,
  displayAmount,
  displayPrice,
  displaySignedAmount,
  displayValuation,
  formatAmount,
  formatPrice,
  groupDigits,
} from './index';

describe('amounts truncate toward zero (spec §5)', () => {
  it('never shows a holding larger than it is', () => {
    expect(formatAmount('0.9999999')).toBe('0.999999');
    expect(formatAmount('2.5', 0)).toBe('2');
    expect(formatAmount('432.075', 2)).toBe('432.07');
  });

  it('truncates negatives toward zero and drops the sign of a zero', () => {
    expect(formatAmount('-1.2345679', 6)).toBe('-1.234567');
    expect(formatAmount('-0.0000009')).toBe('0.000000');
    expect(formatAmount('-0', 2)).toBe('0.00');
  });

  it('pads zero and whole numbers to the decimals', () => {
    expect(formatAmount('0')).toBe('0.000000');
    expect(formatAmount('7', 2)).toBe('7.00');
  });

  it('keeps every digit of huge values (no float on the way)', () => {
    expect(formatAmount('99999999999999999999.999999999999999999', 6)).toBe('99999999999999999999.999999');
    expect(formatAmount('12345678901234567890.5', 0)).toBe('12345678901234567890');
  });

  it('shows tiny values and all 18 decimals of an 18-decimal token', () => {
    expect(formatAmount('0.000000000000000001', 18)).toBe('0.000000000000000001');
    expect(formatAmount('0.000000000000000001', 17)).toBe('0.00000000000000000');
    expect(formatAmount('1.123456789012345678', 18)).toBe('1.123456789012345678');
    expect(formatAmount('1e-18', 18)).toBe('0.000000000000000001');
  });
});

describe('prices round half-up (spec §5)', () => {
  it('rounds a half away from zero, both signs', () => {
    expect(formatPrice('2.5', 0)).toBe('3');
    expect(formatPrice('-2.5', 0)).toBe('-3');
    expect(formatPrice('65000.125', 2)).toBe('65000.13');
    expect(formatPrice('0.00005')).toBe('0.0001');
    expect(formatPrice('0.00004999')).toBe('0.0000');
  });

  it('handles huge and 18-decimal prices exactly', () => {
    expect(formatPrice('123456789012345678901234.5', 0)).toBe('123456789012345678901235');
    expect(formatPrice('0.0000000000000000015', 18)).toBe('0.000000000000000002');
  });

  it('defaults to 4 decimals for prices and 6 for amounts', () => {
    expect(formatPrice('1')).toBe('1.0000');
    expect(formatAmount('1')).toBe('1.000000');
  });
});

describe('display helpers', () => {
  it('groups the whole part in threes and leaves the fraction alone', () => {
    expect(groupDigits('1234567.123456')).toBe('1,234,567.123456');
    expect(groupDigits('-1000')).toBe('-1,000');
    expect(groupDigits('999')).toBe('999');
    expect(groupDigits('0.0001234')).toBe('0.0001234');
  });

  it('shows amounts and prices grouped, with a placeholder for missing or invalid values', () => {
    expect(displayAmount('1234567.8912345', 6)).toBe('1,234,567.891234');
    expect(displayPrice('65000.125', 2)).toBe('65,000.13');
    expect(displayAmount(new Decimal('5.55'), 1)).toBe('5.5');
    for (const bad of [null, undefined, '', 'abc', '1.2.3', 'NaN', 'Infinity']) {
      expect(displayAmount(bad)).toBe('--');
      expect(displayPrice(bad)).toBe('--');
    }
  });

  it('truncates approximate USDT values to 2 decimals', () => {
    expect(displayValuation('432.075')).toBe('432.07');
    expect(displayValuation('0.009')).toBe('0.00');
    expect(displayValuation('1000000')).toBe('1,000,000.00');
  });

  it('signs ledger changes: + for credits, - for debits, none for zero', () => {
    expect(displaySignedAmount('25', 2)).toBe('+25.00');
    expect(displaySignedAmount('-3.999', 2)).toBe('-3.99');
    expect(displaySignedAmount('0', 2)).toBe('0.00');
    expect(displaySignedAmount('0.001', 2)).toBe('0.00');
    expect(displaySignedAmount('-0.001', 2)).toBe('0.00');
    expect(displaySignedAmount('x')).toBe('--');
  });
});
