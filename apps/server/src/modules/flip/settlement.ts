// Settling flips (DESIGN §8): at expiry the close price is the last mark at or before it; up wins
// above the open price, down below, equal is a tie; no mark within the tolerance of expiry refunds.
// One leader settles (settle-job.ts) in batches of a fixed number of statements; each flip is locked
// first and settled once (a settled flip is skipped), so a crash mid-batch, a restart or two settlers
// never pay twice. A win is paid in full: the vault promised it at open.
// A settlement's transaction holds what the player is owed and told at once (the money, the result,
// the notice to their screens); what it leaves for the books (its game events, turnover and rewards,
// and its line in the notification centre) is recorded right after, by the same pass, once no flip is
// waiting to be settled: a burst of expiries is paid first. A flip is marked recorded in the
// transaction that records it, so a crash between the two leaves it for the next pass, never twice.
// Recording also waits while a batch or more of flips falls due within the second (a burst expiring
// over a second is settled through before its books; a steady flow of flips is recorded at once),
// unless a settled flip has waited 5 s to be recorded.
import { Decimal, flipPnl, flipResult, flipRewardCap } from '@tradeflip/money';
import { crashIf } from '../../crash';
import type { GameEvent } from '../game-events/service';
import { moves } from '../ledger/service';
import { storeNotices } from '../notifications/service';
import type { FlipDeps } from './deps';
import { notifyFlips } from './notice';
import * as repo from './repository';
import type { FlipTerms } from './terms';

/** Flips settled per transaction (as the contract engine's 500). */
export const SETTLE_BATCH = 500;
/**
 * A flip is settled once a mark after its expiry was heard (the last one at or before it is then
 * known), or this long after expiry when none came (marks in flight from the feed's leader).
 */
const LATE_MARK_MS = 250;
/**
 * How long a flip whose settlement failed waits before it is tried again: long enough that it does
 * not hold up every pass, short enough that a passing fault (the database away) delays little.
 */
const STUCK_RETRY_MS = 5_000;
/** Recording waits while a batch of flips falls due this soon... */
const RECORD_AFTER_DUE_MS = 1_000;
/** ...unless a settled flip has waited this long to be recorded. */
const RECORD_WITHIN_MS = 5_000;

type CloseMark = { tickId: number; price: string; time: number } | null;

export class FlipSettlement {
  constructor(
    private readonly deps: FlipDeps,
    private readonly terms: FlipTerms,
  ) {}

  /** Told, after each commit, each settled flip's expiry and when it was settled. */
  readonly settledListeners = new Set<(flips: { expiresAt: Date; settledAt: Date }[]) => void>();

  /** Flips whose settlement failed on its own, and when to try each again. */
  private readonly stuck = new Map<number, number>();
  /** Settled flips whose recording failed on its own, and when to try each again. */
  private readonly stuckRecords = new Map<number, number>();

  /**
   * Settles every flip due now (overdue ones after a restart included), then records what settled
   * flips leave for the books, a batch at a time, settling between two batches whatever fell due
   * meanwhile; answers how many were settled. A batch that fails is settled (or recorded) flip by
   * flip, so one flip that cannot be (it is named in the error the loop logs, and tried again 5 s
   * later) never holds up the others.
   */
  async settleDue(now: Date = this.deps.clock.now()): Promise<number> {
    for (const stuck of [this.stuck, this.stuckRecords])
      for (const [id, retryAt] of stuck) if (retryAt <= now.getTime()) stuck.delete(id);
    const failed: { id: number; error: unknown }[] = [];
    let settled = await this.settleReady(now, failed);
    const failedRecords: { id: number; error: unknown }[] = [];
    for (;;) {
      const at = this.deps.clock.now();
      const mayRecord = await repo.mayRecord(this.deps.db, {
        dueBy: new Date(at.getTime() + RECORD_AFTER_DUE_MS),
        burst: SETTLE_BATCH,
        settledBy: new Date(at.getTime() - RECORD_WITHIN_MS),
      });
      if (!mayRecord) break;
      const recorded = await this.recordSettled(failedRecords);
      if (recorded < SETTLE_BATCH) break;
      settled += await this.settleReady(this.deps.clock.now(), failed);
    }
    const at = this.deps.clock.now().getTime() + STUCK_RETRY_MS;
    for (const { id } of failed) this.stuck.set(id, at);
    for (const { id } of failedRecords) this.stuckRecords.set(id, at);
    if (failed.length > 0 || failedRecords.length > 0) {
      const named = (list: { id: number }[]) => list.map((f) => f.id).join(', ');
      throw new Error(
        [
          ...(failed.length > 0 ? [`flips ${named(failed)} not settled (${settled} others were)`] : []),
          ...(failedRecords.length > 0 ? [`settled flips ${named(failedRecords)} not recorded`] : []),
        ].join('; '),
        { cause: (failed[0] ?? failedRecords[0])!.error },
      );
    }
    return settled;
  }

