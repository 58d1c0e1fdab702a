// GET /api/app/market/candles: a pair's stored candles of one interval, oldest first, the open one last.
import type { Candle, CandleInterval } from '@tradeflip/contract';
import { http } from '@/lib/http';

export function getCandles(
  query: { symbol: string; interval: CandleInterval; limit: number },
  signal?: AbortSignal,
): Promise<{ symbol: string; interval: CandleInterval; list: Candle[] }> {
  // Silent: the chart says itself when its history can't be loaded.
  return http.get('/api/app/market/candles', {
    params: query,
    silent: true,
    ...(signal ? { signal } : {}),
  });
}
