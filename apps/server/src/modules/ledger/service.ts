// The one way money moves (DESIGN §4). Every change of a balance is a movement: a business type, its
// cause and one posting per account, summing to zero per token, written in one transaction by one
// statement of guarded updates (a user or vault balance never goes below zero; several accounts are
// locked in id order first, so movers never deadlock each other). A refusal writes nothing. Later
// features call the helpers below (freeze, consumeFrozen, payFromVault, ...) or `move` with their
// own legs, and pass their transaction as `tx` when the money must move together with their rows.
import { randomUUID } from 'node:crypto';
import type { BusinessType } from '@tradeflip/contract';
import { Decimal, plainDecimal } from '@tradeflip/money';
import type { Clock } from '../../clock';
import type { Database, Queryable, Transaction } from '../../db/client';
import { BALANCES_CHANNEL } from '../../db/notifications';
import { sqlState } from '../../db/rows';
import type { AccountKind } from '../../db/schema';
import { AppError } from '../../plugins/errors';
import type { TokenRegistry } from '../token/registry';
import {
  describeAccount,
  equityAccount,
  mustStayNonNegative,
  ownerOf,
  userAccount,
  vaultAccount,
  type AccountRef,
} from './accounts';
import * as balances from './balances';
import * as repo from './repository';

export type Amount = string | Decimal;
export type { BalanceRow, EntryFilter, EntryRow } from './balances';

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
  /** The vault → a user's available balance (profit payout, rewards). Refused when the vault is short. */
  payFromVault(options: UserMoveOptions): MoveRequest {
    const amount = positive(options.amount);
    return request(options, [
      { account: vaultAccount(options.token), available: amount.neg() },
      { account: userAccount(options.userId, options.token), available: amount },
    ]);
  },
};

