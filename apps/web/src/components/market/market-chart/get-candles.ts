// GET /api/app/market/candles: a pair's stored candles of one interval, oldest first, the open one last.
import type { Candle, CandleInterval } from '@tradeflip/api';
import { api } from '@/lib/http';
import * as routes from '@tradeflip/api/routes';

export function getCandles(
  query: { symbol: string; interval: CandleInterval; limit: number },
  signal?: AbortSignal,
): Promise<{ symbol: string; interval: CandleInterval; list: Candle[] }> {
  // Silent: the chart says itself when its history can't be loaded.
  return api(routes.market.candles, { query, silent: true, ...(signal ? { signal } : {}) }).then(
    ({ data }) => data,
  );
}
