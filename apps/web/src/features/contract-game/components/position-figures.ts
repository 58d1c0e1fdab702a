// A position's figures as the screens show them (its card, its detail sheet, its Close and TP / SL
// sheets): an open one's unrealized PnL and what closing now would add, at the live price; a closed
// one's realized PnL as it was settled; its margin ratio. The definitions are packages/money's
// position-pnl.ts, the same the server answers with (the overview on Home and Total assets).
import type { GamePair, Position, PositionMovementKind } from '@tradeflip/api';
import {
  Decimal,
  liquidationRisk,
  openPnl,
  playerPrice,
  realizedPnl,
  returnOnMargin,
  tradeOf,
  type OpenPnl,
  type Side,
} from '@tradeflip/money';

type PairTerms = Pick<GamePair, 'closeFeeRate' | 'mmr' | 'profitCapMultiple' | 'amountDp'>;

/** An open position's figures at `price` (position-pnl.ts): unrealized PnL, close fee, if closed now. */
export function openFigures(item: Position, pair: PairTerms, price: string): OpenPnl {
  return openPnl(
    {
      side: item.side,
      entry: item.entryPrice,
      notional: item.notional,
      margin: item.margin,
      fundingPaid: item.fundingPaid,
      mmr: pair.mmr,
      closeFeeRate: pair.closeFeeRate,
      capMultiple: pair.profitCapMultiple,
    },
    price,
    pair.amountDp,
  );
}

/**
 * The headline: open, the unrealized PnL at `price`; closed, the realized PnL (both fees and the
 * funding counted). With its return on margin (a fraction).
 */
export function headlineOf(
  item: Position,
  pair: PairTerms,
  price: string | undefined,
): { pnl: Decimal | null; returnRate: Decimal | null } {
  if (item.status === 'closed') {
    // The server's figure (position-pnl.ts there too); an answer without it, from its parts.
    const pnl = item.realizedPnl
      ? new Decimal(item.realizedPnl)
      : item.pnl === null
        ? null
        : realizedPnl({ ...item, pnl: item.pnl });
    return { pnl, returnRate: pnl ? returnOnMargin(pnl, item.margin) : null };
  }
  if (!price) return { pnl: null, returnRate: null };
  const figures = openFigures(item, pair, price);
  return { pnl: figures.unrealizedPnl, returnRate: figures.returnRate };
}

/**
 * The realized PnL closing at `price` would make (a take-profit's or stop-loss's estimate): what
 * closing adds, less the open fee and the funding already paid.
 */
export function realizedAt(item: Position, pair: PairTerms, price: string): Decimal {
  return openFigures(item, pair, price).closeNow.sub(item.openFee).sub(item.fundingPaid);
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
