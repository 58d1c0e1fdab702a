// Issue 11, acceptance 1: the contract game's formulas against hand-computed cases, long and short,
// at 1x, 100x and 1000x.
import { describe, expect, it } from 'vitest';
import type { Decimal } from './decimal';
import {
  liquidationRisk,
  breakEvenPrice,
  closeFee,
  fundingCharge,
  highestSafeLeverage,
  isLiquidated,
  liquidatableAtOpen,
  liquidationPrice,
  nextFundingTime,
  notional,
  openFee,
  profitCapPrice,
  returnRate,
  settle,
  unrealisedPnl,
  type PositionTerms,
} from './contract-game';

const s = (value: Decimal) => value.toFixed();
const dp20 = (value: Decimal) => value.toDecimalPlaces(20).toFixed();

describe('contract game formulas', () => {
  it('1x long: notional, fees, PnL, return, liquidation and break-even', () => {
    // M 100 USDT at 1x on BTC at 50,000; fees 0.05 %, maintenance 0.5 %.
    const N = notional('100', 1);
    expect(s(N)).toBe('100');
    expect(s(openFee('100', 1, '0.0005', 6))).toBe('0.05');
    expect(s(unrealisedPnl('long', N, '50000', '55000'))).toBe('10');
    expect(s(returnRate('10', '100'))).toBe('0.1');
    expect(s(closeFee(N, '50000', '55000', '0.0005', 6))).toBe('0.055');
    const terms: PositionTerms = {
      side: 'long',
      entry: '50000',
      notional: N,
      margin: '100',
      fundingPaid: '0',
      mmr: '0.005',
    };
    // entry · (1 − (100 − 0 − 0.5)/100) = 50000 · 0.005
    expect(s(liquidationPrice(terms))).toBe('250');
    expect(isLiquidated(terms, '250')).toBe(true);
    expect(isLiquidated(terms, '250.01')).toBe(false);
    // 50000 · (100 + 0.05) / (100 · 0.9995)
    expect(dp20(breakEvenPrice('long', '50000', N, '0.05', '0', '0.0005'))).toBe(
      '50050.02501250625312656328',
    );
  });

  it('100x long and short: liquidation exactly where equity meets maintenance, funding moving it', () => {
    // M 10 at 100x on ETH at 2,000: N = 1,000, maintenance 5.
    const long: PositionTerms = {
      side: 'long',
      entry: '2000',
      notional: '1000',
      margin: '10',
      fundingPaid: '0',
      mmr: '0.005',
    };
    expect(s(liquidationPrice(long))).toBe('1990');
    // At 1,990 the PnL is −5: M + PnL = 5 = N·mmr → liquidated; a cent above, not yet.
    expect(s(unrealisedPnl('long', '1000', '2000', '1990'))).toBe('-5');
    expect(isLiquidated(long, '1990')).toBe(true);
    expect(isLiquidated(long, '1990.01')).toBe(false);
    const short: PositionTerms = { ...long, side: 'short' };
    expect(s(liquidationPrice(short))).toBe('2010');
    expect(isLiquidated(short, '2010')).toBe(true);
    expect(isLiquidated(short, '2009.99')).toBe(false);
    expect(s(unrealisedPnl('short', '1000', '2000', '1950'))).toBe('25');
    expect(s(returnRate('25', '10'))).toBe('2.5');
    // 1 USDT of funding paid leaves a buffer of 4: the liquidation price moves 2 closer.
    expect(s(liquidationPrice({ ...long, fundingPaid: '1' }))).toBe('1992');
    expect(s(liquidationPrice({ ...short, fundingPaid: '1' }))).toBe('2008');
    // 2000 · (1000 − 0.5 − 1) / (1000 · 1.0005)
    expect(dp20(breakEvenPrice('short', '2000', '1000', '0.5', '1', '0.0005'))).toBe(
      '1996.00199900049975012494',
    );
  });

  it('1000x long and short', () => {
    // M 1 at 1000x on BTC at 65,000, maintenance 0.05 %: buffer 0.5 of a notional of 1,000.
    const long: PositionTerms = {
      side: 'long',
      entry: '65000',
      notional: '1000',
      margin: '1',
      fundingPaid: '0',
      mmr: '0.0005',
    };
    expect(s(liquidationPrice(long))).toBe('64967.5');
    expect(isLiquidated(long, '64967.5')).toBe(true);
    expect(isLiquidated(long, '64967.51')).toBe(false);
    const short: PositionTerms = { ...long, side: 'short' };
    expect(s(liquidationPrice(short))).toBe('65032.5');
    expect(isLiquidated(short, '65032.5')).toBe(true);
    expect(isLiquidated(short, '65032.49')).toBe(false);
    expect(s(openFee('1', 1000, '0.0005', 6))).toBe('0.5');
    expect(s(unrealisedPnl('long', '1000', '65000', '65650'))).toBe('10');
  });

  it('refuses a leverage that is liquidatable at once, naming the highest that works', () => {
    expect(liquidatableAtOpen(200, '0.005')).toBe(true); // M ≤ N·mmr at entry
    expect(liquidatableAtOpen(199, '0.005')).toBe(false);
    expect(highestSafeLeverage('0.005', 1000)).toBe(199);
    expect(highestSafeLeverage('0.003', 1000)).toBe(333);
    expect(highestSafeLeverage('0.0005', 1000)).toBe(1000);
    expect(highestSafeLeverage('0', 125)).toBe(125);
  });

  it('caps the profit: the cap price, long and short', () => {
    expect(s(profitCapPrice('long', '100', 10, 10)!)).toBe('200');
    expect(s(profitCapPrice('short', '100', 20, 10)!)).toBe('50');
    expect(profitCapPrice('short', '100', 10, 10)).toBeNull(); // would need a price of 0
  });
});

