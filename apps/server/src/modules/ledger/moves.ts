// What a movement is, as callers name it (DESIGN §4): its legs, its business type and cause, the
// usual movements as requests (`moves`), what a call changes in the vaults' promises, the ledger's
// refusals, and the amounts it accepts. LedgerService (service.ts) moves them.
import type { BusinessType } from '@tradeflip/api';
import { Decimal, plainDecimal } from '@tradeflip/money';
import type { AccountKind } from './schema';
import { AppError } from '../../errors';
import { equityAccount, userAccount, vaultAccount, type AccountRef } from './accounts';

export type Amount = string | Decimal;

/** One account's change: deltas of its available and frozen balances (either may be omitted). */
export interface Leg {
  account: AccountRef;
  available?: Amount;
  frozen?: Amount;
}

export interface MoveRequest {
  type: BusinessType;
  /** What caused it, shown with the entry: e.g. { type: 'withdrawal', id: 42 }. */
  ref: { type: string; id?: string | number | null };
  memo?: string | null;
  /**
   * A unique key of the cause (e.g. `deposit:ERC20:<tx>:<log>`): a second move with the same key
   * moves nothing and answers the first movement with `replayed: true`.
   */
  causeKey?: string;
  legs: Leg[];
  /**
   * A balancing movement (TigerBeetle's balancing debit): two legs, one taking from a user's or a
   * vault's balance, the other receiving. The legs say the most that moves; the account taken from
   * gives at most what it holds at this movement's turn in the call (less `leaving`), and a movement
   * that finds nothing moves nothing (answered as null).
   */
  atMost?: { leaving?: Amount };
  /**
   * Moves only when the balancing movement of the same call with this cause key moved less than it
   * asked (a close fee refunded when the vault could not pay the whole profit); otherwise null.
   */
  ifShort?: string;
}

export interface Posting {
  id: number;
  accountId: number;
  kind: AccountKind;
  owner: string;
  userId: number | null;
  token: string;
  availableDelta: string;
  frozenDelta: string;
  availableAfter: string;
  frozenAfter: string;
}

export interface Movement {
  id: number;
  createdAt: Date;
  postings: Posting[];
  /** True when `causeKey` had moved money before and nothing moved now. */
  replayed: boolean;
}

export interface UserMoveOptions {
  userId: number;
  token: string;
  /** Positive. */
  amount: Amount;
  type: BusinessType;
  ref: MoveRequest['ref'];
  memo?: string | null;
  causeKey?: string;
}

/**
 * The usual movements as requests, to move several together (`moveAll`); the service's methods of
 * the same names move one at once.
 */
export const moves = {
  /** Adds to a user's available balance, taken from `from` (default: the operator's equity). */
  credit(options: UserMoveOptions & { from?: AccountRef }): MoveRequest {
    const amount = positive(options.amount);
    return request(options, [
      { account: userAccount(options.userId, options.token), available: amount },
      { account: options.from ?? equityAccount(options.token), available: amount.neg() },
    ]);
  },
  /** Takes from a user's available balance, to `to` (default: the operator's equity). */
  debit(options: UserMoveOptions & { to?: AccountRef }): MoveRequest {
    const amount = positive(options.amount);
    return request(options, [
      { account: userAccount(options.userId, options.token), available: amount.neg() },
      { account: options.to ?? equityAccount(options.token), available: amount },
    ]);
  },
  /** available → frozen (margin lock, bet freeze, withdrawal request). */
  freeze(options: UserMoveOptions): MoveRequest {
    const amount = positive(options.amount);
    return request(options, [
      { account: userAccount(options.userId, options.token), available: amount.neg(), frozen: amount },
    ]);
  },
  /** frozen → available (margin unfreeze, refunds, rejected withdrawal). */
  unfreeze(options: UserMoveOptions): MoveRequest {
    const amount = positive(options.amount);
    return request(options, [
      { account: userAccount(options.userId, options.token), available: amount, frozen: amount.neg() },
    ]);
  },
  /** frozen → the vault, or `to` (loss consumed, fees from frozen funds, a sent withdrawal → chain). */
  consumeFrozen(options: UserMoveOptions & { to?: AccountRef }): MoveRequest {
    const amount = positive(options.amount);
    return request(options, [
      { account: userAccount(options.userId, options.token), frozen: amount.neg() },
      { account: options.to ?? vaultAccount(options.token), available: amount },
    ]);
  },
  /**
   * The vault → a user's available balance (profit payout, rewards). Refused when the vault is short,
   * unless `atMost` (then it pays what the vault has), or moved only `ifShort` (see MoveRequest).
   */
  payFromVault(options: UserMoveOptions & Pick<MoveRequest, 'atMost' | 'ifShort'>): MoveRequest {
    const amount = positive(options.amount);
    return request(options, [
      { account: vaultAccount(options.token), available: amount.neg() },
      { account: userAccount(options.userId, options.token), available: amount },
    ]);
  },
};

