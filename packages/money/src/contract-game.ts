// The contract game's rules (DESIGN §7), as exact decimal arithmetic shared by the server (which
// settles) and the web app (which previews an order and moves a position's PnL with every tick).
//
//   notional N = margin M · leverage L        quantity Q = N / entry
//   unrealised PnL: long Q·(P − entry) = N·(P − entry)/entry, short N·(entry − P)/entry
//   return = PnL / M                           funding per interval = N · fundingRate, from the margin
//   liquidated when M + PnL − funding paid ≤ N · mmr
//   liquidation price, long entry·(1 − (M − F − N·mmr)/N), short entry·(1 + (M − F − N·mmr)/N)
//
// The liquidation test multiplies out the divisions (`isLiquidated`), so it is exact at any price:
// "not a tick before" holds to the last decimal. Money that moves is rounded to the token's decimals:
// fees half-up, a profit down (the house never pays a fraction it does not owe), a loss down too (the
// user never pays a fraction more). Nothing here rounds a price.
import { Decimal } from './decimal';

export type Side = 'long' | 'short';
type Num = Decimal | string | number;
const d = (value: Num) => new Decimal(value);

export function notional(margin: Num, leverage: Num): Decimal {
  return d(margin).mul(leverage);
}

/** Fees round half-up to the token's decimals. */
export function fee(notionalValue: Num, rate: Num, dp: number): Decimal {
  return d(notionalValue).mul(rate).toDecimalPlaces(dp, Decimal.ROUND_HALF_UP);
}

/** The open fee, taken from available on top of the margin. */
export function openFee(margin: Num, leverage: Num, rate: Num, dp: number): Decimal {
  return fee(notional(margin, leverage), rate, dp);
}

/**
 * One funding charge of a position of notional N: N·rate, half-up to the token's decimals like every
 * fee (the server takes it from the margin, never more than the margin left; the order form previews it).
 */
export function fundingCharge(notionalValue: Num, rate: Num, dp: number): Decimal {
  return fee(notionalValue, rate, dp);
}

/**
 * When a pair next charges funding, as an exchange does: on the clock's multiples of the interval
 * (every 8 h: 00:00, 08:00 and 16:00 UTC), the first one strictly after `now`. Every open position of
 * the pair pays then, whenever it was opened.
 */
export function nextFundingTime(now: Date | number, intervalSeconds: number): Date {
  const at = typeof now === 'number' ? now : now.getTime();
  const step = intervalSeconds * 1000;
  return new Date((Math.floor(at / step) + 1) * step);
}

/** The close fee at `price`: Q·P·rate = N·P/entry·rate. */
export function closeFee(notionalValue: Num, entry: Num, price: Num, rate: Num, dp: number): Decimal {
  return fee(d(notionalValue).mul(price).div(entry), rate, dp);
}

/** Unrealised PnL at `price`, unrounded. */
export function unrealisedPnl(side: Side, notionalValue: Num, entry: Num, price: Num): Decimal {
  const move = side === 'long' ? d(price).sub(entry) : d(entry).sub(price);
  return d(notionalValue).mul(move).div(entry);
}

/** Return on margin, as a fraction (0.25 = +25 %). */
export function returnRate(pnl: Num, margin: Num): Decimal {
  return d(margin).isZero() ? new Decimal(0) : d(pnl).div(margin);
}

export interface PositionTerms {
  side: Side;
  entry: Num;
  notional: Num;
  margin: Num;
  /** Funding paid so far (taken from the margin). */
  fundingPaid: Num;
  /** Maintenance rate. */
  mmr: Num;
}

/** Whether `price` liquidates the position: M + PnL − F ≤ N·mmr, multiplied out (exact). */
export function isLiquidated(terms: PositionTerms, price: Num): boolean {
  const N = d(terms.notional);
  const buffer = d(terms.margin).sub(terms.fundingPaid).sub(N.mul(terms.mmr)); // M − F − N·mmr
  const np = N.mul(price);
  // long: N·P ≤ entry·(N − buffer); short: N·P ≥ entry·(N + buffer)
  return terms.side === 'long'
    ? np.lte(d(terms.entry).mul(N.sub(buffer)))
    : np.gte(d(terms.entry).mul(N.add(buffer)));
}

