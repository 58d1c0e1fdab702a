// "Where the money went" (issue 16): a position's ledger entries as lines a player reads. The ledger
// books the margin's trip (available → frozen → back) and takes funding, the close fee and a loss out
// of the frozen margin, so summing its raw rows counts money twice. Each line here is one real effect
// on the balance (available + frozen), so the lines add up to the position's realized PnL; the margin's
// two lines only say where it sat. The position's detail and the asset history both use this.
import type { PositionMovementKind } from '@tradeflip/contract';
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

/** One ledger entry of a position as a line: its kind and amount, or undefined for a foreign type. */
export function positionLine(entry: {
  type: string;
  availableDelta: string;
  frozenDelta: string;
}): { kind: PositionMovementKind; amount: string } | undefined {
  const kind = kindOfType[entry.type];
  if (!kind) return undefined;
  const amount =
    kind === 'margin_locked' || kind === 'margin_released'
      ? new Decimal(entry.frozenDelta).abs()
      : new Decimal(entry.availableDelta).add(entry.frozenDelta);
  return { kind, amount: amount.toFixed() };
}
