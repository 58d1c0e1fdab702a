// Lightning Flip (DESIGN §8, issue 18): its terms, opening a flip, the flips as the app shows them
// (spec §3) and the operators' settings.
import { z } from 'zod';
import { decimalString } from './wallet';
import { pageQuerySchema, pageSchema } from './envelope';

export const flipDirections = ['up', 'down'] as const;
export const flipResults = ['won', 'lost', 'tie', 'no_price'] as const;
export const flipStatuses = ['open', 'closed', 'refunded'] as const;

/** GET /api/app/flip/config: what one can stake, on what, for how long, and what a win pays. */
export const flipConfig = z.object({
  durations: z.array(z.number().int()),
  maxOpenPositions: z.number().int(),
  toleranceSeconds: z.number().int(),
  tokens: z.array(
    z.object({
      token: z.string(),
      minStake: z.string(),
      maxStake: z.string(),
      amountDp: z.number().int(),
      enabled: z.boolean(),
    }),
  ),
  pairs: z.array(
    z.object({
      symbol: z.string(),
      base: z.string(),
      quote: z.string(),
      priceDp: z.number().int(),
      enabled: z.boolean(),
      /** Seconds → payout rate (a fraction: 0.85 pays 85 % of the stake on top of it). */
      payoutRates: z.record(z.string(), z.string()),
    }),
  ),
});
export type FlipConfig = z.infer<typeof flipConfig>;

/**
 * POST /api/app/flip/open. Every field is checked by the server in spec §5's order (validateFlip), so
 * the body takes anything of the right shape and the answer names the first thing wrong.
 */
const loose = z.union([z.string().max(40), z.number()]).optional();
export const openFlipBody = z.object({
  symbol: z.string().max(20).optional(),
  direction: z.string().max(10).optional(),
  amount: loose,
  duration: loose,
  token: z.string().max(20).optional(),
  /** The payout rate the player was shown ('0.85'); when the rate is another now: 409 flip.rateChanged. */
  payoutRate: z.string().max(40).optional(),
});
export type OpenFlipBody = z.infer<typeof openFlipBody>;

/** A kept tick: the mark a flip opened or settled at, time and price exactly as the market had it. */
export const flipTick = z.object({ price: z.string(), time: z.number().int() });

/** A flip (spec §3): stake, duration, payout rate, open price, mark price, close price, P&L, status. */
export const flipPosition = z.object({
  id: z.string(),
  orderNo: z.string(),
  symbol: z.string(),
  token: z.string(),
  direction: z.enum(flipDirections),
  stake: decimalString,
  durationSeconds: z.number().int(),
  payoutRate: z.string(),
  /** What a win pays on top of the stake. */
  profit: decimalString,
  openPrice: z.string(),
  /** Open: the mark now (null while the pair has none); settled: null. */
  markPrice: z.string().nullable(),
  closePrice: z.string().nullable(),
  status: z.enum(flipStatuses),
  result: z.enum(flipResults).nullable(),
  /** Settled: +profit, −stake or 0. */
  realizedPnl: decimalString.nullable(),
  openedAt: z.string(),
  expiresAt: z.string(),
  settledAt: z.string().nullable(),
});
export type FlipPosition = z.infer<typeof flipPosition>;

/** One movement of a flip's money, in a player's words. */
export const flipMovementKinds = [
  'stake_frozen',
  'stake_returned',
  'stake_lost',
  'profit',
  'refund',
] as const;
export type FlipMovementKind = (typeof flipMovementKinds)[number];

/** GET /api/app/flip/position: a flip, its two ticks and where the money went. */
export const flipDetail = flipPosition.extend({
  openTick: flipTick,
  closeTick: flipTick.nullable(),
  movements: z.array(
    z.object({ kind: z.enum(flipMovementKinds), amount: decimalString, createdAt: z.string() }),
  ),
});
export type FlipDetail = z.infer<typeof flipDetail>;

/**
 * A list's status, as DESIGN §3 and the contract game name it: open or closed (settled: the flip
 * list's first word for closed, still answered).
 */
const flipListStatus = z
  .enum(['open', 'closed', 'settled'])
  .transform((status): 'open' | 'closed' => (status === 'settled' ? 'closed' : status));
export const flipListQuery = pageQuerySchema.extend({
  status: flipListStatus.default('open'),
});
export const flipPage = pageSchema(flipPosition);
export const flipDetailQuery = z.object({ id: z.string().regex(/^\d{1,18}$/) });

/** Operators: the settings, a bet token, a pair's switch, a duration's switch, a rate. */
const rate = z.string().regex(/^(10(\.0{1,18})?|\d(\.\d{1,18})?)$/, { error: 'flip.rateRange' });
const stake = z.string().regex(/^\d{1,20}(\.\d{1,18})?$/, { error: 'flip.stakeInvalid' });
export const adminFlipConfigBody = z.object({
  maxOpenPositions: z.number().int().min(1).max(1000).optional(),
  toleranceSeconds: z.number().int().min(1).max(60).optional(),
  token: z
    .object({ token: z.string().max(20), minStake: stake, maxStake: stake, enabled: z.boolean().optional() })
    .optional(),
  pair: z.object({ symbol: z.string().max(20), enabled: z.boolean() }).optional(),
  duration: z.object({ seconds: z.number().int().min(5).max(86_400), enabled: z.boolean() }).optional(),
  rate: z.object({ symbol: z.string().max(20), seconds: z.number().int(), payoutRate: rate }).optional(),
});
export type AdminFlipConfigBody = z.infer<typeof adminFlipConfigBody>;

export const adminFlipQuery = pageQuerySchema.extend({
  status: flipListStatus.optional(),
  email: z.string().max(254).optional(),
});
export const adminFlipPage = pageSchema(flipPosition.extend({ email: z.string() }));

/** What open flips could win, per bet token (house:show). */
export const flipExposure = z.object({
  list: z.array(z.object({ token: z.string(), open: z.number().int(), owed: z.string() })),
});
