// The market feed's loop (issue 10): one leader across processes (a database lease, CONVENTIONS 14).
// Simulated: the leader steps the walk (a tick for every pair) every MARKET_TICK_MS. Live: the leader
// holds the exchange's stream open (its trades arrive on their own) and each pass only renews the
// lease. Either way the leader writes the changed candles once a second; a process that finds the
// lease held elsewhere is a follower: it closes any stream of its own and leaves the candles, which
// it also keeps from the relayed ticks, to the leader to write.
import type { Queryable } from '../../db/client';
import type { Clock } from '../../clock';
import type { BinanceFeed } from './binance-feed';
import type { MarketService } from './service';
import { LeasedLoop, PRICE_JOB_LEASE_MS, type LoopLog } from '../../workers/leased-loop';

const FLUSH_MS = 1000;

export function startMarketFeed(
  market: MarketService,
  deps: {
    db: Queryable;
    clock: Clock;
    tickMs: number;
    /** The live feed; absent, the simulated walk is stepped. */
    live?: BinanceFeed | undefined;
    /** How long a dead leader holds the feed before another process takes it. */
    leaseMs?: number;
    log?: LoopLog;
  },
): { stop(): Promise<void> } {
  let lastFlush = 0;
  const { live } = deps;
  const loop = new LeasedLoop({
    name: 'market-feed',
    db: deps.db,
    clock: deps.clock,
    intervalMs: live ? FLUSH_MS : deps.tickMs,
    // Short: after a crash, prices stay stale only until another process (or the restart) takes over.
    leaseMs: deps.leaseMs ?? PRICE_JOB_LEASE_MS,
    // The simulated walk's follower asks once a tick (MARKET_TICK_MS, 250 ms by default): a process
    // given a slow tick is a poor candidate, and lets one with a fast tick lead.
    followerIntervalMs: live ? FLUSH_MS / 2 : deps.tickMs,
    ...(deps.log && { log: deps.log }),
    work: async () => {
      const now = deps.clock.now().getTime();
      if (live) {
        // The streams asked for are the enabled pairs: loaded first, or a restart asks for none.
        await market.init();
        live.start();
        await market.refreshMarks(now);
      } else await market.step(now);
      if (now - lastFlush >= FLUSH_MS) {
        lastFlush = now;
        await market.flush(now);
      }
    },
    follower: () => {
      live?.stop();
      market.discardUnwritten();
    },
  });
  loop.start();
  return {
    async stop() {
      await loop.stop();
      live?.stop();
      // Every mark heard is written, up to now: a flip that expired just before a clean stop
      // settles after the restart at its close (a crash leaves the last second unknown: refunds).
      await market.flush(undefined, true).catch(() => undefined);
    },
  };
}
