// A user's history in their own words (issue 9): GET /api/app/asset/activity groups the ledger entries
// of one operation (a withdrawal's freeze and its refund, a deposit and its reversal) into one item
// with a kind the person understands ("Withdrawal rejected"), its standing (in review, refunded) and
// its steps, and filters by a few categories instead of the ledger's 23 business types.
import { z } from 'zod';
import { pageQuerySchema } from './envelope';
import { businessTypes, tokenSymbol, type BusinessType } from './wallet';
import { positionMovementKinds } from './contract-game';
import { flipMovementKinds } from './flip';

export const activityCategories = ['deposits', 'withdrawals', 'games', 'rewards', 'other'] as const;
export type ActivityCategory = (typeof activityCategories)[number];

/** Which category each business type (spec §4) belongs to: one place, used by server and web. */
export const categoryOfType: Record<BusinessType, ActivityCategory> = {
  deposit: 'deposits',
  withdraw: 'withdrawals',
  admin_adjust: 'other',
  airdrop: 'rewards',
  invite_reward: 'rewards',
  upline_reward: 'rewards',
  game_open_fee: 'games',
  game_close_fee: 'games',
  close_fee_from_frozen: 'games',
  margin_lock: 'games',
  margin_unfreeze: 'games',
  loss_consumed: 'games',
  profit_payout: 'games',
  funding_fee: 'games',
  fee_refund_vault_short: 'games',
  bet_freeze: 'games',
  bet_unfreeze: 'games',
  settle_pnl: 'games',
  flip_bet_freeze: 'games',
  flip_refund: 'games',
  flip_consume: 'games',
  flip_profit_pay: 'games',
  default: 'other',
};

/** The business types of a category. */
export function typesOfCategory(category: ActivityCategory): BusinessType[] {
  return businessTypes.filter((type) => categoryOfType[type] === category);
}

/**
 * What an operation was, as the person reads it. Withdrawals and deposits are named by how they
 * ended; every other movement by its business type (the games name theirs when they land).
 */
export const activityKinds = [
  'deposit',
  'deposit_reversed',
  'withdrawal',
  'withdrawal_rejected',
  'withdrawal_failed',
  'withdrawal_cancelled',
  'adjustment',
  'airdrop',
  'invite_reward',
  'upline_reward',
  /** A contract position: its lines (margin, fees, funding, loss or profit), its net as the amount. */
  'contract_position',
  /** A Lightning Flip: its stake held and returned, its loss or its win; its net as the amount. */
  'flip_position',
  ...businessTypes.filter((type) => categoryOfType[type] === 'games'),
  'other',
] as const;
export type ActivityKind = (typeof activityKinds)[number];

/** In flight (a withdrawal in review or on its way), done, or undone with the money back. */
export const activityStates = ['pending', 'done', 'refunded'] as const;
export type ActivityState = (typeof activityStates)[number];

/** One step of an operation: its change to the person's balances. */
export const activityStepKinds = [
  'frozen',
  'released',
  'sent',
  'refunded',
  'credited',
  'debited',
  'reversed',
  // A contract position's lines, as its detail names them (game.ts positionMovementKinds).
  ...positionMovementKinds,
  // A flip's lines, as its detail names them (flip.ts flipMovementKinds; `profit` is above).
  ...flipMovementKinds.filter((kind) => kind !== 'profit'),
] as const;
export type ActivityStepKind = (typeof activityStepKinds)[number];

/**
 * Lines that say where money sat (a margin's or a stake's trip to frozen and back), not money won or
 * lost, and where it went: shown unsigned, and not part of the sum the other lines make (the item's
 * amount).
 */
export const heldLines: Partial<Record<ActivityStepKind, 'frozen' | 'available'>> = {
  margin_locked: 'frozen',
  margin_released: 'available',
  stake_frozen: 'frozen',
  stake_returned: 'available',
  refund: 'available',
};

export const activityStep = z.object({
  id: z.string(),
  kind: z.enum(activityStepKinds),
  availableDelta: z.string(),
  frozenDelta: z.string(),
  availableAfter: z.string(),
  frozenAfter: z.string(),
  createdAt: z.string(),
  /** A position's or flip's line: its signed effect on the balance (heldLines: unsigned). */
  amount: z.string().optional(),
});
export type ActivityStep = z.infer<typeof activityStep>;

export const activityItem = z.object({
  /** Stable: `withdrawal:42`, `deposit:7`, or `entry:<ledger entry id>`. */
  id: z.string(),
  token: z.string(),
  category: z.enum(activityCategories),
  kind: z.enum(activityKinds),
  state: z.enum(activityStates),
  /**
   * The operation's size as the person feels it, signed: a withdrawal is minus amount + fee (even when
   * it was refunded: the state says so), a deposit plus its amount.
   */
  amount: z.string(),
  /** Net change over all its steps. */
  availableDelta: z.string(),
  frozenDelta: z.string(),
  /** What caused it, for a link to its own record (`withdrawal`, `deposit`, `admin`, ...). */
  refType: z.string(),
  refId: z.string().nullable(),
  /** First and last step. */
  createdAt: z.string(),
  updatedAt: z.string(),
  steps: z.array(activityStep),
});
export type ActivityItem = z.infer<typeof activityItem>;

export const activityQuery = pageQuerySchema.extend({
  token: tokenSymbol,
  category: z.enum(activityCategories, { error: 'errors.categoryUnknown' }).optional(),
});
