// The contract game (DESIGN §7, issue 11): pairs and their terms, opening and closing positions, the
// positions as the app shows them (spec §3), and the user channel's position events.
import { z } from 'zod';
import type { MessageKey } from '@tradeflip/i18n';
import { decimalString, UNSIGNED_DECIMAL_PATTERN } from './wallet';
import { idInput, pageQuerySchema, pageSchema } from './envelope';

export const positionSides = ['long', 'short'] as const;
export const closeReasons = ['manual', 'take_profit', 'stop_loss', 'liquidation', 'operator'] as const;
export type CloseReason = (typeof closeReasons)[number];

/** GET /api/app/game/pairs: each pair's terms. Rates are fractions (0.0005 = 0.05 %). */
export const gamePair = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  marginToken: z.string(),
  maxLeverage: z.number().int(),
  openFeeRate: z.string(),
  closeFeeRate: z.string(),
  fundingRate: z.string(),
  fundingIntervalSeconds: z.number().int(),
  /** The pair's next funding charge (ISO time): on the clock's multiples of the interval. */
  nextFundingAt: z.string(),
  mmr: z.string(),
  minMargin: z.string(),
  maxMargin: z.string(),
  profitCapMultiple: z.string(),
  /** Decimals of the pair's prices and of the margin token's amounts (the precision map). */
  priceDp: z.number().int(),
  amountDp: z.number().int(),
  enabled: z.boolean(),
});
export type GamePair = z.infer<typeof gamePair>;
export const gamePairList = z.object({ list: z.array(gamePair) });

/**
 * POST /api/app/game/open. Every field is checked by the server in the spec's order (§5), so the body
 * takes anything of the right shape and the answer names the first thing wrong, in the user's words.
 */
const loose = z.union([z.string(), z.number()]).optional();
/**
 * A take-profit or stop-loss: a plain positive decimal within NUMERIC(38,18), or '' for none; the
 * pair's decimals and its side of the entry are the server's checks.
 */
const priceInvalid = { error: 'game.priceInvalid' };
const targetPrice = z.union(
  [
    z.literal(''),
    z.string(priceInvalid).regex(UNSIGNED_DECIMAL_PATTERN, priceInvalid),
    // A JSON number past 2^53 arrived rounded (12345678901234567891 reads as …567000): refused.
    z.number(priceInvalid).positive(priceInvalid).max(Number.MAX_SAFE_INTEGER, priceInvalid),
  ],
  priceInvalid,
);
export const openPositionBody = z.object({
  symbol: z.string().max(20).optional(),
  side: z.string().max(10).optional(),
  /** The margin token (USDT); optional, the pair's own when absent. */
  token: z.string().max(20).optional(),
  margin: loose,
  /** Digits or a whole number; validateOpen (packages/money) names the range when it is not. */
  leverage: loose,
  takeProfit: targetPrice.optional(),
  stopLoss: targetPrice.optional(),
});
export type OpenPositionBody = z.infer<typeof openPositionBody>;

export const positionIdBody = z.object({ id: idInput });
/** POST /api/app/game/tpsl: set or clear (null) a take-profit and a stop-loss. */
export const tpslBody = z.object({
  id: idInput,
  takeProfit: targetPrice.nullable().optional(),
  stopLoss: targetPrice.nullable().optional(),
});