  /** Settles the flips due at `now` whose close is known, batch after batch; answers how many. */
  private async settleReady(now: Date, failed: { id: number; error: unknown }[]): Promise<number> {
    const toleranceMs = (await this.terms.cached()).toleranceSeconds * 1000;
    let settled = 0;
    for (;;) {
      const skip = [...this.stuck.keys(), ...failed.map((f) => f.id)];
      // The newest marks again each batch: they move on while a burst is being settled.
      const at = {
        now,
        heard: this.deps.market.newestMarkTimes(),
        late: new Date(now.getTime() - LATE_MARK_MS),
      };
      const ready = await repo.due(this.deps.db, at, SETTLE_BATCH, skip);
      if (ready.length > 0) {
        settled += await oneByOneOnFailure(ready, failed, (rows) => this.settleBatch(rows, toleranceMs));
      }
      if (ready.length < SETTLE_BATCH) return settled;
    }
  }

  /** The close mark of each (pair, expiry), kept once: null when none lies within the tolerance. */
  private async closeMarks(rows: repo.DueFlip[], toleranceMs: number): Promise<Map<string, CloseMark>> {
    const marks = new Map<string, CloseMark>();
    for (const row of rows) {
      const expiry = row.expiresAt.getTime();
      const key = `${row.symbol}@${expiry}`;
      if (marks.has(key)) continue;
      const mark = await this.deps.market.markAtOrBefore(row.symbol, expiry);
      if (!mark || expiry - mark.time > toleranceMs) {
        marks.set(key, null);
        continue;
      }
      const tickId = await this.deps.market.keepTick(mark);
      marks.set(key, { tickId, price: mark.price, time: mark.time });
    }
    return marks;
  }

  private async settleBatch(due: repo.DueFlip[], toleranceMs: number): Promise<number> {
    const marks = await this.closeMarks(due, toleranceMs);
    const settled = await this.deps.db.transaction(async (tx) => {
      const settledAt = this.deps.clock.now();
      const outcomes = due.map((row) => {
        const close = marks.get(`${row.symbol}@${row.expiresAt.getTime()}`) ?? null;
        const result = flipResult(row.direction, row.openPrice, close?.price);
        return {
          row,
          settlement: {
            id: row.id,
            status: result === 'won' || result === 'lost' ? 'closed' : 'refunded',
            result,
            closePrice: close ? new Decimal(close.price).toFixed() : null,
            closeTickId: close?.tickId ?? null,
            pnl: flipPnl(result, row.stake, row.profit).toFixed(),
            settledAt,
          } satisfies repo.SettledFlip,
        };
      });
      // Only the flips still open are settled (and locked): one settled meanwhile is paid once.
      const open = await repo.settleFlips(
        tx,
        outcomes.map((o) => o.settlement),
      );
      const kept = outcomes.filter((o) => open.has(o.row.id)).sort((a, b) => a.row.id - b.row.id);
      const requests = [];
      const released = new Map<string, Decimal>();
      for (const { row, settlement } of kept) {
        const base = {
          userId: row.userId,
          token: row.token,
          amount: row.stake,
          ref: { type: 'flip_position', id: row.id },
          memo: row.orderNo,
        };
        const key = (part: string) => `flip:${row.id}:${part}`;
        if (settlement.result === 'won') {
          requests.push(moves.unfreeze({ ...base, type: 'bet_unfreeze', causeKey: key('stake-back') }));
          if (new Decimal(row.profit).gt(0)) {
            requests.push(
              moves.payFromVault({
                ...base,
                amount: row.profit,
                type: 'flip_profit_pay',
                causeKey: key('profit'),
              }),
            );
          }
        } else if (settlement.result === 'lost') {
          requests.push(moves.consumeFrozen({ ...base, type: 'flip_consume', causeKey: key('stake-lost') }));
        } else {
          requests.push(moves.unfreeze({ ...base, type: 'flip_refund', causeKey: key('refund') }));
        }
        released.set(row.token, (released.get(row.token) ?? new Decimal(0)).add(row.profit));
      }
      // What they could have won is no longer owed.
      await this.deps.ledger.moveAllUnanswered(requests, tx, { release: released });
      await notifyFlips(
        tx,
        kept.map(({ row, settlement }) => ({
          id: row.id,
          userId: row.userId,
          status: settlement.status,
          result: settlement.result,
        })),
      );
      crashIf('flip-settling', this.deps.crashAt);
      return kept.map(({ row }) => ({ expiresAt: row.expiresAt, settledAt }));
    });
    crashIf('flip-settled', this.deps.crashAt);
    if (settled.length > 0) for (const listener of this.settledListeners) listener(settled);
    return settled.length;
  }

