// Wallet core (issue 3): tokens, balances, the precision map and the ledger as the user sees it.
// Amounts and prices are decimal strings on the wire, never JSON numbers.
import { z } from 'zod';
import { pageQuerySchema } from './envelope';

/** A plain decimal: optional minus, digits, optional fraction. No exponent, no spaces. */
export const DECIMAL_PATTERN = /^-?\d{1,20}(\.\d{1,18})?$/;
export const decimalString = z.string().regex(DECIMAL_PATTERN, { error: 'validation.decimalFormat' });
/** The same without a sign: a price or a term as an operator or a player types it. */
export const UNSIGNED_DECIMAL_PATTERN = /^\d{1,20}(\.\d{1,18})?$/;

/** Upper-case token symbol, e.g. USDT, BTC. */
export const tokenSymbol = z
  .string()
  .trim()
  .min(1)
  .max(16)
  .regex(/^[A-Za-z0-9]+$/, { error: 'validation.invalidRequest' })
  .transform((s) => s.toUpperCase());

/**
 * Ledger business types: every type of spec §4, in the product's words. A user's entry and the
 * house entries of one movement share the type.
 */
export const businessTypes = [
  'deposit',
  'withdraw',
  'admin_adjust',
  'airdrop',
  'invite_reward',
  'upline_reward',
  'game_open_fee',
  'game_close_fee',
  'close_fee_from_frozen',
  'margin_lock',
  'margin_unfreeze',
  'loss_consumed',
  'profit_payout',
  'funding_fee',
  'fee_refund_vault_short',
  'bet_freeze',
  'bet_unfreeze',
  'settle_pnl',
  'flip_bet_freeze',
  'flip_refund',
  'flip_consume',
  'flip_profit_pay',
  'default',
] as const;
export type BusinessType = (typeof businessTypes)[number];

/** GET /api/app/asset/precision-map (also /api/asset/precision-map). */
export const precisionMap = z.object({
  /** symbol → price decimals */
  price_dp: z.record(z.string(), z.number().int()),
  /** symbol, or symbol__NETWORK, → amount decimals */
  amount_dp: z.record(z.string(), z.number().int()),
});
export type PrecisionMap = z.infer<typeof precisionMap>;

/** GET /api/app/asset/precisions: one entry per symbol and network. */
export const precisionEntry = z.object({
  symbol: z.string(),
  price_precision: z.number().int(),
  amount_precision: z.number().int(),
  /** Normalised network (ERC20, BEP20), absent for a symbol without an on-chain network. */
  mainnet: z.string().optional(),
});
export const precisionList = z.object({ list: z.array(precisionEntry) });
export type PrecisionEntry = z.infer<typeof precisionEntry>;

/** One token the user holds (or could hold). */
export const balance = z.object({
  token: z.string(),
  available: z.string(),
  frozen: z.string(),
  /** available + frozen */
  total: z.string(),
  /** Price of one unit in USDT (USDT itself is 1). */
  price: z.string(),
  /** ≈ total × price, in USDT. */
  usdtValue: z.string(),
  amountDp: z.number().int(),
  priceDp: z.number().int(),
});
export type Balance = z.infer<typeof balance>;
export const balanceList = z.object({ list: z.array(balance) });

/** GET /api/app/asset/overview */
export const assetOverview = z.object({
  /** Available + frozen + what closing the open positions now would add (close fees counted), in USDT. */
  totalUsdt: z.string(),
  availableUsdt: z.string(),
  frozenUsdt: z.string(),
  /** Open contract positions (every pair). */
  openPositions: z.number().int(),
  /**
   * Their unrealized PnL at the last prices (the price move alone, no fee), in USDT at its decimals:
   * the sum of the cards' headlines.
   */
  unrealizedPnlUsdt: z.string(),
  /**
   * "If closed now (after fee)": what closing them now would add to the balance, in USDT at its
   * decimals (their PnL less the closing fees). Available + frozen + this = the total.
   */
  closeNowUsdt: z.string(),
  /** Open Lightning Flip positions (their stakes are in frozenUsdt). */
  openFlips: z.number().int(),
  /** The newest open positions (a few), each with its unrealized PnL and closeNow, in its margin token. */
  positions: z.array(
    z.object({
      id: z.string(),
      symbol: z.string(),
      /** As shown: 'BTC/USDT'. */
      pair: z.string(),
      side: z.enum(['long', 'short']),
      leverage: z.number().int(),
      token: z.string(),
      pnl: z.string(),
      closeNow: z.string(),
    }),
  ),
  /** The open flips soonest to end (a few). */
  flips: z.array(
    z.object({
      id: z.string(),
      symbol: z.string(),
      pair: z.string(),
      direction: z.enum(['up', 'down']),
      stake: z.string(),
      token: z.string(),
      expiresAt: z.string(),
    }),
  ),
  /** When the prices used were taken. */
  pricedAt: z.string(),
});
export type AssetOverview = z.infer<typeof assetOverview>;

/** One ledger entry of the user's own account: the change it made and the balances after. */
export const flowEntry = z.object({
  id: z.string(),
  token: z.string(),
  type: z.enum(businessTypes),
  availableDelta: z.string(),
  frozenDelta: z.string(),
  availableAfter: z.string(),
  frozenAfter: z.string(),
  /** What caused it, e.g. { kind: 'withdrawal', id } or { kind: 'admin', id: null }. */
  refType: z.string(),
  refId: z.string().nullable(),
  memo: z.string().nullable(),
  createdAt: z.string(),
});
export type FlowEntry = z.infer<typeof flowEntry>;

export const flowListQuery = pageQuerySchema.extend({
  token: tokenSymbol.optional(),
  type: z.enum(businessTypes).optional(),
});
export const flowDetailQuery = z.object({ id: z.string().trim().min(1).max(64) });