/** A position (spec §3): open ones with their live figures at the current price. */
export const position = z.object({
  id: z.string(),
  orderNo: z.string(),
  symbol: z.string(),
  side: z.enum(positionSides),
  marginToken: z.string(),
  margin: z.string(),
  leverage: z.number().int(),
  /** Notional (position size in the margin token). */
  notional: z.string(),
  entryPrice: z.string(),
  openFee: z.string(),
  fundingPaid: z.string(),
  nextFundingAt: z.string().nullable(),
  liquidationPrice: z.string(),
  breakEvenPrice: z.string(),
  takeProfit: z.string().nullable(),
  stopLoss: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  /** Open: at the last price; closed: realised. */
  currentPrice: z.string().nullable(),
  /**
   * Open: unrealized PnL at the last price, size × (mark − entry) signed by side, no fee (the
   * headline); closed: the price move as settled (capped). At the margin token's decimals.
   */
  pnl: z.string().nullable(),
  /**
   * Open only: "If closed now (after fee)", what closing at the last price would add to the balance
   * (the PnL as it would settle less the close fee; the open fee and funding have left already).
   */
  closeNow: z.string().nullable(),
  /**
   * Closed only: what the position moved the balance by (DESIGN §7), the PnL paid less the open and
   * close fees and the funding; `pnl`, `openFee`, `closeFee` and `fundingPaid` are its breakdown.
   */
  realizedPnl: z.string().nullable(),
  /** Return on margin, a fraction at 4 decimals: open, of the unrealized PnL; closed, of the realized PnL. */
  returnRate: z.string().nullable(),
  closePrice: z.string().nullable(),
  closeFee: z.string().nullable(),
  closeReason: z.enum(closeReasons).nullable(),
  profitUnpaid: z.string().nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});

/** One movement of a position's money, as the user's history names it (margin lock, open fee, ...). */
export const positionEntry = z.object({
  id: z.string(),
  type: z.string(),
  availableDelta: decimalString,
  frozenDelta: decimalString,
  createdAt: z.string(),
});
export type PositionEntry = z.infer<typeof positionEntry>;

/**
 * "Where the money went", in a player's words: one line per ledger movement of the position, each
 * real effect once. The margin's lines (locked, released) only say where it was, their `amount`
 * unsigned and the margin in full (the funding, loss and close fee taken from it are lines of their
 * own); every other line's `amount` is its signed effect on the balance, and those add up to
 * `realizedPnl`.
 */
export const positionMovementKinds = [
  'margin_locked',
  'margin_released',
  'open_fee',
  'funding',
  'loss',
  'close_fee',
  'profit',
  'fee_refund',
] as const;
export type PositionMovementKind = (typeof positionMovementKinds)[number];
/** The margin's own lines: where it sat, not money won or lost. */
export const marginMovementKinds: readonly PositionMovementKind[] = ['margin_locked', 'margin_released'];
export const positionMovement = z.object({
  id: z.string(),
  kind: z.enum(positionMovementKinds),
  amount: z.string(),
  createdAt: z.string(),
});
export type PositionMovement = z.infer<typeof positionMovement>;

/** GET /api/app/game/position: a position and every movement of its money, oldest first. */
export const positionDetail = position.extend({
  entries: z.array(positionEntry),
  movements: z.array(positionMovement),
});
export type PositionDetail = z.infer<typeof positionDetail>;
export type Position = z.infer<typeof position>;

export const positionListQuery = pageQuerySchema.extend({
  status: z.enum(['open', 'closed']).default('open'),
  symbol: z.string().max(20).optional(),
});
export const positionPage = pageSchema(position);

export const positionDetailQuery = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** A plain non-negative decimal as integer units of 10^-18 (exact comparisons, no floating point). */
function units(value: string): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole + fraction.padEnd(18, '0'));
}
const ONE = units('1');
/** 10^20: the first size NUMERIC(38,18) cannot hold. */
const NOTIONAL_LIMIT = units('100000000000000000000');

/** A term from 0 to `max`, or above 0 when `max` is absent; `key` names the field in the refusal. */
function term(key: MessageKey, bounds: { max?: string; positive?: boolean }) {
  const max = bounds.max === undefined ? undefined : units(bounds.max);
  // The refinement tests the pattern again: zod runs it even after the pattern failed.
  return z
    .string({ error: key })
    .regex(UNSIGNED_DECIMAL_PATTERN, { error: key })
    .refine(
      (value) =>
        UNSIGNED_DECIMAL_PATTERN.test(value) &&
        (!bounds.positive || units(value) > 0n) &&
        (max === undefined || units(value) <= max),
      { error: key },
    );
}

