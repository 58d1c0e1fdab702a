// The contract game's engine (issue 11): on the leader (the `game-engine` lease) it holds every open
// position in the trigger index, checks each mark price of the feed (DESIGN §6: one bad trade can't
// move it) against it and closes what the mark crossed (liquidation, stop-loss, take-profit / profit
// cap) at that mark; it charges funding when due. It rebuilds the index from the database when it
// starts leading, and hears of positions opened, changed or closed in any process from the database
// (NOTIFY after commit). Settlements run one at a time, in order; each locks its position, so a close
// racing one finds it closed.
import type { Listen } from '../../db/notifications';
import type { Database } from '../../db/client';
import type { Clock } from '../../clock';
import type { RawTick } from '../market/relay';
import type { MarketService } from '../market/service';
import * as repo from './repository';
import { parseNotice } from './notice';
import { GameService, POSITIONS_CHANNEL } from './service';
import { TriggerIndex, type IndexedPosition } from './trigger-index';

/** Positions settled per transaction when one tick crosses many. */
const SETTLE_BATCH = 500;

export interface EngineLog {
  warn(obj: object, msg: string): void;
}

export function toIndexed(row: repo.PositionRow): IndexedPosition {
  return {
    id: row.id,
    symbol: row.symbol,
    ...repo.positionTerms(row),
    takeProfit: row.takeProfit,
    stopLoss: row.stopLoss,
    capPrice: GameService.capPrice(row)?.toFixed() ?? null,
  };
}

export class GameEngine {
  readonly index = new TriggerIndex();
  private leading = false;
  private queue: Promise<unknown> = Promise.resolve();
  private stopTicks: (() => void) | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  /** Closes made by the engine (for the operators' figures and the tests). */
  settled = 0;
  private readonly settledListeners = new Set<(closed: number, crossedAt: number) => void>();

  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      game: GameService;
      market: MarketService;
      log?: EngineLog;
    },
  ) {}

  /** Called after each commit of closes: how many, and when the mark that crossed them was made. */
  onSettled(listener: (closed: number, crossedAt: number) => void): () => void {
    this.settledListeners.add(listener);
    return () => this.settledListeners.delete(listener);
  }

  private closed(count: number, crossedAt: number): void {
    this.settled += count;
    if (count > 0) for (const listener of this.settledListeners) listener(count, crossedAt);
  }

  get isLeading(): boolean {
    return this.leading;
  }

  /** Follows the feed's marks and the database's position notices (every process does; only the leader acts). */
  async attach(listen: Listen | undefined): Promise<void> {
    this.stopTicks = this.deps.market.onMark((marks) => this.onMarks(marks));
    this.stopListening = await listen?.(POSITIONS_CHANNEL, (payload) => {
      const notice = parseNotice(payload);
      if (!notice) return;
      // A closed one leaves the index (its notice says so); an opened or changed one is read.
      if (notice.status === 'closed') this.index.remove(notice.id);
      else void this.enqueue(() => this.refresh(notice.id));
    });
  }

  async detach(): Promise<void> {
    this.stopTicks?.();
    await this.stopListening?.();
    await this.idle();
  }

  /** Starts leading: the index is rebuilt from the open positions in the database. */
  lead(): Promise<void> {
    if (this.leading) return this.idle();
    this.leading = true;
    return this.enqueue(async () => {
      const symbols = new Set<string>();
      for (const row of await repo.openPositions(this.deps.db)) {
        this.index.upsert(toIndexed(row));
        symbols.add(row.symbol);
      }
      // What the market crossed while no one led closes now, at its last tick.
      for (const symbol of symbols) this.settleAtLastTick(symbol);
    });
  }

  /** Stops leading (another process holds the lease): the index is dropped. */
  follow(): void {
    if (!this.leading) return;
    this.leading = false;
    for (const position of this.index.positions()) this.index.remove(position.id);
  }

  /** Resolves once every queued step has run. */
  async idle(): Promise<void> {
    for (;;) {
      const current = this.queue;
      await current;
      if (current === this.queue) return;
    }
  }

  private enqueue(work: () => Promise<unknown>): Promise<void> {
    const next = this.queue
      .then(work)
      .then(() => undefined)
      .catch((err: unknown) => {
        this.deps.log?.warn({ err }, 'game engine step failed');
      });
    this.queue = next;
    return next;
  }

  private onMarks(marks: RawTick[]): void {
    if (!this.leading) return;
    for (const mark of marks) this.settleCrossed(mark);
  }

  /**
   * Closes every indexed position `tick` crosses, at that tick, in batches (one transaction each). A
   * batch that fails is settled one by one, so one position the database refuses holds up no other;
   * one that fails alone goes back to the index and is tried at the next tick.
   */
  private settleCrossed(tick: { symbol: string; price: string; time: number }): void {
    const crossed = this.index.crossed(tick.symbol, tick.price);
    for (let i = 0; i < crossed.length; i += SETTLE_BATCH) {
      const batch = crossed.slice(i, i + SETTLE_BATCH);
      void this.enqueue(async () => {
        try {
          this.closed(
            await this.deps.game.settleMany(
              tick,
              batch.map(({ position, reason }) => ({ id: position.id, reason })),
            ),
            tick.time,
          );
          return;
        } catch (error) {
          if (batch.length === 1) {
            this.index.upsert(batch[0]!.position);
            throw error;
          }
          this.deps.log?.warn({ err: error }, 'game engine: a batch of settlements failed; one by one');
        }
        for (const { position, reason } of batch) {
          try {
            if (await this.deps.game.settle(position.id, tick, reason)) this.closed(1, tick.time);
          } catch (error) {
            this.index.upsert(position);
            this.deps.log?.warn({ err: error, position: position.id }, 'game engine: a settlement failed');
          }
        }
      });
    }
  }

  /**
   * A position changed somewhere: index its new state, or drop it once closed. One the last tick
   * already crosses (it moved past between the open and this notice) closes at that tick now,
   * rather than at the next tick, which a pinned or quiet market may not send.
   */
  private async refresh(id: number): Promise<void> {
    if (!this.leading) return;
    const row = await repo.position(this.deps.db, id);
    if (!row || row.status !== 'open') {
      this.index.remove(id);
      return;
    }
    this.index.upsert(toIndexed(row));
    this.settleAtLastTick(row.symbol);
  }

  /** Closes what the pair's mark (fresh) crosses, at that mark. */
  private settleAtLastTick(symbol: string): void {
    const last = this.deps.market.markPrice(symbol);
    if (last && !last.stale) this.settleCrossed({ symbol, price: last.price, time: last.time });
  }

  /** Charges funding of every position due (the leader's loop calls it). */
  fundingPass(limit = 500): Promise<void> {
    return this.enqueue(async () => {
      for (const row of await repo.fundingDue(this.deps.db, this.deps.clock.now(), limit)) {
        const charged = await this.deps.game.chargeFunding(row.id);
        if (charged) this.index.upsert(toIndexed(charged));
      }
    });
  }
}
