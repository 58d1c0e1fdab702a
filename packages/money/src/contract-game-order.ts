// The contract order's checks (spec §5, DESIGN §7), one pure function shared by the server's open and
// the order panel, so a person sees as they type exactly what the server would answer. In the spec's
// order: margin required, side, leverage 1..max (digits only), amount or precision, the pair's margin
// range, the target prices' format, then — when the balance is known — insufficient balance and
// insufficient fee, then — when the price is known — the targets against it. The first problem wins.
import { Decimal } from './decimal';
import {
  highestSafeLeverage,
  liquidatableAtOpen,
  openFee,
  targetsOnWrongSide,
  type Side,
} from './contract-game';

/** The pair's terms the checks need (a GamePair has them). */
export interface OpenTerms {
  maxLeverage: number;
  minMargin: string;
  maxMargin: string;
  openFeeRate: string;
  mmr: string;
  priceDp: number;
  amountDp: number;
  marginToken: string;
}

/** What a person typed or a client sent. */
export interface OpenInput {
  side?: unknown;
  margin?: unknown;
  leverage?: unknown;
  takeProfit?: unknown;
  stopLoss?: unknown;
}

export type OpenField = 'side' | 'margin' | 'leverage' | 'takeProfit' | 'stopLoss';

/** A refusal: the field it is about, its catalog key and the key's variables. */
export interface OpenProblem {
  field: OpenField;
  key:
    | 'game.marginRequired'
    | 'game.sideRequired'
    | 'game.leverageRange'
    | 'game.leverageTooHigh'
    | 'game.amountInvalid'
    | 'game.marginRange'
    | 'game.priceInvalid'
    | 'game.takeProfitInvalid'
    | 'game.stopLossInvalid'
    | 'errors.insufficientBalance'
    | 'game.insufficientFee';
  /** The API's reason word: 'validation', or the two balance refusals of DESIGN §3. */
  reason: 'validation' | 'insufficient_balance' | 'insufficient_fee';
  vars?: Record<string, string | number>;
}

/** An order that passed: its parsed values and what it costs. */
export interface OpenOrder {
  side: Side;
  margin: Decimal;
  leverage: number;
  fee: Decimal;
  /** Margin + open fee: what leaves the available balance. */
  cost: Decimal;
  takeProfit?: Decimal;
  stopLoss?: Decimal;
}

export type OpenCheck = { ok: true; order: OpenOrder } | { ok: false; problem: OpenProblem };

/** The most integer digits a stored amount or price has (NUMERIC(38,18)). */
const MAX_INTEGER_DIGITS = 20;

/** A positive-or-zero decimal typed in plain digits, with at most `dp` decimals, or undefined. */
export function plainDecimalOf(value: unknown, dp: number): Decimal | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match || match[1]!.replace(/^0+(?=\d)/, '').length > MAX_INTEGER_DIGITS) return undefined;
  if ((match[2]?.length ?? 0) > dp) return undefined;
  return new Decimal(text);
}

/** A whole leverage written in digits only (no sign, spaces, exponent or hex), or undefined. */
function leverageOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== 'string' || !/^\d{1,7}$/.test(value)) return undefined;
  return Number(value);
}

const problem = (
  field: OpenField,
  key: OpenProblem['key'],
  vars?: OpenProblem['vars'],
  reason: OpenProblem['reason'] = 'validation',
): OpenCheck => ({ ok: false, problem: { field, key, reason, ...(vars && { vars }) } });

/**
 * Checks an order against the pair's terms; with `available`, against the balance too; with `price`
 * (the entry), the take-profit and stop-loss against it.
 */
