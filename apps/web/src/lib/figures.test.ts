// The precision rule per kind of figure (issue 32): one reading of a figure on every screen.
import { describe, expect, it } from 'vitest';
import { amountText, changeText, compactAmount, priceText, returnText, valueText } from './figures';

describe('figures', () => {
  it('token amounts: truncated to the token’s decimals, never rounded up, trailing zeros trimmed', () => {
    expect(amountText('100', 6)).toBe('100');
    expect(amountText('1234.5678919', 6)).toBe('1,234.567891');
    expect(amountText('0.19999999', 2)).toBe('0.19');
    expect(amountText('5', 6, { hidden: true })).toBe('****');
  });

  it('a PnL or a fee: signed, a loss never shown smaller than it is truncated toward zero', () => {
    expect(changeText('0.132766', 6)).toBe('+0.132766');
    expect(changeText('-0.3667249', 6)).toBe('-0.366724');
    expect(changeText('0', 6)).toBe('0');
  });

  it('values, prices and returns', () => {
    expect(valueText('1017.999')).toBe('1,017.99');
    expect(valueText('3.5', { signed: true })).toBe('+3.50');
    expect(priceText('3000', 2)).toBe('3,000.00');
    expect(returnText('0.1899')).toBe('+18.99%');
    expect(returnText('-0.0023')).toBe('-0.23%');
    expect(returnText(null)).toBe('--');
    expect(compactAmount('12.345678')).toBe('12.34');
  });
});
