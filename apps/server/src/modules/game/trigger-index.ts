// The engine's index of open positions by the prices that close them (DESIGN §7, issue 11): per pair,
// one heap of "fires at or below" prices (a long's liquidation and stop-loss, a short's take-profit and
// profit cap) and one of "fires at or above" prices (a long's take-profit and cap, a short's
// liquidation and stop-loss). A tick looks only at the tops of the two heaps, so its cost grows with
// the positions it crosses, not the number open. Heap keys are floats nudged outward (a candidate is
// never missed); the exact decimal test (isLiquidated and the targets) decides. A changed position is
// pushed again under a new version; stale entries are dropped when they surface. flatqueue is the heap.
import FlatQueue from 'flatqueue';
import { Decimal, isLiquidated, liquidationPrice, type Side } from '@tradeflip/money';
import type { CloseReason } from '@tradeflip/contract';

export interface IndexedPosition {
  id: number;
  symbol: string;
  side: Side;
  entry: string;
  notional: string;
  margin: string;
  fundingPaid: string;
  mmr: string;
  takeProfit: string | null;
  stopLoss: string | null;
  /** The profit cap's price (closes as take-profit), or null. */
  capPrice: string | null;
}

interface Entry {
  position: IndexedPosition;
  version: number;
}

/** Floats nudged so that rounding never hides a crossing: the exact test follows. */
const NUDGE = 1e-9;

class PairHeaps {
  /** Fires when price ≤ key: a max-heap, as a min-heap of −key. */
  readonly below = new FlatQueue<number>();
  /** Fires when price ≥ key. */
  readonly above = new FlatQueue<number>();
  /** Heap slot → (position id, version). */
  readonly slots: { id: number; version: number }[] = [];
  private free: number[] = [];

  slot(id: number, version: number): number {
    const slot = this.free.pop() ?? this.slots.length;
    this.slots[slot] = { id, version };
    return slot;
  }

  release(slot: number) {
    this.free.push(slot);
  }
}

export class TriggerIndex {
  private readonly pairs = new Map<string, PairHeaps>();
  private readonly live = new Map<number, Entry>();
  private nextVersion = 1;

  get size(): number {
    return this.live.size;
  }

  has(id: number): boolean {
    return this.live.has(id);
  }

  /** Adds a position, or replaces its earlier state (funding paid, targets changed). */
  upsert(position: IndexedPosition): void {
    const version = this.nextVersion++;
    this.live.set(position.id, { position, version });
    let heaps = this.pairs.get(position.symbol);
    if (!heaps) this.pairs.set(position.symbol, (heaps = new PairHeaps()));
    const { below, above } = triggerPrices(position);
    if (below !== null) heaps.below.push(heaps.slot(position.id, version), -(below * (1 + NUDGE)));
    if (above !== null) heaps.above.push(heaps.slot(position.id, version), above * (1 - NUDGE));
  }

  remove(id: number): void {
    this.live.delete(id);
  }

  /**
   * The positions `price` closes, with the reason (liquidation first, then stop-loss, then
   * take-profit); each leaves the index. Candidates the exact test spares stay.
   */
  crossed(symbol: string, price: string): { position: IndexedPosition; reason: CloseReason }[] {
    const heaps = this.pairs.get(symbol);
    if (!heaps) return [];
    const p = Number(price);
    const exact = new Decimal(price);
    const fired: { position: IndexedPosition; reason: CloseReason }[] = [];
    const spared: { heap: FlatQueue<number>; slot: number; key: number }[] = [];
    const drain = (heap: FlatQueue<number>, crosses: (key: number) => boolean) => {
      while (heap.length > 0 && crosses(heap.peekValue()!)) {
        const key = heap.peekValue()!;
        const slot = heap.pop()!;
        const { id, version } = heaps.slots[slot]!;
        const entry = this.live.get(id);
        if (!entry || entry.version !== version) {
          heaps.release(slot);
          continue; // closed, or replaced by a newer state
        }
        const reason = reasonAt(entry.position, exact);
        if (reason) {
          this.live.delete(id);
          heaps.release(slot);
          fired.push({ position: entry.position, reason });
        } else {
          spared.push({ heap, slot, key });
        }
      }
    };
    drain(heaps.below, (key) => p <= -key);
    drain(heaps.above, (key) => p >= key);
    for (const { heap, slot, key } of spared) heap.push(slot, key);
    return fired;
  }

  /** Every position the index holds (tests, and a full scan to compare with in the bench). */
  positions(): IndexedPosition[] {
    return [...this.live.values()].map((entry) => entry.position);
  }
}

/** The two trigger prices of a position as floats: the highest "below" and the lowest "above". */
function triggerPrices(position: IndexedPosition): { below: number | null; above: number | null } {
  const liq = Number(liquidationPrice(position).toFixed());
  const tp = position.takeProfit === null ? null : Number(position.takeProfit);
  const sl = position.stopLoss === null ? null : Number(position.stopLoss);
  const cap = position.capPrice === null ? null : Number(position.capPrice);
  const max = (...xs: (number | null)[]) => {
    const xs2 = xs.filter((x): x is number => x !== null);
    return xs2.length ? Math.max(...xs2) : null;
  };
  const min = (...xs: (number | null)[]) => {
    const xs2 = xs.filter((x): x is number => x !== null);
    return xs2.length ? Math.min(...xs2) : null;
  };
  return position.side === 'long'
    ? { below: max(liq, sl), above: min(tp, cap) }
    : { below: max(tp, cap), above: min(liq, sl) };
}

/** Exactly whether, and why, `price` closes the position. */
export function reasonAt(position: IndexedPosition, price: Decimal): CloseReason | null {
  if (isLiquidated(position, price)) return 'liquidation';
  const long = position.side === 'long';
  if (position.stopLoss !== null && (long ? price.lte(position.stopLoss) : price.gte(position.stopLoss))) {
    return 'stop_loss';
  }
  const targets = [position.takeProfit, position.capPrice].filter((x): x is string => x !== null);
  if (targets.some((target) => (long ? price.gte(target) : price.lte(target)))) return 'take_profit';
  return null;
}
