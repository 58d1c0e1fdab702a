import { describe, expect, it } from 'vitest';
import { closePriceOf } from './position-figures';

describe('closePriceOf', () => {
  it('is the worse for the player of the mark and the newest trade, as the server closes', () => {
    // The newest trade 0.2 % below the mark: a long sells at it, a short buys at the mark.
    expect(closePriceOf('long', '60000', '59880')).toBe('59880');
    expect(closePriceOf('short', '60000', '59880')).toBe('60000');
    // Above: a short buys at it, a long sells at the mark.
    expect(closePriceOf('short', '60000', '60120')).toBe('60120');
    expect(closePriceOf('long', '60000', '60120')).toBe('60000');
    expect(closePriceOf('long', '60000', undefined)).toBe('60000');
    expect(closePriceOf('long', undefined, '60000')).toBeUndefined();
  });
});