describe('settlement', () => {
  const base = {
    side: 'long' as const,
    entry: '100',
    notional: '1000',
    margin: '100',
    fundingPaid: '0',
    mmr: '0.005',
    closeFeeRate: '0.001',
    capMultiple: '10',
    dp: 6,
    reason: 'manual' as const,
    vaultAvailable: '1000',
  };
  const amounts = (x: ReturnType<typeof settle>) =>
    Object.fromEntries(Object.entries(x).map(([k, v]) => [k, typeof v === 'boolean' ? v : s(v)]));

  it('a profit: fee from frozen, the rest unfrozen, the profit from the vault', () => {
    expect(amounts(settle(base, '110'))).toEqual({
      pnl: '100',
      closeFee: '1.1',
      lossConsumed: '0',
      feeFromFrozen: '1.1',
      unfrozen: '98.9',
      profitPaid: '100',
      feeRefund: '0',
      vaultShort: false,
    });
  });

  it('the vault short: it pays what it has and the close fee is refunded', () => {
    expect(amounts(settle({ ...base, vaultAvailable: '40' }, '110'))).toMatchObject({
      pnl: '100',
      profitPaid: '40',
      feeFromFrozen: '1.1',
      feeRefund: '1.1',
      closeFee: '0',
      vaultShort: true,
    });
  });

  it('a loss: consumed into the vault, then the fee, the rest unfrozen', () => {
    expect(amounts(settle(base, '95'))).toMatchObject({
      pnl: '-50',
      lossConsumed: '50',
      feeFromFrozen: '0.95',
      unfrozen: '49.05',
      profitPaid: '0',
    });
  });

  it('a gap past the liquidation price: the loss stops at the margin left', () => {
    expect(amounts(settle({ ...base, fundingPaid: '3' }, '85'))).toMatchObject({
      pnl: '-97',
      lossConsumed: '97',
      feeFromFrozen: '0',
      unfrozen: '0',
    });
    expect(amounts(settle({ ...base, reason: 'liquidation', fundingPaid: '3' }, '85'))).toMatchObject({
      pnl: '-97',
      lossConsumed: '97',
      closeFee: '0',
      unfrozen: '0',
    });
  });

  it('the profit cap: at most the cap multiple of the margin', () => {
    expect(amounts(settle(base, '300'))).toMatchObject({ pnl: '1000', profitPaid: '1000' });
  });

  it('rounds a profit and a loss toward zero at the token’s decimals, fees half-up', () => {
    const odd = { ...base, entry: '7', notional: '3', margin: '1', closeFeeRate: '0.0005' };
    // 3 · (8 − 7)/7 = 0.428571428…; fee 3·8/7·0.0005 = 0.00171428… → 0.001714
    expect(amounts(settle(odd, '8'))).toMatchObject({ pnl: '0.428571', feeFromFrozen: '0.001714' });
    expect(amounts(settle(odd, '6'))).toMatchObject({ pnl: '-0.428571', lossConsumed: '0.428571' });
  });
});