  /**
   * Records, in one transaction, the game events and the notification-centre line of the oldest
   * settled flips not yet recorded (at most a batch, each locked and skipped by a second leader);
   * answers how many it recorded (a full batch: more may wait; fewer, as when a second leader holds
   * them, ends the pass rather than asking again for flips it cannot have).
   */
  private async recordSettled(failed: { id: number; error: unknown }[]): Promise<number> {
    const skip = [...this.stuckRecords.keys(), ...failed.map((f) => f.id)];
    const waiting = await repo.unrecorded(this.deps.db, SETTLE_BATCH, skip);
    if (waiting.length === 0) return 0;
    return oneByOneOnFailure(waiting, failed, (rows) => this.recordBatch(rows));
  }

  private async recordBatch(waiting: { id: number }[]): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      const rows = await repo.lockUnrecorded(
        tx,
        waiting.map((row) => row.id),
      );
      const prices = await this.deps.events.prices(rows.map((row) => row.token));
      const events: GameEvent[] = [];
      for (const row of rows) {
        // Each event's rewards stay within a quarter of the hedge's loss (flipRewardCap): farming none.
        const event = {
          userId: row.userId,
          game: 'flip',
          token: row.token,
          ref: { type: 'flip_position', id: row.id },
          rewardCap: flipRewardCap(row.stake, row.profit),
          playSeq: row.playSeq,
        } as const;
        // A bet counts (turnover, rewards) once it won or lost: a refunded stake was never in play.
        if (row.result === 'won' || row.result === 'lost')
          events.push({ ...event, kind: 'bet', amount: new Decimal(row.stake) });
        if (row.result === 'won' && new Decimal(row.profit).gt(0))
          events.push({ ...event, kind: 'profit', amount: new Decimal(row.profit) });
        if (row.result === 'lost') events.push({ ...event, kind: 'loss', amount: new Decimal(row.stake) });
      }
      await this.deps.events.record(tx, events, prices);
      // Each result in the notification centre, at the time it was settled (a batch shares one).
      const bySettlement = new Map<number, repo.SettledFlipRow[]>();
      for (const row of rows) {
        const at = row.settledAt!.getTime();
        bySettlement.set(at, [...(bySettlement.get(at) ?? []), row]);
      }
      for (const [at, settled] of bySettlement) {
        await storeNotices(
          tx,
          settled.map((row) => ({
            userId: row.userId,
            kind: 'flip_result' as const,
            params: {
              flipId: String(row.id),
              symbol: row.symbol,
              direction: row.direction,
              result: row.result!,
              stake: new Decimal(row.stake).toFixed(),
              pnl: new Decimal(row.pnl!).toFixed(),
              token: row.token,
            },
          })),
          new Date(at),
        );
      }
      await repo.markRecorded(
        tx,
        rows.map((row) => row.id),
        this.deps.clock.now(),
      );
      crashIf('flip-recording', this.deps.crashAt);
      return rows.length;
    });
  }
}

/**
 * Runs `work` on a batch; if it fails, on each row alone, collecting the rows that fail on their own
 * in `failed` (one that cannot be done never holds up the others). Answers what the runs answered.
 */
async function oneByOneOnFailure<T extends { id: number }>(
  rows: T[],
  failed: { id: number; error: unknown }[],
  work: (rows: T[]) => Promise<number>,
): Promise<number> {
  try {
    return await work(rows);
  } catch (error) {
    if (rows.length === 1) {
      failed.push({ id: rows[0]!.id, error });
      return 0;
    }
    let done = 0;
    for (const row of rows) {
      done += await work([row]).catch((one: unknown) => {
        failed.push({ id: row.id, error: one });
        return 0;
      });
    }
    return done;
  }
}
