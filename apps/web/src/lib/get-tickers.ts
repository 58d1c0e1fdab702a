// GET /api/app/market/tickers: each enabled pair's last price and 24 h change, in display order (the
// Home list's first paint; the WebSocket moves it on).
import type { Ticker } from '@tradeflip/contract';
import { http } from '@/lib/http';

export function getTickers(signal?: AbortSignal): Promise<{ list: Ticker[] }> {
  // Silent: the list says itself when prices can't be loaded.
  return http.get<{ list: Ticker[] }>('/api/app/market/tickers', {
    silent: true,
    ...(signal ? { signal } : {}),
  });
}
