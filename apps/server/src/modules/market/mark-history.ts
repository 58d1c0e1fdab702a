// The marks of the last minutes, per pair, in every process (each hears the leader's marks): a timed
// game settles at "the last mark at or before its expiry" (DESIGN §8). Every mark is kept here (a
// few thousand a pair); the leader writes them to market_marks (flush) for a settlement after a
// restart, when this process heard nothing from before it started: there a mark is written when it
// moved, and at least once a second while it holds (the same price, the time within a second).
import type { RawTick } from './relay';

/** How often a mark that holds is written again. */
const HEARTBEAT_MS = 1000;

export class MarkHistory {
  private readonly bySymbol = new Map<string, RawTick[]>();
  private unwritten: RawTick[] = [];
  private readonly lastWritten = new Map<string, RawTick>();
  /** From when this process holds every mark it heard (its first one; later, the pruning's cut). */
  private since: number | undefined;

  constructor(private readonly keepMs: number) {}

  /** Marks as they come (any order across pairs; a pair's own marks in time order). */
  add(marks: RawTick[]): void {
    for (const mark of marks) {
      this.since ??= mark.time;
      const list = this.bySymbol.get(mark.symbol) ?? [];
      const last = list.at(-1);
      if (last && mark.time < last.time) continue; // a late one: its time is covered already
      if (last?.time === mark.time) list.pop();
      list.push(mark);
      const written = this.lastWritten.get(mark.symbol);
      if (!written || written.price !== mark.price || mark.time - written.time >= HEARTBEAT_MS) {
        this.unwritten.push(mark);
        this.lastWritten.set(mark.symbol, mark);
      }
      const cutoff = mark.time - this.keepMs;
      while (list.length > 1 && list[0]!.time < cutoff) {
        list.shift();
        this.since = Math.max(this.since, list[0]!.time);
      }
      this.bySymbol.set(mark.symbol, list);
    }
  }

  /**
   * The last mark of a pair at or before `time`, when this process heard the marks around it: `known`
   * false when its memory starts after `time` (ask the database).
   */
  atOrBefore(symbol: string, time: number): { known: boolean; mark?: RawTick } {
    const list = this.bySymbol.get(symbol);
    if (!list?.length || list[0]!.time > time) return { known: false };
    let low = 0;
    let high = list.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (list[middle]!.time <= time) low = middle;
      else high = middle - 1;
    }
    return { known: true, mark: list[low] };
  }

  /** The time from which this process holds every mark it heard (undefined before the first). */
  heardSince(): number | undefined {
    return this.since;
  }

  /** Every mark held that is newer than `time`, all pairs. */
  marksAfter(time: number): RawTick[] {
    return [...this.bySymbol.values()].flatMap((list) => list.filter((mark) => mark.time > time));
  }

  /** The time of the newest mark heard of each pair. */
  newestTimes(): Map<string, number> {
    const times = new Map<string, number>();
    for (const [symbol, list] of this.bySymbol) {
      const newest = list.at(-1);
      if (newest) times.set(symbol, newest.time);
    }
    return times;
  }

  /** What the leader has to write; taken, so each mark is written once. */
  takeUnwritten(): RawTick[] {
    const taken = this.unwritten;
    this.unwritten = [];
    return taken;
  }

  /** A follower's marks are the leader's to write. */
  discardUnwritten(): void {
    this.unwritten = [];
  }

  /** Puts back marks a failed write could not store (the next flush tries again). */
  restore(marks: RawTick[]): void {
    this.unwritten = [...marks, ...this.unwritten];
  }
}
