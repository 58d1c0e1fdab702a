// Operator actions on money (/api/admin/* and `npm run admin`): adjust a balance, airdrop, fund the
// vault, read a user's ledger and the house accounts. Money moves through the ledger service, as
// movements these actions name (OperatorMoney); WalletOperations checks an operator's input.
import { randomUUID } from 'node:crypto';
import type { BusinessType } from '@tradeflip/api';
import { Decimal, plainDecimal } from '@tradeflip/money';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../errors';
import type { IdempotencyRecord } from '../../plugins/idempotency';
import type { AccountService } from '../account/service';
import { chainAccount, equityAccount, userAccount, vaultAccount, type AccountRef } from '../ledger/accounts';
import type { NetworkName } from '../../chain/network';
import type { ChainRegistry } from '../../chain/registry';
import {
  InsufficientBalanceError,
  LedgerTx,
  positive,
  toAmount,
  type Amount,
  type ExposureChange,
  type LedgerService,
  type Movement,
  type MoveRequest,
  type UserMoveOptions,
} from '../ledger/service';
import type { Token, TokenRegistry } from '../token/registry';
import { toFlowEntry } from './service';
import { pageRows } from '../../db/page';

function amountZero(): AppError {
  return new AppError(400, 'validation', 'errors.amountZero', { fields: { amount: 'errors.amountZero' } });
}

/** An operator's money actions as ledger movements (by user id; WalletOperations takes emails). */
export class OperatorMoney {
  constructor(private readonly deps: { ledger: LedgerService; tokens: TokenRegistry }) {}

  /** An operator's correction, + or −, against equity; a user's balance never goes below zero. */
  async adjust(
    options: Omit<UserMoveOptions, 'type' | 'ref'> & { ref?: MoveRequest['ref'] },
    tx?: Transaction | LedgerTx,
  ): Promise<Movement> {
    return this.againstEquity(
      userAccount(options.userId, options.token),
      options.token,
      options.amount,
      { ref: options.ref ?? { type: 'admin', id: null }, memo: options.memo, causeKey: options.causeKey },
      tx,
    );
  }

  /**
   * The same amount to each user, from equity, as one movement per chunk of users (one posting
   * each), all in one transaction. Answers the airdrop id (every entry's ref) and the movements.
   */
  async airdrop(
    options: { userIds: number[]; token: string; amount: Amount; memo?: string | null; chunkSize?: number },
    tx?: Transaction | LedgerTx,
  ): Promise<{ airdropId: string; movements: Movement[] }> {
    const amount = positive(options.amount);
    const userIds = [...new Set(options.userIds)].sort((a, b) => a - b);
    if (userIds.length === 0) return { airdropId: '', movements: [] };
    const ltx = tx && (tx instanceof LedgerTx ? tx : new LedgerTx(tx));
    await this.deps.tokens.require(options.token, { allowDisabled: true, via: ltx?.tx });
    const airdropId = randomUUID();
    const chunkSize = options.chunkSize ?? 2000;
    const run = async (within: LedgerTx) => {
      const movements: Movement[] = [];
      for (let i = 0; i < userIds.length; i += chunkSize) {
        const chunk = userIds.slice(i, i + chunkSize);
        movements.push(
          await this.deps.ledger.move(
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
            within,
          ),
        );
      }
      return movements;
    };
    return { airdropId, movements: await (ltx ? run(ltx) : this.deps.ledger.transaction(run)) };
  }

  /**
   * Funds (or, negative, defunds) a token's vault from equity. The vault never goes below zero, nor
   * does a withdrawal from it leave less than it owes on open bets (refused, naming the most that can
   * go). `belowOwed` lifts that one rule: tests that stage a vault emptied some other way.
   */
  async fundVault(
    options: { token: string; amount: Amount; memo?: string | null; causeKey?: string; belowOwed?: boolean },
    tx?: Transaction | LedgerTx,
  ): Promise<Movement> {
    return this.againstEquity(
      vaultAccount(options.token),
      options.token,
      options.amount,
      {
        ref: { type: 'vault_fund', id: null },
        memo: options.memo,
        ...(options.causeKey && { causeKey: options.causeKey }),
      },
      tx,
      // The ledger locks the vault: no bet can promise more meanwhile (they promise with it locked).
      (amount) => (amount.isNegative() && !options.belowOwed ? { covers: options.token } : {}),
    );
  }

