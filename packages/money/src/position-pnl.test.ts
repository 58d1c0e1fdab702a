// The PnL figures every screen shows (issue 32), against hand-computed cases.
import { describe, expect, it } from 'vitest';
import { openPnl, realizedPnl, returnOnMargin, unrealizedPnlAt, type OpenPosition } from './position-pnl';

const long20: OpenPosition = {
  side: 'long',
  entry: '3000',
  notional: '2000', // 100 margin at 20×
  margin: '100',
  fundingPaid: '0',
  mmr: '0.005',
  closeFeeRate: '0.0005',
  capMultiple: '10',
};

describe('position PnL', () => {
  it('a 20× long above its entry: the price move, and what closing now adds (the open fee not taken again)', () => {
    // 2000 · (3006 − 3000) / 3000 = 4; close fee 2000 · 3006/3000 · 0.0005 = 1.002
    const figures = openPnl(long20, '3006', 6);
    expect(figures.unrealizedPnl.toFixed()).toBe('4');
    expect(figures.returnRate.toFixed()).toBe('0.04');
    expect(figures.closeFee.toFixed()).toBe('1.002');
    expect(figures.closeNow.toFixed()).toBe('2.998');
  });

  it('a short in loss, truncated toward zero at the token decimals', () => {
    const short: OpenPosition = { ...long20, side: 'short', entry: '0.3', notional: '500', margin: '50' };
    // 500 · (0.3 − 0.30007) / 0.3 = −0.11666…, close fee 500 · 0.30007/0.3 · 0.0005 = 0.250058… → 0.250058
    const figures = openPnl(short, '0.30007', 6);
    expect(figures.unrealizedPnl.toFixed()).toBe('-0.116666');
    expect(figures.closeFee.toFixed()).toBe('0.250058');
    expect(figures.closeNow.toFixed()).toBe('-0.366724');
    expect(figures.returnRate.toFixed()).toBe('-0.0023');
    expect(unrealizedPnlAt('short', '500', '0.3', '0.30007', 2).toFixed()).toBe('-0.11');
  });

  it('closing now caps the profit as the settlement does; the headline is the move alone', () => {
    // 20× with a 1× cap: a 10 % rise is 200 of move but closing pays 100 less the fee.
    const figures = openPnl({ ...long20, capMultiple: '1' }, '3300', 6);
    expect(figures.unrealizedPnl.toFixed()).toBe('200');
    expect(figures.closeNow.toFixed()).toBe('98.9');
  });

  it('a loss past the margin: closing takes at most what is left', () => {
    const figures = openPnl(long20, '2800', 6);
    expect(figures.unrealizedPnl.toFixed()).toBe('-133.333333');
    expect(figures.closeNow.toFixed()).toBe('-100');
  });

  it('realized PnL counts both fees, the funding and what the vault did not pay', () => {
    expect(realizedPnl({ pnl: '20', openFee: '0.5', closeFee: '0.51', fundingPaid: '0' }).toFixed()).toBe(
      '18.99',
    );
    expect(
      realizedPnl({
        pnl: '20',
        profitUnpaid: '5',
        openFee: '0.5',
        closeFee: '0',
        fundingPaid: '0.1',
      }).toFixed(),
    ).toBe('14.4');
    expect(returnOnMargin('18.99', '100').toFixed()).toBe('0.1899');
    expect(returnOnMargin('1', '3').toFixed()).toBe('0.3333');
    expect(returnOnMargin('1', '0').toFixed()).toBe('0');
  });
});
