// Settling flips (DESIGN §8): at expiry the close price is the last mark at or before it; up wins
// above the open price, down below, equal is a tie; no mark within the tolerance of expiry refunds.
// One leader settles (settle-job.ts) in batches of a fixed number of statements; each flip is locked
// first and settled once (a settled flip is skipped), so a crash mid-batch, a restart or two settlers
// never pay twice. A win is paid in full: the vault promised it at open.
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

  /**
   * Settles every flip due now (overdue ones after a restart included); answers how many. A batch
   * that fails is settled flip by flip, so one flip that cannot be settled (it is named in the
   * error the loop logs, and tried again 5 s later) never holds up the others.
   */
  async settleDue(now: Date = this.deps.clock.now()): Promise<number> {
    const toleranceMs = (await this.terms.cached()).toleranceSeconds * 1000;
    for (const [id, retryAt] of this.stuck) if (retryAt <= now.getTime()) this.stuck.delete(id);
    const skip = [...this.stuck.keys()];
    const failed: { id: number; error: unknown }[] = [];
    let settled = 0;
    for (;;) {
      const due = await repo.due(this.deps.db, now, SETTLE_BATCH, [...skip, ...failed.map((f) => f.id)]);
      const ready = due.filter((row) => this.closeKnown(row, now));
      if (ready.length > 0) {
        try {
          settled += await this.settleBatch(ready, toleranceMs);
        } catch (error) {
          if (ready.length === 1) failed.push({ id: ready[0]!.id, error });
          else {
            for (const row of ready) {
              settled += await this.settleBatch([row], toleranceMs).catch((one: unknown) => {
                failed.push({ id: row.id, error: one });
                return 0;
              });
            }
          }
        }
      }
      if (due.length < SETTLE_BATCH || ready.length === 0) break;
    }
    for (const { id } of failed) this.stuck.set(id, now.getTime() + STUCK_RETRY_MS);
    if (failed.length > 0) {
      throw new Error(`flips ${failed.map((f) => f.id).join(', ')} not settled (${settled} others were)`, {
        cause: failed[0]!.error,
      });
    }
    return settled;
  }

  private closeKnown(row: repo.FlipRow, now: Date): boolean {
    const expiry = row.expiresAt.getTime();
    const newest = this.deps.market.newestMark(row.symbol);
    return (newest !== undefined && newest.time > expiry) || now.getTime() - expiry >= LATE_MARK_MS;
  }

  /** The close mark of each (pair, expiry), kept once: null when none lies within the tolerance. */
  private async closeMarks(rows: repo.FlipRow[], toleranceMs: number): Promise<Map<string, CloseMark>> {
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

  private async settleBatch(due: repo.FlipRow[], toleranceMs: number): Promise<number> {
    const marks = await this.closeMarks(due, toleranceMs);
    const prices = await this.deps.events.prices(due.map((row) => row.token));
    const settled = await this.deps.db.transaction(async (tx) => {
      const rows = (
        await repo.lockFlips(
          tx,
          due.map((row) => row.id),
        )
      ).filter((row) => row.status === 'open');
      const requests = [];
      const released = new Map<string, Decimal>();
      const settledAt = this.deps.clock.now();
      const results: repo.SettledFlip[] = [];
      const events: GameEvent[] = [];
      for (const row of rows) {
        const close = marks.get(`${row.symbol}@${row.expiresAt.getTime()}`) ?? null;
        const result = flipResult(row.direction, row.openPrice, close?.price);
        const base = {
          userId: row.userId,
          token: row.token,
          amount: new Decimal(row.stake),
          ref: { type: 'flip_position', id: row.id },
          memo: row.orderNo,
        };
        const key = (part: string) => `flip:${row.id}:${part}`;
        // Each event's rewards stay within a quarter of the hedge's loss (flipRewardCap): farming none.
        const event = {
          userId: row.userId,
          game: 'flip',
          token: row.token,
          ref: base.ref,
          rewardCap: flipRewardCap(row.stake, row.profit),
          playSeq: row.playSeq,
        } as const;
        // A bet counts (turnover, rewards) once it won or lost: a refunded stake was never in play.
        if (result === 'won' || result === 'lost')
          events.push({ ...event, kind: 'bet', amount: base.amount });
        if (result === 'won') {
          requests.push(moves.unfreeze({ ...base, type: 'bet_unfreeze', causeKey: key('stake-back') }));
          if (new Decimal(row.profit).gt(0)) {
            events.push({ ...event, kind: 'profit', amount: new Decimal(row.profit) });
            requests.push(
              moves.payFromVault({
                ...base,
                amount: row.profit,
                type: 'flip_profit_pay',
                causeKey: key('profit'),
              }),
            );
          }
        } else if (result === 'lost') {
          events.push({ ...event, kind: 'loss', amount: new Decimal(row.stake) });
          requests.push(moves.consumeFrozen({ ...base, type: 'flip_consume', causeKey: key('stake-lost') }));
        } else {
          requests.push(moves.unfreeze({ ...base, type: 'flip_refund', causeKey: key('refund') }));
        }
        released.set(row.token, (released.get(row.token) ?? new Decimal(0)).add(row.profit));
        results.push({
          id: row.id,
          status: result === 'won' || result === 'lost' ? 'closed' : 'refunded',
          result,
          closePrice: close ? new Decimal(close.price).toFixed() : null,
          closeTickId: close?.tickId ?? null,
          pnl: flipPnl(result, row.stake, row.profit).toFixed(),
          settledAt,
        });
      }
      // What they could have won is no longer owed.
      await this.deps.ledger.moveAll(requests, tx, { release: released });
      await repo.settleFlips(tx, results);
      await this.deps.events.record(tx, events, prices);
      await notifyFlips(
        tx,
        rows.map((row, i) => ({
          id: row.id,
          userId: row.userId,
          status: results[i]!.status,
          result: results[i]!.result,
        })),
      );
      // Each result in the notification centre, with the settlement.
      await storeNotices(
        tx,
        rows.map((row, i) => ({
          userId: row.userId,
          kind: 'flip_result' as const,
          params: {
            flipId: String(row.id),
            symbol: row.symbol,
            direction: row.direction,
            result: results[i]!.result,
            stake: new Decimal(row.stake).toFixed(),
            pnl: results[i]!.pnl,
            token: row.token,
          },
        })),
        settledAt,
      );
      crashIf('flip-settling', this.deps.crashAt);
      return rows.map((row) => ({ expiresAt: row.expiresAt, settledAt }));
    });
    crashIf('flip-settled', this.deps.crashAt);
    if (settled.length > 0) for (const listener of this.settledListeners) listener(settled);
    return settled.length;
  }
}
