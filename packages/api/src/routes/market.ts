// /api/app/market/*: tickers and candles (public).
import type { market as wire } from '../route-schemas/market';

export const tickers = {
  method: 'GET',
  path: '/api/app/market/tickers',
  wire: {} as typeof wire.tickers,
} as const;
export const candles = {
  method: 'GET',
  path: '/api/app/market/candles',
  wire: {} as typeof wire.candles,
} as const;
