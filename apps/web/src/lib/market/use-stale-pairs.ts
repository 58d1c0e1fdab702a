// Which pairs' prices have stopped, live (issue 16): a pair the server called stale on load, or one
// with no tick for longer than the server's staleness limit while the page is open. The game refuses
// opens and closes on a stale pair ('price fetch failed'), so the order panel and the positions
// disable them with the reason at once, and enable them again with the pair's next tick.
import { useEffect, useRef, useState } from 'react';
import type { Ticker } from '@tradeflip/api';

/** The server's default staleness limit (MARKET_STALE_SECONDS, 10 s). */
export const STALE_AFTER_MS = 10_000;

/** The symbols whose price is stale now; re-checked every second. */
export function useStalePairs(tickers: readonly Pick<Ticker, 'symbol' | 'time' | 'stale'>[] | null) {
  // When each pair's last tick reached this page (the page's clock, not the server's).
  const seen = useRef(new Map<string, { time: number; at: number }>());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const stale = new Set<string>();
  for (const ticker of tickers ?? []) {
    const last = seen.current.get(ticker.symbol);
    if (!last || last.time !== ticker.time) {
      seen.current.set(ticker.symbol, { time: ticker.time, at: Date.now() });
      if (ticker.stale) stale.add(ticker.symbol);
    } else if (ticker.stale || now - last.at > STALE_AFTER_MS) {
      stale.add(ticker.symbol);
    }
  }
  return stale;
}
