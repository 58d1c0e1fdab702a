// The one way money moves (DESIGN §4). Every change of a balance is a movement: a business type, its
// cause and one posting per account, summing to zero per token, written in one transaction by one
// statement of guarded updates (a user or vault balance never goes below zero). The ledger owns the
// locking (TigerBeetle's model): callers name movements, and one call locks every account it touches
// in one sorted order, so movers never deadlock each other and no caller keeps a locking order. A
// movement may take "at most what is there" (a balancing debit: a payout from the vault, a reversal
// from a user), decided by the ledger on the balance it holds locked. A refusal writes nothing.
// Later features call the helpers below (freeze, consumeFrozen, payFromVault, ...) or `move` with
// their own legs, and pass their transaction (or its LedgerTx) when the money must move together
// with their rows.
import { Decimal, normalizeSymbol, plainDecimal } from '@tradeflip/money';
import type { Clock } from '../../clock';
import type { Database, Queryable, Transaction } from '../../db/client';
import { BALANCES_CHANNEL } from '../../db/notifications';
import { sqlState } from '../../db/rows';
import { AppError } from '../../errors';
import type { Token, TokenRegistry } from '../token/registry';
import { describeAccount, mustStayNonNegative, ownerOf, vaultAccount, type AccountRef } from './accounts';
import * as balances from './balances';
import {
  ExposureRefused,
  InsufficientBalanceError,
  moves,
  toAmount,
  tooLarge,
  type ExposureChange,
  type MoveRequest,
  type Movement,
  type Posting,
  type UserMoveOptions,
} from './moves';
import * as repo from './repository';

export type { BalanceRow, EntryFilter, EntryRow } from './balances';
export * from './moves';

/**
 * A caller's transaction as the ledger knows it: what it holds locked (not locked again) and the
 * users it told their balances moved (told once per transaction). Pass one handle to every ledger
 * call of a transaction; a bare Transaction is a handle of its own for that one call.
 */
export class LedgerTx {
  readonly locked = new Set<number>();
  readonly told = new Set<number>();
  constructor(readonly tx: Transaction) {}
}

const handleOf = (tx: Transaction | LedgerTx): LedgerTx => (tx instanceof LedgerTx ? tx : new LedgerTx(tx));

const RETRIES = 5;

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

interface PlannedMove {
  legs: PlannedLeg[];
  /** A balancing movement: the leg taken from (the other receives), and what it leaves there. */
  balancing?: { from: number; bucket: 'available' | 'frozen'; leaving: Decimal };
}