/**
 * Operators' terms and their bounds (DESIGN §7), for every way an operator sets them (the admin route
 * and `npm run admin -- game:pair`): fees 0–10 %, funding 0–1 % per interval, a maintenance rate
 * above 0 and below 1 / max leverage (else a position is liquidatable at once), margins and the
 * profit cap above 0 with min ≤ max, max leverage a whole number 1..1000. A change of one side of a
 * pair of terms (mmr or max leverage, min or max margin) is checked by the server against the other.
 */
export const adminGamePairBody = z
  .object({
    symbol: z.string().max(20),
    maxLeverage: z
      .number({ error: 'game.maxLeverageRange' })
      .int({ error: 'game.maxLeverageRange' })
      .min(1, { error: 'game.maxLeverageRange' })
      .max(1000, { error: 'game.maxLeverageRange' })
      .optional(),
    openFeeRate: term('game.feeRateRange', { max: '0.1' }).optional(),
    closeFeeRate: term('game.feeRateRange', { max: '0.1' }).optional(),
    fundingRate: term('game.fundingRateRange', { max: '0.01' }).optional(),
    fundingIntervalSeconds: z
      .number()
      .int()
      .min(60)
      .max(7 * 86_400)
      .optional(),
    mmr: term('game.mmrRange', { positive: true, max: '1' }).optional(),
    minMargin: term('game.termPositive', { positive: true }).optional(),
    maxMargin: term('game.termPositive', { positive: true }).optional(),
    profitCapMultiple: term('game.termPositive', { positive: true }).optional(),
    enabled: z.boolean().optional(),
  })
  .superRefine((body, context) => {
    const problem = pairTermsProblem(body);
    if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.key });
  });
export type AdminGamePairBody = z.input<typeof adminGamePairBody>;

/**
 * What is wrong between terms that bound each other (the maintenance rate and max leverage, the
 * margins), as the field to name and the message; undefined when nothing, or one side is missing.
 * The server calls it on a change merged with the pair's stored terms.
 */
export function pairTermsProblem(terms: {
  maxLeverage?: number | undefined;
  mmr?: string | undefined;
  minMargin?: string | undefined;
  maxMargin?: string | undefined;
}): { field: 'mmr' | 'minMargin' | 'maxMargin'; key: MessageKey } | undefined {
  const { maxLeverage, mmr, minMargin, maxMargin } = terms;
  if (mmr !== undefined && maxLeverage !== undefined && UNSIGNED_DECIMAL_PATTERN.test(mmr)) {
    if (units(mmr) * BigInt(maxLeverage) >= ONE) return { field: 'mmr', key: 'game.mmrRange' };
  }
  // A position's size (margin × leverage) is stored as NUMERIC(38,18): the largest must fit, or the
  // open of the largest margin at the highest leverage fails (it answered 500).
  if (maxMargin !== undefined && maxLeverage !== undefined && UNSIGNED_DECIMAL_PATTERN.test(maxMargin)) {
    if (units(maxMargin) * BigInt(maxLeverage) >= NOTIONAL_LIMIT)
      return { field: 'maxMargin', key: 'game.notionalRange' };
  }
  if (
    minMargin !== undefined &&
    maxMargin !== undefined &&
    UNSIGNED_DECIMAL_PATTERN.test(minMargin) &&
    UNSIGNED_DECIMAL_PATTERN.test(maxMargin)
  ) {
    if (units(minMargin) > units(maxMargin)) return { field: 'minMargin', key: 'game.marginOrder' };
  }
  return undefined;
}

/** /api/admin/game/positions: every user's positions, with the owner's email. */
export const adminPositionQuery = pageQuerySchema.extend({
  status: z.enum(['open', 'closed']).optional(),
  email: z.string().max(254).optional(),
});
export const adminPositionPage = pageSchema(position.extend({ email: z.string() }));
/** /api/admin/game/exposure: per margin token, open positions, their margins, the most they could win. */
export const gameExposure = z.object({
  list: z.array(
    z.object({
      token: z.string(),
      open: z.number().int(),
      margin: z.string(),
      maxProfit: z.string(),
      vault: z.string(),
    }),
  ),
});
