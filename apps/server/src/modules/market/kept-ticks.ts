// The ticks settlements used (market_ticks), kept exactly so every settlement can be checked later;
// a tick kept outside a transaction is kept once however many settlements use it (every open at it).
import type { Clock } from '../../clock';
import type { Database, Queryable } from '../../db/client';
import * as repo from './repository';

export class KeptTicks {
  constructor(private readonly deps: { db: Database; clock: Clock }) {}

  private readonly kept = new Map<string, { time: number; price: string; id: Promise<number> }>();

  /** Keeps a mark the engine saw cross a trigger (the settlement uses that mark, not a later one). */
  keep(tick: { symbol: string; price: string; time: number }, tx?: Queryable): Promise<number> {
    const usedAt = this.deps.clock.now();
    if (tx) return repo.keepTick(tx, { ...tick, usedAt });
    const cached = this.kept.get(tick.symbol);
    if (cached && cached.time === tick.time && cached.price === tick.price) return cached.id;
    const id = repo.keepTick(this.deps.db, { ...tick, usedAt });
    this.kept.set(tick.symbol, { time: tick.time, price: tick.price, id });
    id.catch(() => {
      if (this.kept.get(tick.symbol)?.id === id) this.kept.delete(tick.symbol);
    });
    return id;
  }

  /** A kept settlement tick (for audits and the games' detail screens). */
  read(id: number) {
    return repo.keptTick(this.deps.db, id);
  }
}