/**
 * How near `price` brings the position to its liquidation: the share of the margin above maintenance
 * (M − N·mmr) that its loss and the funding paid have used up, 0 at a fresh open, 1 at the liquidation
 * price (exchanges' margin ratio, N·mmr / equity, stays near 0 until the last moments when mmr is
 * small, so it warns too late in a game with 0.05 % maintenance). A profit reads 0.
 */
export function liquidationRisk(terms: PositionTerms, price: Num): Decimal {
  const buffer = d(terms.margin).sub(d(terms.notional).mul(terms.mmr));
  if (buffer.lte(0)) return new Decimal(1);
  const used = d(terms.fundingPaid).sub(unrealisedPnl(terms.side, terms.notional, terms.entry, price));
  return Decimal.min(Decimal.max(used.div(buffer), 0), 1);
}

/** The liquidation price (unrounded; a long's never below zero). */
export function liquidationPrice(terms: PositionTerms): Decimal {
  const N = d(terms.notional);
  const buffer = d(terms.margin).sub(terms.fundingPaid).sub(N.mul(terms.mmr));
  const ratio = buffer.div(N);
  const price =
    terms.side === 'long' ? d(terms.entry).mul(d(1).sub(ratio)) : d(terms.entry).mul(d(1).add(ratio));
  return Decimal.max(price, 0);
}

/**
 * The price at which closing returns exactly what went in: PnL = open fee + close fee(P) + funding.
 * long P = entry·(N + fees + F)/(N·(1 − closeRate)); short P = entry·(N − fees − F)/(N·(1 + closeRate)).
 */
export function breakEvenPrice(
  side: Side,
  entry: Num,
  notionalValue: Num,
  openFeePaid: Num,
  fundingPaid: Num,
  closeFeeRate: Num,
): Decimal {
  const N = d(notionalValue);
  const costs = d(openFeePaid).add(fundingPaid);
  return side === 'long'
    ? d(entry)
        .mul(N.add(costs))
        .div(N.mul(d(1).sub(closeFeeRate)))
    : Decimal.max(
        d(entry)
          .mul(N.sub(costs))
          .div(N.mul(d(1).add(closeFeeRate))),
        0,
      );
}

/**
 * Which targets lie on the wrong side of `reference` (the entry at open; the current mark price when
 * changed later, so a long in profit can move its stop up to break-even): a take-profit must be on the
 * winning side, a stop-loss on the losing side. Both are checked, so a form shows both errors at once.
 */
export function targetsOnWrongSide(
  side: Side,
  reference: Num,
  takeProfit?: Num | null,
  stopLoss?: Num | null,
): { takeProfit: boolean; stopLoss: boolean } {
  const long = side === 'long';
  const ref = d(reference);
  return {
    takeProfit:
      takeProfit !== undefined &&
      takeProfit !== null &&
      (long ? d(takeProfit).lte(ref) : d(takeProfit).gte(ref)),
    stopLoss:
      stopLoss !== undefined && stopLoss !== null && (long ? d(stopLoss).gte(ref) : d(stopLoss).lte(ref)),
  };
}

/** The highest whole leverage ≤ max at which a new position is not liquidatable at once (L·mmr < 1). */
export function highestSafeLeverage(mmr: Num, maxLeverage: number): number {
  const rate = d(mmr);
  if (rate.lte(0)) return maxLeverage;
  // L·mmr < 1 ⟺ L < 1/mmr: the largest integer strictly below 1/mmr.
  const limit = d(1).div(rate);
  const below = limit.isInteger() ? limit.sub(1) : limit.floor();
  return Math.max(0, Math.min(maxLeverage, below.toNumber()));
}

/** Whether a new position at this leverage is liquidatable at once (M ≤ N·mmr at entry). */
export function liquidatableAtOpen(leverage: Num, mmr: Num): boolean {
  return d(leverage).mul(mmr).gte(1);
}

/**
 * The price at which the profit reaches its cap (cap multiple × margin): long entry·(1 + cap/L), short
 * entry·(1 − cap/L); null for a short whose cap lies at or below zero (it can never reach it).
 */
