import { describe, expect, it } from 'vitest';
import { playerPrice, tradeOf } from './player-price';

describe('the price of a moment the player chooses', () => {
  it('is the worse for the player of the mark and the newest trade', () => {
    // The market stepped up: a buyer pays the new price, a seller gets the mark.
    expect(playerPrice('buy', '100', '100.1')?.toFixed()).toBe('100.1');
    expect(playerPrice('sell', '100', '100.1')?.toFixed()).toBe('100');
    // It stepped down: a buyer pays the mark, a seller gets the new price.
    expect(playerPrice('buy', '100', '99.7')?.toFixed()).toBe('100');
    expect(playerPrice('sell', '100', '99.7')?.toFixed()).toBe('99.7');
    // Before any trade, the mark.
    expect(playerPrice('buy', '100')?.toFixed()).toBe('100');
  });

  it('is none while the newest trade lies beyond the band from the mark, either way', () => {
    expect(playerPrice('buy', '100', '100.5', '0.005')?.toFixed()).toBe('100.5');
    expect(playerPrice('sell', '100', '99.5', '0.005')?.toFixed()).toBe('99.5');
    for (const trade of ['buy', 'sell'] as const) {
      expect(playerPrice(trade, '100', '100.51', '0.005')).toBeUndefined();
      expect(playerPrice(trade, '100', '99.49', '0.005')).toBeUndefined();
      // One bad print (far off) prices nothing.
      expect(playerPrice(trade, '100', '1', '0.005')).toBeUndefined();
    }
  });

  it('a long opens buying and closes selling, a short the other way', () => {
    expect([tradeOf('long', 'open'), tradeOf('long', 'close')]).toEqual(['buy', 'sell']);
    expect([tradeOf('short', 'open'), tradeOf('short', 'close')]).toEqual(['sell', 'buy']);
  });
});
