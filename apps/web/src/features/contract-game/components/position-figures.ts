// A position's figures as the screens show them (its card, its detail sheet, its Close and TP / SL
// sheets): an open one's PnL at the live price with the settlement's formula, what closing now would
// cost and leave, its margin ratio; a closed one's as it was settled, its return from the net.
// Decimals only; the formulas are packages/money's contract-game.ts, the same the server settles with.
import type { GamePair, Position, PositionMovementKind } from '@tradeflip/api';
import {
  Decimal,
  liquidationRisk,
  playerPrice,
  returnRate,
  settle,
  tradeOf,
  unrealisedPnl,
  type Side,
} from '@tradeflip/money';

/** Open: gross PnL at `price`; closed: realized (net of fees and funding). Return on margin in %. */
export function pnlOf(
  item: Position,
  price: string | undefined,
): { pnl: Decimal | null; returnPercent: Decimal | null } {
  if (item.status === 'closed') {
    const net = item.realizedPnl ?? item.pnl;
    const pnl = net === null ? null : new Decimal(net);
    return { pnl, returnPercent: pnl ? returnRate(pnl, item.margin).mul(100) : null };
  }
  const pnl = price ? unrealisedPnl(item.side, item.notional, item.entryPrice, price) : null;
  return { pnl, returnPercent: pnl ? returnRate(pnl, item.margin).mul(100) : null };
}

/** The vault's balance is not the player's to know; an estimate assumes it pays in full. */
const VAULT_PAYS_IN_FULL = '1e30';

/**
 * Closing at `price` now, as the server would settle it: the close fee and the net PnL (the PnL paid
 * less both fees and the funding paid), i.e. what the balance would move by over the position's life.
 */
export function closeEstimate(
  item: Position,
  pair: Pick<GamePair, 'closeFeeRate' | 'mmr' | 'profitCapMultiple' | 'amountDp'>,
  price: string,
): { closeFee: Decimal; pnl: Decimal; net: Decimal } {
  const result = settle(
    {
      side: item.side,
      entry: item.entryPrice,
      notional: item.notional,
      margin: item.margin,
      fundingPaid: item.fundingPaid,
      mmr: pair.mmr,
      closeFeeRate: pair.closeFeeRate,
      capMultiple: pair.profitCapMultiple,
      dp: pair.amountDp,
      reason: 'manual',
      vaultAvailable: VAULT_PAYS_IN_FULL,
    },
    price,
  );
  const net = result.pnl.sub(item.openFee).sub(item.fundingPaid).sub(result.closeFee);
  return { closeFee: result.closeFee, pnl: result.pnl, net };
}

/** How near liquidation `price` brings it (a fraction, 1 = liquidation) and whether to warn. */
export function riskOf(item: Position, mmr: string, price: string): { ratio: Decimal; warn: boolean } {
  const ratio = liquidationRisk(
    {
      side: item.side,
      entry: item.entryPrice,
      notional: item.notional,
      margin: item.margin,
      fundingPaid: item.fundingPaid,
      mmr,
    },
    price,
  );
  return { ratio, warn: ratio.gte(WARN_RATIO) };
}

/** From 70 % of the way the bar turns to a warning. */
export const WARN_RATIO = '0.7';

/**
 * The margin's own lines of "where the money went" (locked, returned) only say where it sat; the
 * others add up to the net change (contract's marginMovementKinds, without loading the schemas).
 */
export const isMarginLine = (kind: PositionMovementKind) =>
  kind === 'margin_locked' || kind === 'margin_released';

/** The up/down colour class of a signed figure. */
export const tone = (value: Decimal | null) =>
  !value ? '' : value.gt(0) ? 'is-up' : value.lt(0) ? 'is-down' : '';

/**
 * The price the player's own close takes now, as the server prices it: the worse for the player of
 * the mark and the newest trade (a long sells at the lower, a short buys at the higher).
 */
export function closePriceOf(
  side: Side,
  mark: string | undefined,
  last: string | undefined,
): string | undefined {
  return mark ? playerPrice(tradeOf(side, 'close'), mark, last)?.toFixed() : undefined;
}