  /**
   * Books tokens the operator put into a network's hot wallet (a positive amount; negative: taken out):
   * the chain account says the platform holds that much more there, against equity. Like any other
   * movement between the chain and the ledger, so the audit's reconciliation with the chain holds.
   */
  async fundHotWallet(
    options: { token: string; network: NetworkName; amount: Amount; memo?: string | null; causeKey?: string },
    tx?: Transaction | LedgerTx,
  ): Promise<Movement> {
    return this.againstEquity(
      chainAccount(options.token, options.network),
      options.token,
      toAmount(options.amount).neg(),
      {
        ref: { type: 'hot_wallet_fund', id: null },
        memo: options.memo,
        ...(options.causeKey && { causeKey: options.causeKey }),
      },
      tx,
    );
  }

  /** An admin adjustment: `amount` (+ or −, never zero) into `account`, from the token's equity. */
  private async againstEquity(
    account: AccountRef,
    token: string,
    given: Amount,
    movement: Pick<MoveRequest, 'ref' | 'memo' | 'causeKey'>,
    tx?: Transaction | LedgerTx,
    exposure: (amount: Decimal) => ExposureChange = () => ({}),
  ): Promise<Movement> {
    const amount = toAmount(given);
    if (amount.isZero()) throw amountZero();
    return this.deps.ledger.move(
      {
        type: 'admin_adjust',
        ...movement,
        legs: [
          { account, available: amount },
          { account: equityAccount(token), available: amount.neg() },
        ],
      },
      tx,
      exposure(amount),
    );
  }
}

/** An amount the token can hold: at most its amount decimals. */
function amountFor(token: Token, value: string): Decimal {
  const amount = new Decimal(value);
  if (amount.decimalPlaces() > token.amountDp) {
    throw new AppError(400, 'validation', 'validation.decimals', {
      vars: { n: token.amountDp },
      fields: { amount: 'validation.decimals' },
    });
  }
  return amount;
}

export class WalletOperations {
  constructor(
    private readonly deps: {
      db: Database;
      tokens: TokenRegistry;
      ledger: LedgerService;
      money: OperatorMoney;
      accounts: AccountService;
      /** The networks this deployment reaches: a hot wallet is funded on one of them. */
      chains?: ChainRegistry;
    },
  ) {}

  /**
   * Runs a money operation. Keyed (an Idempotency-Key): the effect and the key's stored answer commit
   * in one transaction, so a crash never lets the key move money twice.
   */
  private async once<T>(
    record: IdempotencyRecord | undefined,
    work: (tx?: Transaction) => Promise<T>,
  ): Promise<T> {
    if (!record) return work();
    return this.deps.db.transaction(async (tx) => {
      const result = await work(tx);
      await record.commit(tx, result);
      return result;
    });
  }

  private user(email: string) {
    return this.deps.accounts.registeredUser(email);
  }

  async adjust(
    input: { email: string; token: string; amount: string; reason: string },
    record?: IdempotencyRecord,
  ) {
    const token = await this.deps.tokens.require(input.token);
    const amount = amountFor(token, input.amount);
    const user = await this.user(input.email);
    try {
      return await this.once(record, async (tx) => {
        const movement = await this.deps.money.adjust(
          { userId: user.id, token: token.symbol, amount, memo: input.reason },
          tx,
        );
        const posting = movement.postings.find((p) => p.userId === user.id)!;
        return {
          movementId: String(movement.id),
          email: user.email,
          token: token.symbol,
          amount: amount.toFixed(),
          available: posting.availableAfter,
          frozen: posting.frozenAfter,
        };
      });
    } catch (error) {
      throw belowZero(error, token.symbol);
    }
  }

