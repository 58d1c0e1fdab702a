// What a settled flip's share card says: its return on the stake (a win at 85 % is +85 %, a loss
// −100 %), the pair and the side; a refund (a tie, no price) has no result to share.
import { describe, expect, it } from 'vitest';
import type { FlipConfig, FlipDetail } from '@tradeflip/api';
import { sharedFlip } from './flip-sheet';

const config: FlipConfig = {
  durations: [30],
  maxOpenPositions: 2,
  toleranceSeconds: 5,
  tokens: [{ token: 'USDT', minStake: '1', maxStake: '10000', amountDp: 6, enabled: true }],
  pairs: [
    {
      symbol: 'BTCUSDT',
      base: 'BTC',
      quote: 'USDT',
      priceDp: 2,
      enabled: true,
      payoutRates: { '30': '0.85' },
    },
  ],
};
const flip: FlipDetail = {
  id: '5',
  orderNo: 'F203003010000100001',
  symbol: 'BTCUSDT',
  token: 'USDT',
  direction: 'down',
  stake: '10',
  durationSeconds: 30,
  payoutRate: '0.85',
  profit: '8.5',
  openPrice: '60000',
  markPrice: null,
  closePrice: '59990.5',
  status: 'closed',
  result: 'won',
  realizedPnl: '8.5',
  openedAt: '2030-03-01T00:00:00Z',
  expiresAt: '2030-03-01T00:00:30Z',
  settledAt: '2030-03-01T00:00:30Z',
  ticks: { open: null, close: null },
  movements: [],
} as unknown as FlipDetail;

describe('sharedFlip', () => {
  it('shares a win as its payout rate and a loss as the whole stake, with the prices at the pair’s decimals', () => {
    const won = sharedFlip(flip, config)!;
    expect([won.pair, won.side, won.returnPercent.toFixed(), won.pnlText]).toEqual([
      'BTC/USDT',
      'down',
      '85',
      '+8.5 USDT',
    ]);
    expect([won.openPrice, won.closePrice]).toEqual(['60,000.00', '59,990.50']);
    expect(won.game).toEqual({ kind: 'flip', seconds: 30 });
    const lost = sharedFlip({ ...flip, result: 'lost', realizedPnl: '-10', closePrice: '60010' }, config)!;
    expect(lost.returnPercent.toFixed()).toBe('-100');
  });

  it('has nothing to share for a refund or a flip still running', () => {
    expect(
      sharedFlip({ ...flip, status: 'refunded', result: 'tie', realizedPnl: '0' } as FlipDetail, config),
    ).toBeNull();
    expect(
      sharedFlip({ ...flip, status: 'open', result: null, realizedPnl: null, closePrice: null }, config),
    ).toBeNull();
  });
});