function request(
  options: UserMoveOptions & Pick<MoveRequest, 'atMost' | 'ifShort'>,
  legs: Leg[],
): MoveRequest {
  return {
    type: options.type,
    ref: options.ref,
    ...(options.memo !== undefined && { memo: options.memo }),
    ...(options.causeKey !== undefined && { causeKey: options.causeKey }),
    ...(options.atMost !== undefined && { atMost: options.atMost }),
    ...(options.ifShort !== undefined && { ifShort: options.ifShort }),
    legs,
  };
}

/** What a call changes in what the vaults owe on open bets (DESIGN §7), with their accounts locked. */
export interface ExposureChange {
  /**
   * Promise `amount` more from the vault of `token` (a new bet's profit cap) when the vault can keep
   * every promise: the total owed stays within its free balance (its available before what this call
   * paid into it) and `amount` within `share` of that. Otherwise ExposureRefused (nothing moves).
   */
  reserve?: { token: string; amount: Decimal; share: string };
  /** Takes settled bets' promises (by token) off their vaults' totals. */
  release?: Map<string, Decimal>;
  /**
   * The call may not leave the vault of this token holding less than it owes (an operator taking
   * money out): refused naming the most that can go.
   */
  covers?: string;
}

/** A promise the vault cannot keep: its free balance and what it owed before. */
export class ExposureRefused extends Error {
  constructor(
    readonly free: Decimal,
    readonly owed: Decimal,
  ) {
    super('exposure refused');
  }
}

/** A refused movement: `account` would go below zero. */
export class InsufficientBalanceError extends AppError {
  constructor(
    readonly account: AccountRef,
    readonly available: string,
    readonly frozen: string,
  ) {
    super(
      400,
      'insufficient_balance',
      account.kind === 'vault' ? 'errors.vaultInsufficient' : 'errors.insufficientBalance',
      {
        vars: { token: account.token },
        data: { token: account.token, available: plainDecimal(available), frozen: plainDecimal(frozen) },
      },
    );
  }
}

/** NUMERIC(38,18): 20 integer digits, 18 decimals. */
const LIMIT = new Decimal('1e20');
const MAX_DECIMALS = 18;

/** A balance or amount beyond NUMERIC(38,18). */
export function tooLarge(): AppError {
  return new AppError(400, 'validation', 'errors.amountTooLarge', {
    fields: { amount: 'errors.amountTooLarge' },
  });
}

export function invalidAmount(): AppError {
  return new AppError(400, 'validation', 'errors.amountInvalid', {
    fields: { amount: 'errors.amountInvalid' },
  });
}

/** A finite decimal that fits NUMERIC(38,18). */
export function toAmount(value: Amount): Decimal {
  let amount: Decimal;
  try {
    amount = new Decimal(value);
  } catch {
    throw invalidAmount();
  }
  if (!amount.isFinite() || amount.decimalPlaces() > MAX_DECIMALS) throw invalidAmount();
  if (amount.abs().gte(LIMIT)) throw tooLarge();
  return amount;
}

export function positive(value: Amount): Decimal {
  const amount = toAmount(value);
  if (amount.lte(0)) {
    throw new AppError(400, 'validation', 'errors.amountPositive', {
      fields: { amount: 'errors.amountPositive' },
    });
  }
  return amount;
}
