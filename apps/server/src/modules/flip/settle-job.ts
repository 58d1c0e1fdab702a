// Lightning Flip's settler (DESIGN §8): one leader across processes (CONVENTIONS 14) settles the
// flips due every 100 ms, so each within a second of its expiry; its first pass after a start settles
// what fell due while no process ran, from the marks the market wrote. A mark heard wakes it at once:
// it may be the one after an expiry that decides the flip, whose result then shows without waiting.
import { LeasedLoop, PRICE_JOB_LEASE_MS, type MarkSettledJobDeps } from '../../workers/leased-loop';
import type { MarketService } from '../market/service';
import type { FlipService } from './service';

export function startFlipSettler(
  flip: FlipService,
  deps: MarkSettledJobDeps & { market?: Pick<MarketService, 'onMark'> },
): { stop(): Promise<void> } {
  const loop = new LeasedLoop({
    name: 'flip-settler',
    db: deps.db,
    clock: deps.clock,
    intervalMs: deps.intervalMs ?? 100,
    // Short: after a crash another process (or the restart) settles within seconds.
    leaseMs: deps.leaseMs ?? PRICE_JOB_LEASE_MS,
    ...(deps.log && { log: deps.log }),
    ...(deps.standBy && { standBy: deps.standBy }),
    work: () => flip.settleDue(),
  });
  const unheard = deps.market?.onMark(() => loop.wake());
  loop.start();
  return {
    stop: async () => {
      unheard?.();
      await loop.stop();
    },
  };
}
