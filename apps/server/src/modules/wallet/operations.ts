// Operator actions on money (/api/admin/* and `npm run admin`): adjust a balance, airdrop, fund the
// vault, read a user's ledger and the house accounts. Money moves through the ledger service.
import type { BusinessType } from '@tradeflip/contract';
import { Decimal, plainDecimal } from '@tradeflip/money';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../plugins/errors';
import type { IdempotencyRecord } from '../../plugins/idempotency';
import { findUserByEmail } from '../account/repository';
import { InsufficientBalanceError, type LedgerService } from '../ledger/service';
import type { Token, TokenRegistry } from '../token/registry';
import * as repo from './repository';
import { toFlowEntry } from './service';

function emailNotRegistered(): AppError {
  return new AppError(404, 'email_not_registered', 'errors.emailNotRegistered', {
    fields: { email: 'errors.emailNotRegistered' },
  });
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

  private async user(email: string) {
    const user = await findUserByEmail(this.deps.db, email);
    if (!user) throw emailNotRegistered();
    return user;
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
        const movement = await this.deps.ledger.adjust(
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
      if (error instanceof InsufficientBalanceError) {
        throw new AppError(400, 'insufficient_balance', 'errors.adjustBelowZero', {
          vars: { available: plainDecimal(error.available), token: token.symbol },
          data: error.options.data,
        });
      }
      throw error;
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
      const found = await repo.usersByEmail(this.deps.db, emails);
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
      userIds = await repo.activeUserIds(this.deps.db);
    }
    return this.once(record, async (tx) => {
      const { airdropId, movements } = await this.deps.ledger.airdrop(
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
        const movement = await this.deps.ledger.fundVault(
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
      if (error instanceof InsufficientBalanceError) {
        throw new AppError(400, 'insufficient_balance', 'errors.adjustBelowZero', {
          vars: { available: plainDecimal(error.available), token: token.symbol },
          data: error.options.data,
        });
      }
      throw error;
    }
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
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
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
