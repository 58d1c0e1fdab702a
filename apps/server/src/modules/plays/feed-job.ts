// The live plays feed's builder: one leader across processes (a database lease, CONVENTIONS 14). Each
// pass, at most every PLAYS_FRAME_MS, reads the plays heard since the last and publishes the new list
// if it changed, so a burst of settlements (10,000 flips in a second) is one frame, not thousands.
import type { Clock } from '../../clock';
import type { Queryable } from '../../db/client';
import { LeasedLoop, type LoopLog } from '../../workers/leased-loop';
import type { PlaysService } from './service';

/** The feed's frames are at least this far apart (a few a second). */
export const PLAYS_FRAME_MS = 500;

export function startPlaysFeed(
  plays: PlaysService,
  deps: { db: Queryable; clock: Clock; log?: LoopLog; intervalMs?: number },
): { stop(): Promise<void> } {
  const loop = new LeasedLoop({
    name: 'plays-feed',
    db: deps.db,
    clock: deps.clock,
    intervalMs: deps.intervalMs ?? PLAYS_FRAME_MS,
    ...(deps.log && { log: deps.log }),
    work: () => plays.buildPass(),
    follower: () => plays.forgetHeard(),
  });
  loop.start();
  return { stop: () => loop.stop() };
}
