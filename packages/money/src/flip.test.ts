import { describe, expect, it } from 'vitest';
import {
  flipPnl,
  flipProfit,
  flipResult,
  flipRewardCap,
  flipStanding,
  validateFlip,
  type FlipTerms,
} from './flip';

const terms: FlipTerms = {
  durations: [30, 60, 180, 300],
  maxOpenPositions: 3,
  tokens: [
    { token: 'USDT', minStake: '1', maxStake: '1000', amountDp: 2, enabled: true },
    { token: 'BNB', minStake: '0.01', maxStake: '10', amountDp: 4, enabled: false },
  ],
  pairs: [
    { symbol: 'BTCUSDT', enabled: true, payoutRates: { '30': '0.85', '60': '0.9' } },
    { symbol: 'DOGEUSDT', enabled: false, payoutRates: { '30': '0.85' } },
  ],
};
const order = { symbol: 'BTCUSDT', direction: 'up', amount: '10', duration: 30, token: 'USDT' };
const keyOf = (input: Record<string, unknown>, context?: Parameters<typeof validateFlip>[2]) => {
  const check = validateFlip({ ...order, ...input }, terms, context);
  return check.ok ? 'ok' : `${check.problem.field}:${check.problem.key}`;
};

describe('validateFlip', () => {
  it('passes a good order with its stake, rate and the profit of a win', () => {
    const check = validateFlip({ ...order, direction: ' UP ', token: 'usdt', amount: '12.34' }, terms);
    expect(
      check.ok && {
        direction: check.order.direction,
        token: check.order.token,
        stake: check.order.stake.toFixed(),
        rate: check.order.payoutRate.toFixed(),
        profit: check.order.profit.toFixed(),
      },
    ).toEqual({ direction: 'up', token: 'USDT', stake: '12.34', rate: '0.85', profit: '10.48' });
  });

  it('refuses each of spec §5’s flip errors with its own key, on its field', () => {
    expect(keyOf({ direction: 'sideways' })).toBe('direction:flip.directionRequired');
    for (const amount of [undefined, '', '0', '0.00', '-5', ' ', 0, null])
      expect(keyOf({ amount }), String(amount)).toBe('amount:flip.amountPositive');
    // Text that is no plain amount is invalid, not "not above 0" (issue 18's red team).
    for (const amount of ['abc', '1e2', '+10', '.5', '10.', '1,000', '１０', 'NaN', '0x10'])
      expect(keyOf({ amount }), amount).toBe('amount:flip.amountInvalid');
    expect(keyOf({ amount: '1'.repeat(40) })).toBe('amount:flip.amountRange');
    expect(keyOf({ amount: ' 10 ', duration: ' 30 ' })).toBe('ok');
    expect(keyOf({ token: 'ETH' })).toBe('token:flip.tokenUnsupported');
    expect(keyOf({ token: 'BNB' })).toBe('token:flip.tokenUnsupported');
    expect(keyOf({ amount: '1.001' })).toBe('amount:flip.amountInvalid');
    expect(keyOf({ amount: '0.5' })).toBe('amount:flip.amountRange');
    expect(keyOf({ amount: '1000.01' })).toBe('amount:flip.amountRange');
    expect(keyOf({ symbol: 'DOGEUSDT' })).toBe('symbol:flip.pairUnavailable');
    expect(keyOf({ symbol: 'NOPE' })).toBe('symbol:flip.pairUnavailable');
    expect(keyOf({ duration: 45 })).toBe('duration:flip.durationUnsupported');
    expect(keyOf({ duration: '0x1e' })).toBe('duration:flip.durationUnsupported');
    expect(keyOf({ duration: 180 })).toBe('duration:flip.rateNotConfigured');
    expect(keyOf({}, { openCount: 3 })).toBe('direction:flip.tooManyOpen');
    expect(keyOf({}, { openCount: 2, available: '9.99' })).toBe('amount:errors.insufficientBalance');
    expect(keyOf({ amount: '1000', duration: '60' }, { openCount: 0, available: '1000' })).toBe('ok');
  });

  it('refuses a stake too small to win anything at its rate, naming the smallest that does', () => {
    const tiny: FlipTerms = {
      ...terms,
      tokens: [{ token: 'BTC', minStake: '0.000001', maxStake: '1', amountDp: 6, enabled: true }],
    };
    const check = validateFlip({ ...order, token: 'BTC', amount: '0.000001' }, tiny);
    expect(!check.ok && check.problem).toEqual({
      field: 'amount',
      key: 'flip.stakeTooSmall',
      reason: 'validation',
      vars: { min: '0.000002', token: 'BTC' }, // 0.000002 × 0.85 = 0.0000017 → 0.000001
    });
    const smallest = validateFlip({ ...order, token: 'BTC', amount: '0.000002' }, tiny);
    expect(smallest.ok && smallest.order.profit.toFixed()).toBe('0.000001');
  });

  it('names the range and the decimals in the refusal', () => {
    const range = validateFlip({ ...order, amount: '0.5' }, terms);
    expect(!range.ok && range.problem.vars).toEqual({ min: '1', max: '1000', token: 'USDT' });
    const dp = validateFlip({ ...order, amount: '1.001' }, terms);
    expect(!dp.ok && dp.problem.vars).toEqual({ n: 2 });
  });
});

describe('a flip’s result', () => {
  it('up wins above the open price, down below, equal is a tie, no price a refund', () => {
    expect(flipResult('up', '100.5', '100.51')).toBe('won');
    expect(flipResult('up', '100.5', '100.49')).toBe('lost');
    expect(flipResult('down', '100.5', '100.49')).toBe('won');
    expect(flipResult('down', '100.5', '100.51')).toBe('lost');
    expect(flipResult('up', '100.50', '100.5')).toBe('tie');
    expect(flipResult('down', '100.5', undefined)).toBe('no_price');
    expect(flipStanding('down', '100.5', '100.4')).toBe('winning');
    expect(flipStanding('up', '100.5', '100.4')).toBe('losing');
    expect(flipStanding('up', '100.5', '100.5')).toBe('even');
  });

  it('pays stake × rate rounded down, and realizes +profit, −stake or 0', () => {
    expect(flipProfit('3.33', '0.85', 2).toFixed()).toBe('2.83'); // 2.8305
    expect(flipProfit('0.000001', '0.85', 6).toFixed()).toBe('0');
    expect(flipPnl('won', '10', '8.5').toFixed()).toBe('8.5');
    expect(flipPnl('lost', '10', '8.5').toFixed()).toBe('-10');
    expect(flipPnl('tie', '10', '8.5').toFixed()).toBe('0');
    expect(flipPnl('no_price', '10', '8.5').toFixed()).toBe('0');
  });
});

describe('a flip’s reward cap', () => {
  it('is a quarter of what an up and a down flip of its stake lose together, and nothing without an edge', () => {
    expect(flipRewardCap('100', '80').toFixed()).toBe('5');
    expect(flipRewardCap('1000', '990').toFixed()).toBe('2.5');
    expect(flipRewardCap('0.000003', '0.000002').toFixed()).toBe('0.00000025');
    expect(flipRewardCap('100', '100').toFixed()).toBe('0');
    expect(flipRewardCap('100', '150').toFixed()).toBe('0');
  });
});
