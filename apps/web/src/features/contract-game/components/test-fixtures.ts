// The contract game's components' tests share these: BTCUSDT's terms and the server tests' position
// on it (a long of 100 × 10 at 60,000).
import type { GamePair, Position } from '@tradeflip/api';

export const btcPair: GamePair = {
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  marginToken: 'USDT',
  maxLeverage: 1000,
  openFeeRate: '0.0005',
  closeFeeRate: '0.0005',
  fundingRate: '0.0001',
  fundingIntervalSeconds: 28_800,
  mmr: '0.0005',
  minMargin: '1',
  maxMargin: '100000',
  profitCapMultiple: '10',
  priceDp: 2,
  amountDp: 6,
  enabled: true,
};

/** Long 100 × 10 at 60,000, 0.1 of funding paid. */
export const openLong: Position = {
  id: '7',
  orderNo: 'C20261125000010000',
  symbol: 'BTCUSDT',
  side: 'long',
  marginToken: 'USDT',
  margin: '100',
  leverage: 10,
  notional: '1000',
  entryPrice: '60000',
  openFee: '0.5',
  fundingPaid: '0.1',
  nextFundingAt: null,
  liquidationPrice: '54036',
  breakEvenPrice: '60066.03',
  takeProfit: null,
  stopLoss: null,
  status: 'open',
  currentPrice: null,
  pnl: null,
  closeNow: null,
  realizedPnl: null,
  returnRate: null,
  closePrice: null,
  closeFee: null,
  closeReason: null,
  profitUnpaid: null,
  openedAt: '2026-11-25T10:00:00.000Z',
  closedAt: null,
};