  async airdrop(
    input: { token: string; amount: string; emails?: string[]; all?: true; memo?: string },
    record?: IdempotencyRecord,
  ) {
    const token = await this.deps.tokens.require(input.token);
    const amount = amountFor(token, input.amount);
    if (amount.lte(0)) {
      throw new AppError(400, 'validation', 'errors.amountPositive', {
        fields: { amount: 'errors.amountPositive' },
      });
    }
    let userIds: number[];
    if (input.emails) {
      const emails = [...new Set(input.emails)];
      const found = await this.deps.accounts.usersByEmail(emails);
      const known = new Set(found.map((user) => user.email));
      const missing = emails.filter((email) => !known.has(email));
      if (missing.length > 0) {
        const shown =
          missing.slice(0, 10).join(', ') + (missing.length > 10 ? ` (+${missing.length - 10})` : '');
        throw new AppError(404, 'email_not_registered', 'errors.emailsNotRegistered', {
          vars: { emails: shown },
          data: { emails: missing },
        });
      }
      userIds = found.map((user) => user.id);
    } else {
      userIds = await this.deps.accounts.activeUserIds();
    }
    return this.once(record, async (tx) => {
      const { airdropId, movements } = await this.deps.money.airdrop(
        { userIds, token: token.symbol, amount, memo: input.memo ?? null },
        tx,
      );
      const users = new Set(userIds).size;
      return {
        airdropId,
        token: token.symbol,
        amount: amount.toFixed(),
        users,
        total: amount.mul(users).toFixed(),
        movementIds: movements.map((movement) => String(movement.id)),
      };
    });
  }

  async fundVault(input: { token: string; amount: string; memo?: string }, record?: IdempotencyRecord) {
    const token = await this.deps.tokens.require(input.token);
    const amount = amountFor(token, input.amount);
    try {
      return await this.once(record, async (tx) => {
        const movement = await this.deps.money.fundVault(
          { token: token.symbol, amount, memo: input.memo ?? null },
          tx,
        );
        const vault = movement.postings.find((p) => p.kind === 'vault')!;
        return {
          movementId: String(movement.id),
          vault: {
            kind: 'vault' as const,
            token: token.symbol,
            network: null,
            available: vault.availableAfter,
          },
        };
      });
    } catch (error) {
      throw belowZero(error, token.symbol);
    }
  }

  /**
   * Books tokens the operator sent to a network's hot wallet (negative: took out of it): without it,
   * the audit's reconciliation reports them as a difference between the ledger and the chain.
   */
  async fundHotWallet(
    input: { network: NetworkName; token: string; amount: string; memo: string },
    record?: IdempotencyRecord,
  ) {
    if (!this.deps.chains?.network(input.network)) {
      throw new AppError(400, 'validation', 'errors.networkUnsupported', {
        fields: { network: 'errors.networkUnsupported' },
      });
    }
    const token = await this.deps.tokens.require(input.token);
    const amount = amountFor(token, input.amount);
    return this.once(record, async (tx) => {
      const movement = await this.deps.money.fundHotWallet(
        { token: token.symbol, network: input.network, amount, memo: input.memo },
        tx,
      );
      const chain = movement.postings.find((p) => p.kind === 'chain')!;
      return {
        movementId: String(movement.id),
        chain: {
          kind: 'chain' as const,
          token: token.symbol,
          network: input.network,
          available: chain.availableAfter,
        },
      };
    });
  }

  async house() {
    const rows = await this.deps.ledger.houseAccounts();
    return {
      list: rows.map((row) => ({
        kind: row.kind as 'vault' | 'chain' | 'equity',
        token: row.token,
        network: row.network,
        available: plainDecimal(row.available),
      })),
    };
  }

  async ledgerOf(query: {
    email: string;
    token?: string;
    type?: BusinessType;
    page: number;
    pageSize: number;
  }) {
    const user = await this.user(query.email);
    const [balances, entries] = await Promise.all([
      this.deps.ledger.balancesOf(user.id),
      this.deps.ledger.entriesOf({
        userId: user.id,
        token: query.token,
        type: query.type,
        ...pageRows(query),
      }),
    ]);
    const order = new Map((await this.deps.tokens.all()).map((token, i) => [token.symbol, i]));
    return {
      user: { id: String(user.id), email: user.email },
      balances: balances
        .sort((a, b) => (order.get(a.token) ?? 0) - (order.get(b.token) ?? 0))
        .map((row) => ({
          token: row.token,
          available: plainDecimal(row.available),
          frozen: plainDecimal(row.frozen),
        })),
      list: entries.rows.map((row) => ({ ...toFlowEntry(row), movementId: String(row.movementId) })),
      total: entries.total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }
}

/** A balance an adjustment would take below zero, in the operator's words; any other error as it was. */
function belowZero(error: unknown, token: string): unknown {
  if (!(error instanceof InsufficientBalanceError)) return error;
  return new AppError(400, 'insufficient_balance', 'errors.adjustBelowZero', {
    vars: { available: plainDecimal(error.available), token },
    data: error.options.data,
  });
}
