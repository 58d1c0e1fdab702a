import { describe, expect, it } from 'vitest';
import { Decimal, formatAmount, formatNumber, formatPrice, groupDigits } from './index';

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

describe('formatNumber: the one way a number is shown (issue 9)', () => {
  it('groups the whole part in threes and leaves the fraction alone', () => {
    expect(groupDigits('1234567.123456')).toBe('1,234,567.123456');
    expect(groupDigits('-1000')).toBe('-1,000');
    expect(groupDigits('999')).toBe('999');
    expect(groupDigits('0.0001234')).toBe('0.0001234');
  });

  it('truncates amounts to the token decimals, then trims trailing zeros', () => {
    expect(formatNumber('525.000000', 'amount', { dp: 6 })).toBe('525');
    expect(formatNumber('0', 'amount', { dp: 6 })).toBe('0');
    expect(formatNumber('0', 'amount', { dp: 0 })).toBe('0');
    expect(formatNumber('1.000000', 'amount')).toBe('1');
    expect(formatNumber('12.50', 'amount', { dp: 6 })).toBe('12.5');
    expect(formatNumber('1234567.8912345', 'amount', { dp: 6 })).toBe('1,234,567.891234');
    expect(formatNumber('0.9999999', 'amount')).toBe('0.999999');
    expect(formatNumber('2.99', 'amount', { dp: 1 })).toBe('2.9');
    expect(formatNumber('0.000000000000000001', 'amount', { dp: 18 })).toBe('0.000000000000000001');
  });

  it('rounds prices half-up to the symbol decimals, then trims trailing zeros', () => {
    expect(formatNumber('65000.125', 'price', { dp: 2 })).toBe('65,000.13');
    expect(formatNumber('65000.10', 'price', { dp: 2 })).toBe('65,000.1');
    expect(formatNumber('1.99995', 'price')).toBe('2');
    expect(formatNumber('-2.5', 'price', { dp: 0 })).toBe('-3');
  });

  it('keeps a game price at its pair decimals when asked (fixed): the width never jumps per tick', () => {
    expect(formatNumber('60000', 'price', { dp: 2, fixed: true })).toBe('60,000.00');
    expect(formatNumber('60000.5', 'price', { dp: 2, fixed: true })).toBe('60,000.50');
    expect(formatNumber('0.123456', 'price', { dp: 4, fixed: true })).toBe('0.1235');
    expect(formatNumber('12.5', 'amount', { dp: 6, fixed: true })).toBe('12.500000');
  });

  it('shows approximate USDT values with exactly 2 decimals, truncated', () => {
    expect(formatNumber('432.075', 'usdt')).toBe('432.07');
    expect(formatNumber('0.009', 'usdt')).toBe('0.00');
    expect(formatNumber('525', 'usdt')).toBe('525.00');
    expect(formatNumber('1000000', 'usdt')).toBe('1,000,000.00');
  });

  it('shows percentages rounded half-up to 2 decimals with the sign asked for', () => {
    expect(formatNumber('12.345', 'percent')).toBe('12.35%');
    expect(formatNumber('12.345', 'percent', { signed: true })).toBe('+12.35%');
    expect(formatNumber('-0.004', 'percent', { signed: true })).toBe('0.00%');
    expect(formatNumber('-3.5', 'percent')).toBe('-3.50%');
  });

  it('signs changes: + for credits, - for debits, none for a zero', () => {
    expect(formatNumber('25', 'amount', { dp: 2, signed: true })).toBe('+25');
    expect(formatNumber('-3.999', 'amount', { dp: 2, signed: true })).toBe('-3.99');
    expect(formatNumber('0', 'amount', { signed: true })).toBe('0');
    expect(formatNumber('0.001', 'amount', { dp: 2, signed: true })).toBe('0');
    expect(formatNumber('-0.001', 'amount', { dp: 2, signed: true })).toBe('0');
  });

  it('masks every kind when balances are hidden, and shows -- for what is not a number', () => {
    for (const kind of ['amount', 'price', 'usdt', 'percent'] as const) {
      expect(formatNumber('12', kind, { hidden: true })).toBe('****');
      for (const bad of [null, undefined, '', 'abc', '1.2.3', 'NaN', 'Infinity']) {
        expect(formatNumber(bad, kind)).toBe('--');
      }
    }
    expect(formatNumber(new Decimal('5.55'), 'amount', { dp: 1 })).toBe('5.5');
  });
});