describe('liquidation risk (issue 16: the bar that warns before a liquidation)', () => {
  const terms = {
    side: 'long' as const,
    entry: '60000',
    notional: '1000',
    margin: '10',
    fundingPaid: '0',
    mmr: '0.0005',
  };
  it('is the share of the margin above maintenance used up: 0 at entry, 1 exactly at the liquidation price', () => {
    expect(liquidationRisk(terms, '60000').toFixed()).toBe('0');
    expect(liquidationRisk(terms, liquidationPrice(terms)).toFixed()).toBe('1');
    // Half way there: 60000 · (1 − 9.5/1000 / 2)
    expect(liquidationRisk(terms, '59715').toFixed()).toBe('0.5');
    expect(liquidationRisk(terms, '1').toFixed()).toBe('1');
    expect(liquidationRisk(terms, '61000').toFixed()).toBe('0');
    // Funding paid counts as used.
    expect(liquidationRisk({ ...terms, fundingPaid: '0.95' }, '60000').toFixed()).toBe('0.1');
  });
});

describe('funding', () => {
  it('charges N·rate, half-up to the token’s decimals, exact at any size', () => {
    // 100 margin at 10×: 1000 · 0.0001 = 0.1.
    expect(fundingCharge(notional('100', 10), '0.0001', 6).toFixed()).toBe('0.1');
    // 12.345678 · 0.00015 = 0.0018518517 → 0.001852 (half-up at 6 decimals).
    expect(fundingCharge('12.345678', '0.00015', 6).toFixed()).toBe('0.001852');
    // No float drift: 0.1 + 0.2 of notional at 1 %.
    expect(fundingCharge('0.3', '0.01', 6).toFixed()).toBe('0.003');
    // Half a unit of the last decimal rounds up: 0.0000005 → 0.000001.
    expect(fundingCharge('0.005', '0.0001', 6).toFixed()).toBe('0.000001');
    expect(fundingCharge('1000', '0', 6).toFixed()).toBe('0');
  });

  it('falls due on the clock’s multiples of the interval, strictly after now', () => {
    const eightHours = 8 * 3600;
    expect(nextFundingTime(new Date('2030-01-07T09:30:00Z'), eightHours).toISOString()).toBe(
      '2030-01-07T16:00:00.000Z',
    );
    // At 16:00 exactly, the charge of 16:00 is the one now due: the next is at midnight.
    expect(nextFundingTime(new Date('2030-01-07T16:00:00Z'), eightHours).toISOString()).toBe(
      '2030-01-08T00:00:00.000Z',
    );
    expect(nextFundingTime(Date.parse('2030-01-07T23:59:59.999Z'), eightHours).toISOString()).toBe(
      '2030-01-08T00:00:00.000Z',
    );
    expect(nextFundingTime(new Date('2030-01-07T09:30:20Z'), 60).toISOString()).toBe(
      '2030-01-07T09:31:00.000Z',
    );
  });
});