function request(options: UserMoveOptions, legs: Leg[]): MoveRequest {
  return {
    type: options.type,
    ref: options.ref,
    ...(options.memo !== undefined && { memo: options.memo }),
    ...(options.causeKey !== undefined && { causeKey: options.causeKey }),
    legs,
  };
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
const RETRIES = 5;

/** A balance or amount beyond NUMERIC(38,18). */
function tooLarge(): AppError {
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

function positive(value: Amount): Decimal {
  const amount = toAmount(value);
  if (amount.lte(0)) {
    throw new AppError(400, 'validation', 'errors.amountPositive', {
      fields: { amount: 'errors.amountPositive' },
    });
  }
  return amount;
}

/**
 * Thrown inside the transaction when an account would go below zero. Other accounts of the movement
 * may have moved already: the transaction rolls back (the error leaves it), so nothing is written.
 */
class Refused extends Error {
  constructor(readonly guardedAccountIds: number[]) {
    super('refused');
  }
}

/** Guarded accounts some step of these deltas (in order) takes below where it started. */
function atRisk(deltas: repo.AccountDelta[]): number[] {
  const running = new Map<number, { available: Decimal; frozen: Decimal; falls: boolean }>();
  for (const delta of deltas) {
    if (!delta.guarded) continue;
    const step = running.get(delta.accountId) ?? {
      available: new Decimal(0),
      frozen: new Decimal(0),
      falls: false,
    };
    step.available = step.available.add(delta.available);
    step.frozen = step.frozen.add(delta.frozen);
    if (step.available.isNegative() || step.frozen.isNegative()) step.falls = true;
    running.set(delta.accountId, step);
  }
  return [...running].filter(([, step]) => step.falls).map(([id]) => id);
}

/** Account ids by owner and token: accounts are never deleted, so known ids stay valid. */
const ACCOUNT_CACHE_SIZE = 100_000;

const accountKey = (key: { owner: string; token: string }) => `${key.owner}/${key.token}`;

interface PlannedLeg {
  ref: AccountRef;
  key: repo.AccountKey;
  available: Decimal;
  frozen: Decimal;
}

/** The users a transaction already told about (their balances moved). */
const notified = new WeakMap<object, Set<number>>();
/** The accounts a transaction holds locked (until it ends). */
const lockedBy = new WeakMap<object, Set<number>>();

/** `tx`'s set in `sets`, made on first use. */
function setOf(sets: WeakMap<object, Set<number>>, tx: object): Set<number> {
  const set = sets.get(tx) ?? new Set<number>();
  sets.set(tx, set);
  return set;
}

export class LedgerService {
  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      tokens: TokenRegistry;
      /** On PostgreSQL new accounts are created outside callers' transactions (see createOutside). */
      driver?: 'pglite' | 'postgres';
    },
  ) {}

  private readonly accountCache = new Map<string, repo.AccountRow>();

  /** Moves money: one movement (see moveAll). */
  async move(request: MoveRequest, tx?: Transaction): Promise<Movement> {
    const [movement] = await this.moveAll([request], tx);
    return movement!;
  }

  /**
   * Moves money: every leg's deltas are applied to its account and posted, all or nothing. Several
   * movements go together, in order, in one statement (an open's margin and fee, a close's parts).
   * Runs in `tx` when given, otherwise in its own transaction, retried on a deadlock or serialisation
   * failure. A refusal (InsufficientBalanceError) must end the caller's transaction, as it does when
   * it leaves `db.transaction`; a replay (every cause key used before) changes nothing.
   */
  async moveAll(requests: MoveRequest[], tx?: Transaction): Promise<Movement[]> {
    if (requests.length === 0) return [];
    const planned: PlannedLeg[][] = [];
    for (const request of requests) planned.push(await this.plan(request, tx));
    // Accounts are found (and, on their first money, created) before the movement's transaction,
    // so creating one never holds locks that movers wait for.
    const accounts = await this.accounts(
      planned.flat().map((leg) => leg.key),
      tx,
    );
    try {
      if (tx) return await this.execute(tx, requests, planned, accounts, false);
      return await this.retrying(() =>
        this.deps.db.transaction((own) => this.execute(own, requests, planned, accounts, true)),
      );
    } catch (error) {
      if (error instanceof Refused)
        throw await this.refusal(planned.flat(), accounts, error.guardedAccountIds, tx);
      if (sqlState(error) === '22003') throw tooLarge();
      throw error;
    }
  }

  /** Names the account that was short (as balances are now, after the rollback). */
  private async refusal(
    legs: PlannedLeg[],
    accounts: Map<string, repo.AccountRow>,
    guardedIds: number[],
    tx?: Transaction,
  ): Promise<InsufficientBalanceError> {
    const current = new Map(
      (await repo.accountsById(tx ?? this.deps.db, guardedIds)).map((account) => [account.id, account]),
    );
    const candidates = legs.flatMap((leg) => {
      const account = current.get(accounts.get(accountKey(leg.key))?.id ?? -1);
      return account ? [{ leg, account }] : [];
    });
    const short =
      candidates.find(
        ({ leg, account }) =>
          new Decimal(account.available).add(leg.available).isNegative() ||
          new Decimal(account.frozen).add(leg.frozen).isNegative(),
      ) ?? candidates[0];
    if (!short) throw new Error('ledger: a movement was refused without a guarded account');
    return new InsufficientBalanceError(short.leg.ref, short.account.available, short.account.frozen);
  }

  /** The accounts of `keys`, created when missing; ids found outside a caller's transaction are cached. */
  private async accounts(keys: repo.AccountKey[], tx?: Transaction): Promise<Map<string, repo.AccountRow>> {
    const found = new Map<string, repo.AccountRow>();
    const missing: repo.AccountKey[] = [];
    for (const key of keys) {
      const cached = this.accountCache.get(accountKey(key));
      if (cached) found.set(accountKey(key), cached);
      else missing.push(key);
    }
    if (missing.length === 0) return found;
    const via = tx ?? this.deps.db;
    let rows = await repo.findAccounts(via, missing);
    if (rows.length < missing.length) {
      await this.createOutside(missing, tx);
      rows = await repo.findAccounts(via, missing);
    }
    if (this.accountCache.size + rows.length > ACCOUNT_CACHE_SIZE) this.accountCache.clear();
    for (const row of rows) {
      const key = `${row.owner}/${row.token}`;
      found.set(key, row);
      // An account created inside a caller's transaction vanishes if it rolls back: not cached.
      if (!tx) this.accountCache.set(key, row);
    }
    return found;
  }

  /**
   * Creates missing accounts, committed at once in their own transaction rather than the caller's:
   * an account row inserted (uncommitted) by a caller that then waits for another caller's locks
   * deadlocked against that caller creating the same account (issue 8, defect 8). An empty account
   * that outlives a rolled-back caller is harmless. Inside the caller's transaction only where it
   * must be: PGlite (one connection, so nothing runs beside it), or a user created by that very
   * transaction (not visible outside it yet).
   */
  private async createOutside(keys: repo.AccountKey[], tx?: Transaction) {
    if (!tx) return this.createAccounts(keys);
    if (this.deps.driver !== 'postgres') return this.createAccounts(keys, tx);
    try {
      await repo.createAccounts(this.deps.db, keys, this.deps.clock.now());
    } catch (error) {
      if (sqlState(error) !== '23503') throw error;
      await this.createAccounts(keys, tx);
    }
  }

  private async retrying<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        const state = sqlState(error);
        if (attempt < RETRIES && (state === '40P01' || state === '40001')) continue;
        throw error;
      }
    }
  }

  private async createAccounts(keys: repo.AccountKey[], db: Queryable = this.deps.db) {
    try {
      await repo.createAccounts(db, keys, this.deps.clock.now());
    } catch (error) {
      if (sqlState(error) === '23503') throw new AppError(404, 'not_found', 'errors.notFound');
      throw error;
    }
  }

  /** Adds to a user's available balance, taken from `from` (default: the operator's equity). */
  async credit(options: UserMoveOptions & { from?: AccountRef }, tx?: Transaction): Promise<Movement> {
    return this.move(moves.credit(options), tx);
  }

  /** Takes from a user's available balance, to `to` (default: the operator's equity). */
  async debit(options: UserMoveOptions & { to?: AccountRef }, tx?: Transaction): Promise<Movement> {
    return this.move(moves.debit(options), tx);
  }

  /** available → frozen (margin lock, bet freeze, withdrawal request). */
  async freeze(options: UserMoveOptions, tx?: Transaction): Promise<Movement> {
    return this.move(moves.freeze(options), tx);
  }

  /** frozen → available (margin unfreeze, refunds, rejected withdrawal). */
  async unfreeze(options: UserMoveOptions, tx?: Transaction): Promise<Movement> {
    return this.move(moves.unfreeze(options), tx);
  }

  /** frozen → the vault, or `to` (loss consumed, fees from frozen funds, a sent withdrawal → chain). */
  async consumeFrozen(options: UserMoveOptions & { to?: AccountRef }, tx?: Transaction): Promise<Movement> {
    return this.move(moves.consumeFrozen(options), tx);
  }

  /** The vault → a user's available balance (profit payout, rewards). Refused when the vault is short. */
  async payFromVault(options: UserMoveOptions, tx?: Transaction): Promise<Movement> {
    return this.move(moves.payFromVault(options), tx);
  }

  /** An operator's correction, + or −, against equity; a user's balance never goes below zero. */
  async adjust(
    options: Omit<UserMoveOptions, 'type' | 'ref'> & { ref?: MoveRequest['ref'] },
    tx?: Transaction,
  ): Promise<Movement> {
    const amount = toAmount(options.amount);
    if (amount.isZero())
      throw new AppError(400, 'validation', 'errors.amountZero', { fields: { amount: 'errors.amountZero' } });
    return this.move(
      {
        type: 'admin_adjust',
        ref: options.ref ?? { type: 'admin', id: null },
        memo: options.memo,
        causeKey: options.causeKey,
        legs: [
          { account: userAccount(options.userId, options.token), available: amount },
          { account: equityAccount(options.token), available: amount.neg() },
        ],
      },
      tx,
    );
  }

  /**
   * The same amount to each user, from equity, as one movement per chunk of users (one posting
   * each), all in one transaction. Answers the airdrop id (every entry's ref) and the movements.
   */
  async airdrop(
    options: { userIds: number[]; token: string; amount: Amount; memo?: string | null; chunkSize?: number },
    tx?: Transaction,
  ): Promise<{ airdropId: string; movements: Movement[] }> {
    const amount = positive(options.amount);
    const userIds = [...new Set(options.userIds)].sort((a, b) => a - b);
    if (userIds.length === 0) return { airdropId: '', movements: [] };
    await this.deps.tokens.require(options.token, { allowDisabled: true, via: tx });
    const airdropId = randomUUID();
    const chunkSize = options.chunkSize ?? 2000;
    const run = async (q: Transaction) => {
      const movements: Movement[] = [];
      for (let i = 0; i < userIds.length; i += chunkSize) {
        const chunk = userIds.slice(i, i + chunkSize);
        movements.push(
          await this.move(
            {
              type: 'airdrop',
              ref: { type: 'airdrop', id: airdropId },
              memo: options.memo,
              legs: [
                ...chunk.map((userId) => ({
                  account: userAccount(userId, options.token),
                  available: amount,
                })),
                { account: equityAccount(options.token), available: amount.mul(chunk.length).neg() },
              ],
            },
            q,
          ),
        );
      }
      return movements;
    };
    const keys = [
      ...userIds.map((userId) => this.keyOf(userAccount(userId, options.token))),
      this.keyOf(equityAccount(options.token)),
    ];
    if (tx) {
      await this.createOutside(keys, tx);
      return { airdropId, movements: await run(tx) };
    }
    await this.createAccounts(keys);
    return { airdropId, movements: await this.retrying(() => this.deps.db.transaction(run)) };
  }

  /** Funds (or, negative, defunds) a token's vault from equity; the vault never goes below zero. */
  async fundVault(
    options: { token: string; amount: Amount; memo?: string | null; causeKey?: string },
    tx?: Transaction,
  ): Promise<Movement> {
    const amount = toAmount(options.amount);
    if (amount.isZero())
      throw new AppError(400, 'validation', 'errors.amountZero', { fields: { amount: 'errors.amountZero' } });
    return this.move(
      {
        type: 'admin_adjust',
        ref: { type: 'vault_fund', id: null },
        memo: options.memo,
        ...(options.causeKey && { causeKey: options.causeKey }),
        legs: [
          { account: vaultAccount(options.token), available: amount },
          { account: equityAccount(options.token), available: amount.neg() },
        ],
      },
      tx,
    );
  }

  // ---- Reads: other modules see balances and entries through these, never the tables ----

  /** A user's balances (only the tokens they ever held). */
  balancesOf(userId: number): Promise<balances.BalanceRow[]> {
    return balances.userBalances(this.deps.db, userId);
  }

  /** A user's available balance of a token ('0' before their first money in it). */
  availableOf(userId: number, token: string): Promise<string> {
    return balances.userAvailable(this.deps.db, userId, token);
  }

  /** The same inside `tx`, the account row locked until it ends (e.g. to take back at most this much). */
  lockAvailable(tx: Transaction, userId: number, token: string): Promise<string> {
    return balances.lockedAvailable(tx, userId, token);
  }

  /**
   * Balances of accounts in `tx` ('0' for an account that has none yet): those in `lock` locked
   * until it ends, one after the other in the order given (callers lock a user's account before a
   * vault), those in `read` as they are. One statement: to decide on balances (an open's checks, a
   * close's vault payout) and then move money from them in the same transaction.
   */
  async balancesIn(
    tx: Transaction,
    accounts: { lock: AccountRef[]; read?: AccountRef[] },
  ): Promise<{ available: Decimal; frozen: Decimal }[]> {
    const refs = [...accounts.lock, ...(accounts.read ?? [])];
    const rows = await repo.balancesIn(
      tx,
      refs.map((ref) => ({ owner: ownerOf(ref), token: ref.token })),
      accounts.lock.length,
    );
    const held = setOf(lockedBy, tx);
    for (const row of rows) if (row.locked) held.add(row.id);
    return refs.map((ref) => {
      const row = rows.find((r) => r.owner === ownerOf(ref) && r.token === ref.token);
      return { available: new Decimal(row?.available ?? 0), frozen: new Decimal(row?.frozen ?? 0) };
    });
  }

  /**
   * Locks accounts in id order until `tx` ends, to move money from them later in it (a batch of
   * settlements locks its users' accounts before their vault, as every open does).
   */
  async lockAccounts(tx: Transaction, refs: AccountRef[]): Promise<void> {
    const ids = await repo.lockAccountsByKey(
      tx,
      refs.map((ref) => ({ owner: ownerOf(ref), token: ref.token })),
    );
    const held = setOf(lockedBy, tx);
    for (const id of ids) held.add(id);
  }

  /** An account's available balance now ('0' when it has none yet), e.g. a vault's. */
  async availableIn(ref: AccountRef, db: Queryable = this.deps.db): Promise<Decimal> {
    const [row] = await repo.findAccounts(db, [this.keyOf(ref)]);
    return new Decimal(row?.available ?? 0);
  }

  /** Vaults, chain accounts and equity. */
  houseAccounts() {
    return balances.houseAccounts(this.deps.db);
  }

  /** A user's entries, newest first. */
  entriesOf(filter: balances.EntryFilter & { offset: number; limit: number }) {
    return balances.userEntries(this.deps.db, filter);
  }

  /** A user's entries of a token grouped into operations, newest first (the activity history). */
  operationsOf(filter: balances.OperationFilter) {
    return balances.userOperations(this.deps.db, filter);
  }

  /** One of the user's entries (anyone else's is undefined). */
  entryOf(userId: number, id: number) {
    return balances.userEntry(this.deps.db, userId, id);
  }

  private keyOf(ref: AccountRef): repo.AccountKey {
    return {
      kind: ref.kind,
      owner: ownerOf(ref),
      userId: ref.kind === 'user' ? ref.userId : null,
      network: ref.kind === 'chain' ? ref.network : null,
      token: ref.token,
    };
  }

  /** Checks the request and merges legs of the same account; throws before anything is written. */
  private async plan(request: MoveRequest, tx?: Queryable): Promise<PlannedLeg[]> {
    const byAccount = new Map<string, PlannedLeg>();
    for (const leg of request.legs) {
      const token = await this.deps.tokens.require(leg.account.token, { allowDisabled: true, via: tx });
      const ref = { ...leg.account, token: token.symbol } as AccountRef;
      if (ref.kind === 'chain' && !token.networks.some((n) => n.network === ref.network)) {
        throw new Error(`ledger: ${token.symbol} has no ${ref.network} network`);
      }
      const available = toAmount(leg.available ?? '0');
      const frozen = toAmount(leg.frozen ?? '0');
      if (ref.kind !== 'user' && !frozen.isZero()) {
        throw new Error(`ledger: house account ${describeAccount(ref)} has no frozen balance`);
      }
      const id = `${ownerOf(ref)}/${ref.token}`;
      const planned = byAccount.get(id);
      if (planned) {
        planned.available = planned.available.add(available);
        planned.frozen = planned.frozen.add(frozen);
      } else {
        byAccount.set(id, { ref, key: this.keyOf(ref), available, frozen });
      }
    }
    const legs = [...byAccount.values()].filter((leg) => !leg.available.isZero() || !leg.frozen.isZero());
    if (legs.length === 0) throw new Error('ledger: a movement needs at least one non-zero leg');
    const sums = new Map<string, Decimal>();
    for (const leg of legs) {
      sums.set(leg.ref.token, (sums.get(leg.ref.token) ?? new Decimal(0)).add(leg.available).add(leg.frozen));
    }
    for (const [token, sum] of sums) {
      if (!sum.isZero())
        throw new Error(`ledger: a ${request.type} movement of ${token} sums to ${sum.toFixed()}, not 0`);
    }
    return legs;
  }

  private async execute(
    tx: Transaction,
    requests: MoveRequest[],
    planned: PlannedLeg[][],
    accounts: Map<string, repo.AccountRow>,
    /** The movements' own transaction (a refusal rolls it back), or the caller's. */
    own: boolean,
  ): Promise<Movement[]> {
    const now = this.deps.clock.now();
    const movements = requests.map((request, n) => ({
      header: {
        type: request.type,
        refType: request.ref.type,
        refId: request.ref.id === undefined || request.ref.id === null ? null : String(request.ref.id),
        memo: request.memo ?? null,
        causeKey: request.causeKey ?? null,
      },
      deltas: planned[n]!.map((leg) => {
        const account = accounts.get(accountKey(leg.key));
        if (!account) throw new Error(`ledger: account ${accountKey(leg.key)} is missing`);
        return {
          accountId: account.id,
          available: leg.available.toFixed(),
          frozen: leg.frozen.toFixed(),
          guarded: mustStayNonNegative(account.kind),
        };
      }),
    }));
    // Tell every API process, once this transaction commits (never if it rolls back), whose balances
    // moved: their WebSocket pushes `balances` to that user's screens. Once per user and transaction:
    // a batch of movements, or several in one transaction, is one message per user.
    const told = setOf(notified, tx);
    const users = [...new Set([...accounts.values()].flatMap((account) => account.userId ?? []))].filter(
      (userId) => !told.has(userId),
    );
    // In a caller's transaction a refusal must write nothing: the accounts that could go below zero
    // are locked before the statement (most callers locked them already, reading their balances),
    // so the statement checks them on balances no one else can change.
    let checkFirst: number[] = [];
    if (own === false) {
      checkFirst = atRisk(movements.flatMap((m) => m.deltas));
      const held = setOf(lockedBy, tx);
      const missing = checkFirst.filter((id) => !held.has(id));
      if (missing.length > 0) {
        await repo.lockAccounts(tx, missing);
        for (const id of missing) held.add(id);
      }
    }
    const written = await repo.writeMovements(
      tx,
      movements,
      now,
      { channel: BALANCES_CHANNEL, users },
      checkFirst,
    );
    if (!written) return this.replayed(tx, requests);
    if ('short' in written) throw new Refused(written.short);
    for (const userId of users) told.add(userId);
    const byId = new Map([...accounts.values()].map((account) => [account.id, account]));
    return written.map((movement) => ({
      id: movement.movementId,
      createdAt: now,
      replayed: false,
      postings: movement.postings.map((row) => this.toPosting(row, byId.get(row.accountId)!)),
    }));
  }

  /** Nothing moved: every cause moved money before (answer those movements), or some did. */
  private async replayed(tx: Transaction, requests: MoveRequest[]): Promise<Movement[]> {
    const replays: Movement[] = [];
    for (const request of requests) {
      const first = request.causeKey ? await repo.findMovementByCause(tx, request.causeKey) : undefined;
      if (!first || first.postings.length === 0) {
        throw new Error(
          'ledger: some movements of this batch were made before; its transaction must roll back',
        );
      }
      replays.push({ ...first, postings: await this.describe(tx, first.postings), replayed: true });
    }
    return replays;
  }

  private async describe(db: Queryable, rows: repo.PostingRow[]): Promise<Posting[]> {
    const accounts = new Map(
      (
        await repo.accountsById(
          db,
          rows.map((row) => row.accountId),
        )
      ).map((a) => [a.id, a]),
    );
    return rows.map((row) => this.toPosting(row, accounts.get(row.accountId)!));
  }

  private toPosting(row: repo.PostingRow, account: repo.AccountRow): Posting {
    return {
      id: row.id,
      accountId: row.accountId,
      kind: account.kind,
      owner: account.owner,
      userId: account.userId,
      token: account.token,
      availableDelta: plainDecimal(row.availableDelta),
      frozenDelta: plainDecimal(row.frozenDelta),
      availableAfter: plainDecimal(row.availableAfter),
      frozenAfter: plainDecimal(row.frozenAfter),
    };
  }
}
