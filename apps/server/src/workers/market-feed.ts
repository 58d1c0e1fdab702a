// The market feed's loop (issue 10): one leader across processes (a database lease, CONVENTIONS 14)
// makes a tick for every pair every MARKET_TICK_MS and writes the changed candles once a second.
import type { Queryable } from '../db/client';
import type { Clock } from '../clock';
import type { MarketService } from '../modules/market/service';
import { LeasedLoop, type LoopLog } from './leased-loop';

const FLUSH_MS = 1000;

export function startMarketFeed(
  market: MarketService,
  deps: { db: Queryable; clock: Clock; tickMs: number; log?: LoopLog },
): { stop(): Promise<void> } {
  let lastFlush = 0;
  const loop = new LeasedLoop({
    name: 'market-feed',
    db: deps.db,
    clock: deps.clock,
    intervalMs: deps.tickMs,
    ...(deps.log && { log: deps.log }),
    work: async () => {
      const now = deps.clock.now().getTime();
      await market.step(now);
      if (now - lastFlush >= FLUSH_MS) {
        lastFlush = now;
        await market.flush(now);
      }
    },
  });
  loop.start();
  return {
    async stop() {
      await loop.stop();
      await market.flush().catch(() => undefined);
    },
  };
}
