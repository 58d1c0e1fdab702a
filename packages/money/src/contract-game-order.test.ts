import { describe, expect, it } from 'vitest';
import { maxOpenMargin, validateOpen, type OpenInput, type OpenTerms } from './contract-game-order';

// A pair like the seeded BTCUSDT: fee 0.05 % of the notional, 6 amount and 2 price decimals.
const pair: OpenTerms = {
  maxLeverage: 1000,
  minMargin: '1',
  maxMargin: '10000',
  openFeeRate: '0.0005',
  mmr: '0.0005',
  priceDp: 2,
  amountDp: 6,
  marginToken: 'USDT',
};
const order = (input: OpenInput): OpenInput => ({ side: 'long', margin: '100', leverage: 10, ...input });
const problemOf = (input: OpenInput, context?: Parameters<typeof validateOpen>[2], terms = pair) => {
  const check = validateOpen(order(input), terms, context);
  return check.ok ? undefined : check.problem;
};

describe('validateOpen', () => {
  it('passes a good order with its fee and cost: 100 × 10 → fee 1000·0.0005 = 0.5, cost 100.5', () => {
    const check = validateOpen(order({}), pair, { available: '100.5', price: '60000' });
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.order.fee.toFixed()).toBe('0.5');
    expect(check.order.cost.toFixed()).toBe('100.5');
    expect(check.order.leverage).toBe(10);
  });

  it('asks for the margin first', () => {
    expect(problemOf({ margin: '' })).toMatchObject({ field: 'margin', key: 'game.marginRequired' });
    expect(problemOf({ margin: '  ', leverage: 5000 })).toMatchObject({ key: 'game.marginRequired' });
  });

  it('refuses a missing side', () => {
    expect(problemOf({ side: 'up' })).toMatchObject({ field: 'side', key: 'game.sideRequired' });
  });

  it.each([5000, 0, 1001, -1, 10.5, '10.5', '0x0A', '1e1', '+10', ' 10 ', '', 'abc', ['2'], null])(
    'refuses leverage %j, naming 1 to the pair’s maximum',
    (leverage) => {
      expect(problemOf({ leverage })).toEqual({
        field: 'leverage',
        key: 'game.leverageRange',
        reason: 'validation',
        vars: { max: 1000 },
      });
    },
  );

  it('takes leverage as a whole number or digits', () => {
    expect(problemOf({ leverage: '25' })).toBeUndefined();
    expect(problemOf({ leverage: 1000 })).toBeUndefined();
    expect(problemOf({ leverage: 1 })).toBeUndefined();
  });

  it.each(['abc', '-5', '1.1234567', '0', '0.000000', '1e3', '1,5', '.5', '5.'])(
    'refuses margin %j as an invalid amount or precision (6 decimals)',
    (margin) => {
      expect(problemOf({ margin })).toEqual({
        field: 'margin',
        key: 'game.amountInvalid',
        reason: 'validation',
        vars: { n: 6 },
      });
    },
  );

  it('checks leverage before the amount (the spec’s order)', () => {
    expect(problemOf({ margin: 'abc', leverage: 0 })).toMatchObject({ field: 'leverage' });
  });

  it('keeps the margin within the pair’s range', () => {
    const range = {
      field: 'margin',
      key: 'game.marginRange',
      vars: { min: '1', max: '10000', token: 'USDT' },
    };
    expect(problemOf({ margin: '0.999999' })).toMatchObject(range);
    expect(problemOf({ margin: '10000.000001' })).toMatchObject(range);
    expect(problemOf({ margin: '1' })).toBeUndefined();
    expect(problemOf({ margin: '10000' })).toBeUndefined();
  });

  it('refuses target prices that are not plain prices of the pair’s decimals', () => {
    expect(problemOf({ takeProfit: 'abc' })).toMatchObject({ field: 'takeProfit', key: 'game.priceInvalid' });
    expect(problemOf({ stopLoss: '1.234' })).toMatchObject({ field: 'stopLoss', key: 'game.priceInvalid' });
    expect(problemOf({ takeProfit: '0' })).toMatchObject({ field: 'takeProfit', key: 'game.priceInvalid' });
    expect(problemOf({ takeProfit: '1'.repeat(21) })).toMatchObject({ key: 'game.priceInvalid' });
    expect(problemOf({ takeProfit: '1'.repeat(20) })).toBeUndefined();
  });

  it('with the balance: insufficient balance below the margin, insufficient fee below margin + fee', () => {
    expect(problemOf({ margin: '11', leverage: 1 }, { available: '10' })).toEqual({
      field: 'margin',
      key: 'errors.insufficientBalance',
      reason: 'insufficient_balance',
    });
    // 10 × 100: fee 1000 · 0.0005 = 0.5; 10 + 0.5 > 10.
    expect(problemOf({ margin: '10', leverage: 100 }, { available: '10' })).toEqual({
      field: 'margin',
      key: 'game.insufficientFee',
      reason: 'insufficient_fee',
      vars: { fee: '0.5', token: 'USDT' },
    });
    // 9.5 × 100: fee 0.475, cost 9.975 ≤ 10.
    expect(problemOf({ margin: '9.5', leverage: 100 }, { available: '10' })).toBeUndefined();
  });

  it('refuses a leverage liquidatable at once, naming the highest that works (1/0.005 → 199)', () => {
    expect(problemOf({ leverage: 200 }, {}, { ...pair, mmr: '0.005' })).toMatchObject({
      field: 'leverage',
      key: 'game.leverageTooHigh',
      vars: { max: 199 },
    });
  });

  it('with the price: a take-profit above a long’s entry, a stop-loss below (reversed for a short)', () => {
    const at = { price: '60000' };
    expect(problemOf({ takeProfit: '59000' }, at)).toMatchObject({ key: 'game.takeProfitInvalid' });
    expect(problemOf({ stopLoss: '61000' }, at)).toMatchObject({ key: 'game.stopLossInvalid' });
    expect(problemOf({ takeProfit: '61000', stopLoss: '59000' }, at)).toBeUndefined();
    expect(problemOf({ side: 'short', takeProfit: '61000' }, at)).toMatchObject({
      key: 'game.takeProfitInvalid',
    });
    expect(problemOf({ side: 'short', takeProfit: '59000', stopLoss: '61000' }, at)).toBeUndefined();
  });
});

describe('maxOpenMargin', () => {
  it('is the largest margin whose cost fits: 10 / (1 + 100·0.0005) = 9.523809…, cost 9.999999', () => {
    expect(maxOpenMargin('10', 100, pair).toFixed()).toBe('9.523809');
    expect(maxOpenMargin('10', 1, pair).toFixed()).toBe('9.995002'); // 10/1.0005 = 9.99500249…
  });

  it('steps down when the fee’s half-up rounding would overshoot', () => {
    // 0 decimals, fee 50 %: 4.9/1.5 = 3.27 → 3, fee 1.5 → 2, cost 5 > 4.9; so 2 (fee 1, cost 3).
    const terms = { openFeeRate: '0.005', amountDp: 0, maxMargin: '1000' };
    expect(maxOpenMargin('4.9', 100, terms).toFixed()).toBe('2');
  });

  it('stays within the pair’s maximum and is zero without a balance', () => {
    expect(maxOpenMargin('1000000', 10, pair).toFixed()).toBe('10000');
    expect(maxOpenMargin('0', 10, pair).toFixed()).toBe('0');
  });
});