export class LedgerService {
  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      tokens: TokenRegistry;
      /**
       * PostgreSQL's pool for statements that commit on their own (DatabaseHandle.outside): new
       * accounts are created there, outside callers' transactions (see createOutside). None on PGlite.
       */
      outside?: Database;
    },
  ) {}

  private readonly accountCache = new Map<string, repo.AccountRow>();

  /** Moves money: one movement (see moveAll; a balancing or `ifShort` movement goes through moveAll). */
  async move(
    request: MoveRequest,
    tx?: Transaction | LedgerTx,
    exposure?: ExposureChange,
  ): Promise<Movement> {
    const [movement] = await this.moveAll([request], tx, exposure);
    if (!movement) throw new Error('ledger: a conditional movement moved nothing: use moveAll');
    return movement;
  }

  /**
   * Moves money: every leg's deltas are applied to its account and posted, all or nothing. Several
   * movements go together, in order, in one statement (an open's margin and fee, a close's parts),
   * with what they change in the vaults' promises (`exposure`). The accounts are locked in one
   * sorted order inside this call, whatever the caller locked before. Runs in `tx` when given,
   * otherwise in its own transaction, retried on a deadlock or serialisation failure. A refusal
   * (InsufficientBalanceError, ExposureRefused) must end the caller's transaction, as it does when it
   * leaves `db.transaction`; a replay (every cause key used before) changes nothing. Answers each
   * movement in order, null for a balancing one that found nothing or an `ifShort` one not due.
   */
  moveAll(
    requests: MoveRequest[],
    tx?: Transaction | LedgerTx,
    exposure: ExposureChange = {},
  ): Promise<(Movement | null)[]> {
    return this.moveMany(requests, tx, exposure, true);
  }

  /**
   * Moves as moveAll, answering nothing: for a caller that reads no entry back (the flip settler's
   * hundreds of movements a batch), whose postings are then never sent back by the database.
   */
  async moveAllUnanswered(
    requests: MoveRequest[],
    tx?: Transaction | LedgerTx,
    exposure: ExposureChange = {},
  ): Promise<void> {
    await this.moveMany(requests, tx, exposure, false);
  }

  private async moveMany(
    requests: MoveRequest[],
    tx: Transaction | LedgerTx | undefined,
    exposure: ExposureChange,
    answered: boolean,
  ): Promise<(Movement | null)[]> {
    const ltx = tx && handleOf(tx);
    const planned: PlannedMove[] = [];
    // Each token looked up once per call (a batch of settlements names one token a thousand times).
    const tokens = new Map<string, Promise<Token>>();
    for (const request of requests) planned.push(await this.plan(request, tokens, ltx?.tx));
    const vaultKeys = this.exposureTokens(exposure).map((token) => this.keyOf(vaultAccount(token)));
    if (planned.length === 0 && vaultKeys.length === 0) return [];
    // Accounts are found (and, on their first money, created) before the movement's transaction,
    // so creating one never holds locks that movers wait for.
    const accounts = await this.accounts(
      [...planned.flatMap((move) => move.legs.map((leg) => leg.key)), ...vaultKeys],
      ltx?.tx,
    );
    try {
      if (ltx) return await this.execute(ltx, requests, planned, accounts, false, exposure, answered);
      return await this.retrying(() =>
        this.deps.db.transaction((own) =>
          this.execute(new LedgerTx(own), requests, planned, accounts, true, exposure, answered),
        ),
      );
    } catch (error) {
      if (error instanceof Refused)
        throw await this.refusal(
          planned.flatMap((move) => move.legs),
          accounts,
          error.guardedAccountIds,
          ltx?.tx,
        );
      if (sqlState(error) === '22003') throw tooLarge();
      throw error;
    }
  }

  private exposureTokens(exposure: ExposureChange): string[] {
    const tokens = [
      ...(exposure.reserve ? [exposure.reserve.token] : []),
      ...[...(exposure.release ?? [])].filter(([, amount]) => !amount.isZero()).map(([token]) => token),
      ...(exposure.covers ? [exposure.covers] : []),
    ];
    return [...new Set(tokens.map((token) => normalizeSymbol(token)))];
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
   * that outlives a rolled-back caller is harmless. Created through the `outside` pool, never the
   * callers' own: callers holding every connection of theirs while each waited for one more hung
   * forever (CI, stop 21: concurrent airdrops to new accounts). Inside the caller's transaction
   * only where it must be: PGlite (one connection, so nothing runs beside it), or a user created by
   * that very transaction (not visible outside it yet).
   */
  private async createOutside(keys: repo.AccountKey[], tx?: Transaction) {
    if (!tx) return this.createAccounts(keys);
    if (!this.deps.outside) return this.createAccounts(keys, tx);
    try {
      await repo.createAccounts(this.deps.outside, keys, this.deps.clock.now());
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

  // The usual movements (moves.ts), each moved on its own by a method of the same name.

  /** Adds to a user's available balance, taken from `from` (default: the operator's equity). */
  readonly credit = this.moving(moves.credit);

  /** Takes from a user's available balance, to `to` (default: the operator's equity). */
  readonly debit = this.moving(moves.debit);

  /** available → frozen (margin lock, bet freeze, withdrawal request). */
  readonly freeze = this.moving(moves.freeze);

  /** frozen → available (margin unfreeze, refunds, rejected withdrawal). */
  readonly unfreeze = this.moving(moves.unfreeze);

  /** frozen → the vault, or `to` (loss consumed, fees from frozen funds, a sent withdrawal → chain). */
  readonly consumeFrozen = this.moving(moves.consumeFrozen);

  /**
   * The vault → a user's available balance (profit payout, rewards). Refused when the vault is short
   * (paying what it has, or only when short, are moveAll's: such a movement may move nothing).
   */
  readonly payFromVault = this.moving<UserMoveOptions>(moves.payFromVault);

  /** A method moving the movement `build` makes of its options, in `tx` when given (see move). */
  private moving<Options>(build: (options: Options) => MoveRequest) {
    // Async, so that options `build` refuses answer a rejected promise, as every ledger call does.
    return async (options: Options, tx?: Transaction | LedgerTx): Promise<Movement> =>
      this.move(build(options), tx);
  }

  /**
   * Runs `work` in a transaction of its own, with one LedgerTx for all its ledger calls, retried
   * whole on a deadlock or serialisation failure (several calls in one transaction each lock in
   * sorted order, but not all of them together).
   */
  transaction<T>(work: (ltx: LedgerTx) => Promise<T>): Promise<T> {
    return this.retrying(() => this.deps.db.transaction((tx) => work(new LedgerTx(tx))));
  }

  // ---- What a vault has promised (DESIGN §7) ----

  /** What the vault of `token` owes on open bets now ('0' before its first). */
  async exposureOf(token: string, db: Queryable = this.deps.db): Promise<Decimal> {
    return new Decimal(await balances.vaultOwed(db, normalizeSymbol(token)));
  }

  // ---- Reads: other modules see balances and entries through these, never the tables ----

  /** A user's balances (only the tokens they ever held). */
  balancesOf(userId: number): Promise<balances.BalanceRow[]> {
    return balances.userBalances(this.deps.db, userId);
  }

  /** A user's available balance of a token ('0' before their first money in it). */
  availableOf(userId: number, token: string, db: Queryable = this.deps.db): Promise<string> {
    return balances.userAvailable(db, userId, token);
  }

  /** An account's available balance now ('0' when it has none yet), e.g. a vault's. */
  async availableIn(ref: AccountRef, db: Queryable = this.deps.db): Promise<Decimal> {
    return new Decimal(await balances.accountAvailable(db, ref));
  }

  /** Vaults, chain accounts and equity. */
  /** The vault, chain and equity accounts; `via` reads them in a caller's transaction (a snapshot). */
  houseAccounts(via: Queryable = this.deps.db) {
    return balances.houseAccounts(via);
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
  private async plan(
    request: MoveRequest,
    tokens: Map<string, Promise<Token>>,
    tx?: Queryable,
  ): Promise<PlannedMove> {
    const byAccount = new Map<string, PlannedLeg>();
    for (const leg of request.legs) {
      let found = tokens.get(leg.account.token);
      if (!found) {
        found = this.deps.tokens.require(leg.account.token, { allowDisabled: true, via: tx });
        tokens.set(leg.account.token, found);
      }
      const token = await found;
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
    if (request.ifShort !== undefined && request.ifShort === request.causeKey) {
      throw new Error('ledger: a movement cannot depend on itself');
    }
    if (!request.atMost) return { legs };
    // A balancing movement: one guarded account gives from one bucket, the other leg receives it.
    const from = legs.findIndex((leg) => leg.available.isNegative() || leg.frozen.isNegative());
    const giver = legs[from];
    const bucket = giver && giver.available.isNegative() ? 'available' : 'frozen';
    const taker = legs[1 - from];
    if (
      legs.length !== 2 ||
      !giver ||
      !taker ||
      !mustStayNonNegative(giver.ref.kind) ||
      !giver[bucket === 'available' ? 'frozen' : 'available'].isZero() ||
      (!taker.available.isZero() && !taker.frozen.isZero())
    ) {
      throw new Error(
        `ledger: a balancing ${request.type} movement takes from one user or vault bucket to one account`,
      );
    }
    const leaving = toAmount(request.atMost.leaving ?? '0');
    if (leaving.isNegative()) throw new Error('ledger: a balancing movement leaves a positive amount');
    return { legs, balancing: { from, bucket, leaving } };
  }

  /**
   * What each movement moves on the balances it finds (`balances`, locked by this call, changed in
   * place): a balancing movement takes at most what its account holds at its turn, an `ifShort` one
   * moves only after its balancing movement fell short; null for one that moves nothing.
   */
  private resolve(
    requests: MoveRequest[],
    planned: PlannedMove[],
    ids: (leg: PlannedLeg) => number,
    balances: Map<number, { available: Decimal; frozen: Decimal }>,
  ): (PlannedLeg[] | null)[] {
    const short = new Set<string>();
    return planned.map((move, n) => {
      const request = requests[n]!;
      if (request.ifShort !== undefined && !short.has(request.ifShort)) return null;
      let legs = move.legs;
      if (move.balancing) {
        const { from, bucket, leaving } = move.balancing;
        const giver = legs[from]!;
        const asked = giver[bucket].neg();
        const holds = balances.get(ids(giver))?.[bucket] ?? new Decimal(0);
        const taken = Decimal.min(asked, Decimal.max(holds.sub(leaving), 0));
        if (taken.lt(asked) && request.causeKey !== undefined) short.add(request.causeKey);
        if (taken.isZero()) return null;
        legs = legs.map((leg, i) => {
          const amount = i === from ? taken.neg() : taken;
          const inAvailable = i === from ? bucket === 'available' : !leg.available.isZero();
          const zero = new Decimal(0);
          return { ...leg, available: inAvailable ? amount : zero, frozen: inAvailable ? zero : amount };
        });
      }
      for (const leg of legs) {
        const balance = balances.get(ids(leg));
        if (!balance) continue;
        balance.available = balance.available.add(leg.available);
        balance.frozen = balance.frozen.add(leg.frozen);
      }
      return legs;
    });
  }

  private async execute(
    ltx: LedgerTx,
    requests: MoveRequest[],
    planned: PlannedMove[],
    accounts: Map<string, repo.AccountRow>,
    /** The movements' own transaction (a refusal rolls it back), or the caller's. */
    own: boolean,
    exposure: ExposureChange,
    /** False: the movements are written and none is answered (every answer null). */
    answered: boolean,
  ): Promise<(Movement | null)[]> {
    const { tx } = ltx;
    const now = this.deps.clock.now();
    const accountOf = (key: repo.AccountKey) => {
      const account = accounts.get(accountKey(key));
      if (!account) throw new Error(`ledger: account ${accountKey(key)} is missing`);
      return account;
    };
    const idOf = (leg: PlannedLeg) => accountOf(leg.key).id;
    const byId = new Map([...accounts.values()].map((account) => [account.id, account]));
    const vaults = this.exposureTokens(exposure).map((token) => accountOf(this.keyOf(vaultAccount(token))));
    const deltasOf = (legs: PlannedLeg[]): repo.AccountDelta[] =>
      legs.map((leg) => ({
        accountId: idOf(leg),
        available: leg.available.toFixed(),
        frozen: leg.frozen.toFixed(),
        guarded: mustStayNonNegative(accountOf(leg.key).kind),
      }));

    // The ledger's locking: every account of the call is locked in one sorted order, in one
    // statement, before anything moves, when the call decides on balances (a balancing movement, a
    // vault's promises) or runs in a caller's transaction where a refusal must write nothing (then
    // the statement checks the accounts that could go below zero on balances no one else can change).
    // A call in its own transaction that decides nothing leaves it to the movements' statement,
    // which locks its accounts in the same order.
    const decides = vaults.length > 0 || planned.some((move, n) => move.balancing || requests[n]!.ifShort);
    const mayRefuse = !own && atRisk(planned.flatMap((move) => deltasOf(move.legs))).length > 0;
    const found = new Map<number, { available: Decimal; frozen: Decimal }>();
    if (decides || mayRefuse) {
      const ids = [
        ...new Set([...planned.flatMap((move) => move.legs.map(idOf)), ...vaults.map((v) => v.id)]),
      ];
      const lock = decides ? ids : ids.filter((id) => !ltx.locked.has(id));
      for (const row of await repo.lockAccounts(
        tx,
        lock.sort((a, b) => a - b),
      )) {
        found.set(row.id, { available: new Decimal(row.available), frozen: new Decimal(row.frozen) });
        ltx.locked.add(row.id);
      }
    }
    const covered = exposure.covers
      ? vaults.find((v) => v.token === normalizeSymbol(exposure.covers!))
      : undefined;
    const coveredBefore = covered && found.get(covered.id)?.available;
    const resolved = decides
      ? this.resolve(requests, planned, idOf, found)
      : planned.map((move) => move.legs);
    if (covered) {
      const owed = new Decimal(await balances.vaultOwed(tx, covered.token));
      const before = coveredBefore ?? new Decimal(0);
      // (Owing nothing, only zero bounds it: the movement's own refusal.)
      if (owed.gt(0) && found.get(covered.id)!.available.lt(owed)) {
        throw new AppError(400, 'insufficient_balance', 'errors.vaultOwes', {
          vars: {
            token: covered.token,
            owed: owed.toFixed(),
            max: Decimal.max(before.sub(owed), 0).toFixed(),
          },
          fields: { amount: 'errors.vaultOwes' },
          data: { token: covered.token, available: before.toFixed(), owed: owed.toFixed() },
        });
      }
    }

    const chosen = resolved.flatMap((legs, n) => (legs ? [n] : []));
    const movements = chosen.map((n) => {
      const request = requests[n]!;
      return {
        header: {
          type: request.type,
          refType: request.ref.type,
          refId: request.ref.id === undefined || request.ref.id === null ? null : String(request.ref.id),
          memo: request.memo ?? null,
          causeKey: request.causeKey ?? null,
        },
        deltas: deltasOf(resolved[n]!),
      };
    });
    const answers: (Movement | null)[] = requests.map(() => null);
    if (movements.length > 0) {
      // Tell every API process, once this transaction commits (never if it rolls back), whose
      // balances moved: their WebSocket pushes `balances` to that user's screens. Once per user and
      // transaction: a batch of movements, or several calls with one LedgerTx, is one message per user.
      const users = [
        ...new Set(movements.flatMap((m) => m.deltas).flatMap((d) => byId.get(d.accountId)?.userId ?? [])),
      ].filter((userId) => !ltx.told.has(userId));
      const checkFirst =
        ltx.locked.size > 0
          ? atRisk(movements.flatMap((m) => m.deltas)).filter((id) => ltx.locked.has(id))
          : [];
      const written = await repo.writeMovements(
        tx,
        movements,
        now,
        { channel: BALANCES_CHANNEL, users },
        checkFirst,
        answered,
      );
      if (!written) {
        const replays = await this.replayed(
          tx,
          chosen.map((n) => requests[n]!),
        );
        chosen.forEach((n, i) => (answers[n] = replays[i]!));
      } else {
        if ('short' in written) throw new Refused(written.short);
        for (const userId of users) ltx.told.add(userId);
        // Every account the statement changed stays locked by this transaction until it ends.
        for (const movement of movements)
          for (const delta of movement.deltas) ltx.locked.add(delta.accountId);
        if (answered)
          chosen.forEach((n, i) => {
            const movement = written[i]!;
            answers[n] = {
              id: movement.movementId,
              createdAt: now,
              replayed: false,
              postings: movement.postings.map((row) => this.toPosting(row, byId.get(row.accountId)!)),
            };
          });
      }
    }
    await this.changeExposure(tx, exposure, vaults, movements);
    return answers;
  }

  /**
   * The vaults' promises, their accounts locked by this call: a reservation is one row read and
   * written however many bets are open; its free balance leaves out what this call paid into the
   * vault (an open's fee).
   */
  private async changeExposure(
    tx: Transaction,
    exposure: ExposureChange,
    vaults: repo.AccountRow[],
    movements: { deltas: repo.AccountDelta[] }[],
  ) {
    if (exposure.reserve) {
      const token = normalizeSymbol(exposure.reserve.token);
      const vault = vaults.find((account) => account.token === token)!;
      const paidIn = movements
        .flatMap((m) => m.deltas)
        .filter((d) => d.accountId === vault.id)
        .reduce((sum, d) => sum.add(d.available), new Decimal(0));
      const args = {
        token,
        amount: exposure.reserve.amount.toFixed(),
        besides: Decimal.max(paidIn, 0).toFixed(),
        share: exposure.reserve.share,
      };
      let result = await repo.reserveExposure(tx, args);
      if (!result.fitted && result.owed === null) {
        await repo.startExposure(tx, token);
        result = await repo.reserveExposure(tx, args);
      }
      if (!result.fitted) throw new ExposureRefused(new Decimal(result.free), new Decimal(result.owed ?? 0));
    }
    const released = [...(exposure.release ?? [])].filter(([, amount]) => !amount.isZero());
    if (released.length > 0) {
      await repo.releaseExposure(
        tx,
        released.map(([token, amount]) => ({ token: normalizeSymbol(token), amount: amount.toFixed() })),
      );
    }
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