export function validateOpen(
  input: OpenInput,
  terms: OpenTerms,
  context: { available?: Decimal | string; price?: Decimal | string } = {},
): OpenCheck {
  if (input.margin === undefined || input.margin === null || String(input.margin).trim() === '') {
    return problem('margin', 'game.marginRequired');
  }
  const side = typeof input.side === 'string' ? input.side.trim().toLowerCase() : undefined;
  if (side !== 'long' && side !== 'short') return problem('side', 'game.sideRequired');
  const leverage = leverageOf(input.leverage);
  if (leverage === undefined || leverage < 1 || leverage > terms.maxLeverage) {
    return problem('leverage', 'game.leverageRange', { max: terms.maxLeverage });
  }
  const margin = plainDecimalOf(input.margin, terms.amountDp);
  if (!margin || margin.isZero()) return problem('margin', 'game.amountInvalid', { n: terms.amountDp });
  if (margin.lt(terms.minMargin) || margin.gt(terms.maxMargin)) {
    return problem('margin', 'game.marginRange', {
      min: new Decimal(terms.minMargin).toFixed(),
      max: new Decimal(terms.maxMargin).toFixed(),
      token: terms.marginToken,
    });
  }
  const targets: Partial<Record<'takeProfit' | 'stopLoss', Decimal>> = {};
  for (const field of ['takeProfit', 'stopLoss'] as const) {
    const raw = input[field];
    if (raw === undefined || raw === null || raw === '') continue;
    const price = plainDecimalOf(raw, terms.priceDp);
    if (!price || price.isZero()) return problem(field, 'game.priceInvalid');
    targets[field] = price;
  }
  const fee = openFee(margin, leverage, terms.openFeeRate, terms.amountDp);
  const order: OpenOrder = { side, margin, leverage, fee, cost: margin.add(fee), ...targets };

  if (context.available !== undefined) {
    const funds = fundsProblem(order, context.available, terms.marginToken);
    if (funds) return { ok: false, problem: funds };
  }
  if (liquidatableAtOpen(leverage, terms.mmr)) {
    return problem('leverage', 'game.leverageTooHigh', {
      max: highestSafeLeverage(terms.mmr, terms.maxLeverage),
    });
  }
  if (context.price !== undefined) {
    const target = targetsProblem(order, context.price);
    if (target) return { ok: false, problem: target };
  }
  return { ok: true, order };
}

/** Insufficient balance (available < margin), then insufficient fee (available < margin + fee). */
export function fundsProblem(order: OpenOrder, available: Decimal | string, token: string) {
  const have = new Decimal(available);
  if (have.lt(order.margin)) {
    return { field: 'margin', key: 'errors.insufficientBalance', reason: 'insufficient_balance' } as const;
  }
  if (have.lt(order.cost)) {
    return {
      field: 'margin',
      key: 'game.insufficientFee',
      reason: 'insufficient_fee',
      vars: { fee: order.fee.toFixed(), token },
    } satisfies OpenProblem;
  }
  return undefined;
}

/** A take-profit lies on the winning side of the entry, a stop-loss on the losing side. */
export function targetsProblem(order: OpenOrder, entry: Decimal | string): OpenProblem | undefined {
  const wrong = targetsOnWrongSide(order.side, entry, order.takeProfit, order.stopLoss);
  if (wrong.takeProfit) return { field: 'takeProfit', key: 'game.takeProfitInvalid', reason: 'validation' };
  if (wrong.stopLoss) return { field: 'stopLoss', key: 'game.stopLossInvalid', reason: 'validation' };
  return undefined;
}

/**
 * The largest margin whose cost (margin + its open fee, rounded as the server rounds it) fits in
 * `available`, within the pair's maximum; zero when not even the smallest step fits.
 */
export function maxOpenMargin(
  available: Decimal | string,
  leverage: number,
  terms: Pick<OpenTerms, 'openFeeRate' | 'amountDp' | 'maxMargin'>,
): Decimal {
  const have = new Decimal(available);
  if (have.lte(0) || leverage < 1) return new Decimal(0);
  const step = new Decimal(1).div(new Decimal(10).pow(terms.amountDp));
  // margin · (1 + L·rate) ≤ available, rounded down; the fee's half-up rounding can overshoot by a step.
  let margin = Decimal.min(
    have.div(new Decimal(1).add(new Decimal(leverage).mul(terms.openFeeRate))),
    terms.maxMargin,
  ).toDecimalPlaces(terms.amountDp, Decimal.ROUND_DOWN);
  while (margin.gt(0) && margin.add(openFee(margin, leverage, terms.openFeeRate, terms.amountDp)).gt(have)) {
    margin = margin.sub(step);
  }
  return Decimal.max(margin, 0);
}
