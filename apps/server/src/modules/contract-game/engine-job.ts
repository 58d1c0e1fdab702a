// The contract game engine's loop (issue 11): one leader across processes (CONVENTIONS 14). Leading,
// it holds the trigger index (built from the database at the first pass) and charges funding when due;
// a process that finds the lease held elsewhere drops its index.
import type { GameEngine } from './engine';
import { LeasedLoop, PRICE_JOB_LEASE_MS, type MarkSettledJobDeps } from '../../workers/leased-loop';

export function startGameEngine(engine: GameEngine, deps: MarkSettledJobDeps): { stop(): Promise<void> } {
  const loop = new LeasedLoop({
    name: 'game-engine',
    db: deps.db,
    clock: deps.clock,
    intervalMs: deps.intervalMs ?? 1000,
    // Short: after a crash, liquidations wait only until another process (or the restart) takes over.
    leaseMs: deps.leaseMs ?? PRICE_JOB_LEASE_MS,
    ...(deps.log && { log: deps.log }),
    ...(deps.standBy && { standBy: deps.standBy }),
    work: async () => {
      await engine.lead();
      await engine.fundingPass();
    },
    follower: () => engine.follow(),
  });
  loop.start();
  return {
    async stop() {
      await loop.stop();
      engine.follow();
    },
  };
}