export function profitCapPrice(side: Side, entry: Num, leverage: Num, capMultiple: Num): Decimal | null {
  const ratio = d(capMultiple).div(leverage);
  if (side === 'long') return d(entry).mul(d(1).add(ratio));
  const price = d(entry).mul(d(1).sub(ratio));
  return price.gt(0) ? price : null;
}

export type CloseReason = 'manual' | 'take_profit' | 'stop_loss' | 'liquidation' | 'operator';

export interface Settlement {
  /** Realised PnL before the close fee, at the token's decimals (capped; a loss at most the margin left). */
  pnl: Decimal;
  /** Charged close fee (0 on liquidation, and refunded in full when the vault is short). */
  closeFee: Decimal;
  /** frozen → vault: the loss. */
  lossConsumed: Decimal;
  /** frozen → vault: the close fee. */
  feeFromFrozen: Decimal;
  /** frozen → available: what is left of the margin. */
  unfrozen: Decimal;
  /** vault → available: the profit paid (less than pnl when the vault is short). */
  profitPaid: Decimal;
  /** vault → available: the close fee given back because the vault could not pay the whole profit. */
  feeRefund: Decimal;
  vaultShort: boolean;
}

/**
 * How a position's remaining margin (M − funding paid) and the vault settle at `price`.
 * Liquidation takes the remaining margin; otherwise the loss and the close fee come from it (never
 * more than it) and a profit comes from the vault, as far as the vault has it.
 */
export function settle(
  terms: PositionTerms & {
    closeFeeRate: Num;
    /** Profit cap as a multiple of margin. */
    capMultiple: Num;
    dp: number;
    reason: CloseReason;
    /** What the vault can pay; left out, it pays in full (the ledger then pays at most what it has). */
    vaultAvailable?: Num;
  },
  price: Num,
): Settlement {
  const zero = new Decimal(0);
  const remaining = Decimal.max(d(terms.margin).sub(terms.fundingPaid), 0);
  if (terms.reason === 'liquidation') {
    return {
      pnl: remaining.neg(),
      closeFee: zero,
      lossConsumed: remaining,
      feeFromFrozen: zero,
      unfrozen: zero,
      profitPaid: zero,
      feeRefund: zero,
      vaultShort: false,
    };
  }
  const raw = unrealisedPnl(terms.side, terms.notional, terms.entry, price);
  // The cap, like every amount that moves, at the token's decimals (down: the house never pays a
  // fraction it does not owe); a multiple with many decimals would otherwise make a payout the
  // ledger refuses, and the position could never close in profit.
  const cap = d(terms.capMultiple).mul(terms.margin).toDecimalPlaces(terms.dp, Decimal.ROUND_DOWN);
  const fullFee = closeFee(terms.notional, terms.entry, price, terms.closeFeeRate, terms.dp);
  if (raw.gte(0)) {
    const pnl = Decimal.min(raw.toDecimalPlaces(terms.dp, Decimal.ROUND_DOWN), cap);
    const feeFromFrozen = Decimal.min(fullFee, remaining);
    const profitPaid =
      terms.vaultAvailable === undefined ? pnl : Decimal.min(pnl, Decimal.max(d(terms.vaultAvailable), 0));
    const vaultShort = profitPaid.lt(pnl);
    return {
      pnl,
      closeFee: vaultShort ? zero : feeFromFrozen,
      lossConsumed: zero,
      feeFromFrozen,
      unfrozen: remaining.sub(feeFromFrozen),
      profitPaid,
      feeRefund: vaultShort ? feeFromFrozen : zero,
      vaultShort,
    };
  }
  // A loss, rounded toward zero (never a fraction more than owed), at most what is left.
  const loss = Decimal.min(raw.neg().toDecimalPlaces(terms.dp, Decimal.ROUND_DOWN), remaining);
  const feeFromFrozen = Decimal.min(fullFee, remaining.sub(loss));
  return {
    pnl: loss.neg(),
    closeFee: feeFromFrozen,
    lossConsumed: loss,
    feeFromFrozen,
    unfrozen: remaining.sub(loss).sub(feeFromFrozen),
    profitPaid: zero,
    feeRefund: zero,
    vaultShort: false,
  };
}
