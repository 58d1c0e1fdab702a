// "Where the money went" for a flip: its ledger entries as lines a player reads. The stake's own lines
// (set aside, returned, refunded) say where it sat, unsigned; its loss and its win are what the
// balance moved, signed, and add up to the flip's realized PnL. The flip's detail and the asset
// history both use this, so a lost flip reads −stake once, not its freeze and its loss both.
import type { FlipMovementKind } from '@tradeflip/api';
import { Decimal } from '@tradeflip/money';

/** Each ledger type of a flip as a player names it. */
const movementOf: Record<string, FlipMovementKind> = {
  flip_bet_freeze: 'stake_frozen',
  bet_unfreeze: 'stake_returned',
  flip_consume: 'stake_lost',
  flip_profit_pay: 'profit',
  flip_refund: 'refund',
};

interface Entry {
  type: string;
  availableDelta: string;
  frozenDelta: string;
}

/** One line per entry, in the same order: its kind and amount, or undefined for a foreign type. */
export function flipLines(entries: Entry[]): ({ kind: FlipMovementKind; amount: string } | undefined)[] {
  return entries.map((entry) => {
    const kind = movementOf[entry.type];
    if (!kind) return undefined;
    const moved = new Decimal(entry.availableDelta).add(entry.frozenDelta);
    const amount = kind === 'stake_lost' || kind === 'profit' ? moved : new Decimal(entry.frozenDelta).abs();
    return { kind, amount: amount.toFixed() };
  });
}
