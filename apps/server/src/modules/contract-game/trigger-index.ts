// The engine's index of open positions by the prices that close them (DESIGN §7, issue 11): per pair,
// one heap of "fires at or below" prices (a long's liquidation and stop-loss, a short's take-profit and
// profit cap) and one of "fires at or above" prices (a long's take-profit and cap, a short's
// liquidation and stop-loss). A tick looks only at the tops of the two heaps, so its cost grows with
// the positions it crosses, not the number open. Keys are exact decimals; the exact test (isLiquidated
// and the targets) decides, so a candidate that the key's rounding of a division brings forward is
// kept for a later tick. A changed position is pushed again under a new version; stale entries are
// dropped when they surface. heap-js is the heap.
import { Heap } from 'heap-js';
import { Decimal, isLiquidated, liquidationPrice, type Side } from '@tradeflip/money';
import type { CloseReason } from '@tradeflip/api';

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
  id: number;
  version: number;
  key: Decimal;
}

class PairHeaps {
  /** Fires when price ≤ key: the highest key on top. */
  readonly below = new Heap<Entry>((a, b) => b.key.comparedTo(a.key));
  /** Fires when price ≥ key: the lowest key on top. */
  readonly above = new Heap<Entry>((a, b) => a.key.comparedTo(b.key));
}

export class TriggerIndex {
  private readonly pairs = new Map<string, PairHeaps>();
  private readonly live = new Map<number, { position: IndexedPosition; version: number }>();
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
    if (below) heaps.below.push({ id: position.id, version, key: below });
    if (above) heaps.above.push({ id: position.id, version, key: above });
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
    const exact = new Decimal(price);
    const fired: { position: IndexedPosition; reason: CloseReason }[] = [];
    const drain = (heap: Heap<Entry>, crosses: (key: Decimal) => boolean) => {
      const spared: Entry[] = [];
      for (let top = heap.peek(); top && crosses(top.key); top = heap.peek()) {
        heap.pop();
        const current = this.live.get(top.id);
        if (!current || current.version !== top.version) continue; // closed, or replaced since
        const reason = reasonAt(current.position, exact);
        if (reason) {
          this.live.delete(top.id);
          fired.push({ position: current.position, reason });
        } else {
          spared.push(top);
        }
      }
      for (const entry of spared) heap.push(entry);
    };
    drain(heaps.below, (key) => exact.lte(key));
    drain(heaps.above, (key) => exact.gte(key));
    return fired;
  }

  /** Every position the index holds (tests, and a full scan to compare with in the bench). */
  positions(): IndexedPosition[] {
    return [...this.live.values()].map((entry) => entry.position);
  }
}

/** The two trigger prices of a position: the highest "below" and the lowest "above". */
function triggerPrices(position: IndexedPosition): { below: Decimal | null; above: Decimal | null } {
  const liq = liquidationPrice(position);
  const price = (value: string | null) => (value === null ? null : new Decimal(value));
  const pick = (choose: 'max' | 'min', ...values: (Decimal | null)[]) => {
    const present = values.filter((value): value is Decimal => value !== null);
    return present.length ? Decimal[choose](...present) : null;
  };
  const [tp, sl, cap] = [price(position.takeProfit), price(position.stopLoss), price(position.capPrice)];
  return position.side === 'long'
    ? { below: pick('max', liq, sl), above: pick('min', tp, cap) }
    : { below: pick('max', tp, cap), above: pick('min', liq, sl) };
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
