// A position's PnL figures, defined once (issue 32), as Binance, Bybit and OKX show them:
//
//   unrealized PnL     size × (mark − entry), signed by side (= N·(mark − entry)/entry for a long):
//                      the price's move alone, no fee. An open position's headline.
//   if closed now      what closing at the mark now would add to the balance (a loss: take from it):
//     (after fee)      the PnL as the close would settle it (capped, a loss at most the margin left)
//                      less the close fee at that price. The open fee and the funding have left the
//                      balance already, so they are not taken again.
//   realized PnL       a closed position's whole effect on the balance: the PnL paid less the open fee,
//                      the close fee charged and the funding paid. A closed position's headline.
//   return             the headline over the margin, a fraction at RATE_DP decimals.
//
// Every amount at the token's decimals, truncated toward zero (a holding is never shown larger), so
// the server's API and every screen show the same digits.
import { Decimal } from './decimal';
import { settle, unrealisedPnl, type PositionTerms, type Side } from './contract-game';

type Num = Decimal | string | number;
const d = (value: Num) => new Decimal(value);

/** Decimals of a return on margin as a fraction (0.1899 = 18.99 %). */
export const RATE_DP = 4;

/** The vault's balance is not the player's to know: an estimate assumes it pays in full. */
const VAULT_PAYS_IN_FULL = '1e30';

/** A return on margin at RATE_DP decimals, half-up. */
export function returnOnMargin(pnl: Num, margin: Num): Decimal {
  return d(margin).isZero()
    ? new Decimal(0)
    : d(pnl).div(margin).toDecimalPlaces(RATE_DP, Decimal.ROUND_HALF_UP);
}

/** Unrealized PnL at `mark`: the price's move alone, truncated to `dp`. */
export function unrealizedPnlAt(side: Side, notional: Num, entry: Num, mark: Num, dp: number): Decimal {
  return unrealisedPnl(side, notional, entry, mark).toDecimalPlaces(dp, Decimal.ROUND_DOWN);
}

export interface OpenPosition extends PositionTerms {
  closeFeeRate: Num;
  /** Profit cap as a multiple of margin. */
  capMultiple: Num;
}

export interface OpenPnl {
  /** The headline: unrealized PnL, no fee. */
  unrealizedPnl: Decimal;
  /** Its return on margin (fraction, RATE_DP). */
  returnRate: Decimal;
  /** The close fee closing at the mark would charge. */
  closeFee: Decimal;
  /** If closed now (after fee): what closing at the mark would add to the balance. */
  closeNow: Decimal;
}

/** An open position's figures at `mark`. */
export function openPnl(position: OpenPosition, mark: Num, dp: number): OpenPnl {
  const unrealized = unrealizedPnlAt(position.side, position.notional, position.entry, mark, dp);
  const settled = settle({ ...position, dp, reason: 'manual', vaultAvailable: VAULT_PAYS_IN_FULL }, mark);
  return {
    unrealizedPnl: unrealized,
    returnRate: returnOnMargin(unrealized, position.margin),
    closeFee: settled.closeFee,
    closeNow: settled.pnl.sub(settled.closeFee),
  };
}

export interface ClosedPosition {
  /** The PnL as settled (before fees). */
  pnl: Num;
  /** What the vault could not pay of it. */
  profitUnpaid?: Num | null;
  openFee: Num;
  /** The close fee charged (0 when refunded). */
  closeFee?: Num | null;
  fundingPaid: Num;
}

/** Realized PnL: what a closed position moved the balance by, both fees and the funding counted. */
export function realizedPnl(position: ClosedPosition): Decimal {
  return d(position.pnl)
    .sub(position.profitUnpaid ?? 0)
    .sub(position.openFee)
    .sub(position.closeFee ?? 0)
    .sub(position.fundingPaid);
}
