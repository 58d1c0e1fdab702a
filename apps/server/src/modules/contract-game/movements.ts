// "Where the money went" (issue 16): a position's ledger entries as lines a player reads. The ledger
// books the margin's trip (available → frozen → back) and takes funding, the close fee and a loss out
// of the frozen margin, so its raw rows count money twice (a margin unfrozen net of the close fee,
// beside the close fee). Here each real effect is one line: the margin locked and returned in full
// (where it sat, not money won or lost), and the open fee, funding, loss or profit, close fee and a
// refunded fee, which add up to the position's realized PnL (what the balance moved). The position's
// detail and the asset history both use this.
import type { PositionMovementKind } from '@tradeflip/api';
import { Decimal } from '@tradeflip/money';

const kindOfType: Record<string, PositionMovementKind> = {
  margin_lock: 'margin_locked',
  margin_unfreeze: 'margin_released',
  game_open_fee: 'open_fee',
  funding_fee: 'funding',
  loss_consumed: 'loss',
  close_fee_from_frozen: 'close_fee',
  game_close_fee: 'close_fee',
  profit_payout: 'profit',
  fee_refund_vault_short: 'fee_refund',
};

interface Entry {
  type: string;
  availableDelta: string;
  frozenDelta: string;
}

/**
 * One position's ledger entries (all of them, any order) as lines, one per entry in the same order:
 * its kind and amount, or undefined for a foreign type. The margin's return is the margin in full
 * (what it locked), as the funding, loss and close fee it paid are lines of their own.
 */
export function positionLines(
  entries: Entry[],
): ({ kind: PositionMovementKind; amount: string } | undefined)[] {
  const locked = entries
    .filter((entry) => entry.type === 'margin_lock')
    .reduce((sum, entry) => sum.add(entry.frozenDelta), new Decimal(0));
  return entries.map((entry) => {
    const kind = kindOfType[entry.type];
    if (!kind) return undefined;
    const amount =
      kind === 'margin_locked'
        ? new Decimal(entry.frozenDelta).abs()
        : kind === 'margin_released'
          ? locked.isZero()
            ? new Decimal(entry.frozenDelta).abs()
            : locked
          : new Decimal(entry.availableDelta).add(entry.frozenDelta);
    return { kind, amount: amount.toFixed() };
  });
}
