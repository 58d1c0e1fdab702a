import { describe, expect, it } from 'vitest';
import { targetsResolver, type TargetValues } from './targets-form';

const resolve = (values: TargetValues, side: 'long' | 'short' = 'long') =>
  targetsResolver(side, '61200', 2)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('targetsResolver', () => {
  it('gives what Save sends: a price, or null to clear it', async () => {
    expect(await resolve({ takeProfit: ' 66000 ', stopLoss: '' })).toEqual({
      values: { takeProfit: '66000', stopLoss: null },
      errors: {},
    });
  });

  it('refuses both fields at once: a malformed price, then the wrong side of the current price', async () => {
    expect((await resolve({ takeProfit: '61000', stopLoss: '61300' })).errors).toEqual({
      takeProfit: { type: 'validate', message: 'game.takeProfitVsPrice' },
      stopLoss: { type: 'validate', message: 'game.stopLossVsPrice' },
    });
    expect((await resolve({ takeProfit: '1.234', stopLoss: '0' })).errors).toEqual({
      takeProfit: { type: 'validate', message: 'game.priceInvalid' },
      stopLoss: { type: 'validate', message: 'game.priceInvalid' },
    });
    // A short's take-profit is below the price.
    expect((await resolve({ takeProfit: '60000', stopLoss: '' }, 'short')).errors).toEqual({});
  });
});
