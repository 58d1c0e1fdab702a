// GET /api/app/market/tickers: each enabled pair's ticker (last price, 24 h change, high and low), in
// display order. The query and its hook are in tickers-query.ts: Home's first screen fetches with this
// alone, without TanStack Query's code (hooks/use-first-screen-tickers.ts).
import type { Ticker } from '@tradeflip/api';
import { api } from '@/lib/http';
import * as routes from '@tradeflip/api/routes';

export interface TickerList {
  list: Ticker[];
}

export function getTickers(signal?: AbortSignal): Promise<TickerList> {
  // Silent: the list says itself when prices can't be loaded.
  return api(routes.market.tickers, { silent: true, ...(signal ? { signal } : {}) }).then(({ data }) => data);
}
