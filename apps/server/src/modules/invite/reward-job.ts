// The invite rewarder (DESIGN §9): one leader across processes (CONVENTIONS 14) pays the rewards of
// new game events every second; its first pass after a start pays what came while no process ran.
import type { Clock } from '../../clock';
import type { Queryable } from '../../db/client';
import { LeasedLoop, type LoopLog } from '../../workers/leased-loop';
import type { InviteService } from './service';

export function startInviteRewarder(
  invite: InviteService,
  deps: { db: Queryable; clock: Clock; intervalMs?: number; log?: LoopLog },
): { stop(): Promise<void> } {
  const loop = new LeasedLoop({
    name: 'invite-rewarder',
    db: deps.db,
    clock: deps.clock,
    intervalMs: deps.intervalMs ?? 1_000,
    ...(deps.log && { log: deps.log }),
    work: () => invite.rewardPass(),
  });
  loop.start();
  return { stop: () => loop.stop() };
}
