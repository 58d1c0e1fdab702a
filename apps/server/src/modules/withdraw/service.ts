// Withdrawals (DESIGN §5, issue 4): the user's request, validated as spec §5 says, freezes amount + fee
// (`reviewing`); an operator approves or rejects it (rejection returns the funds), or, while it is
// still in review, its owner cancels it (the funds return; issue 9); the sender
// (workers/withdrawal-sender.ts) signs and broadcasts approved ones and reports them here as completed
// or failed. Every change of money is a `withdraw` entry with a cause key, so each step moves it once.
import { randomInt } from 'node:crypto';
import {
  WITHDRAWAL_REVIEW_HOURS,
  type AdminWithdrawal,
  type WithdrawBody,
  type WithdrawConfig,
  type WithdrawalRecord,
} from '@tradeflip/api';
import { isMessageKey, translate, type Language } from '@tradeflip/i18n';
import { Decimal, plainDecimal } from '@tradeflip/money';
import { getAddress, isAddress, zeroAddress } from 'viem';
import { noExplorers, type BlockExplorers } from '../../chain/explorers';
import type { ChainNetwork, ChainRegistry } from '../../chain/registry';
import type { Clock } from '../../clock';
import type { RateRule } from '../../config';
import type { Database, Queryable, Transaction } from '../../db/client';
import { sqlState } from '../../db/rows';
import type { NetworkName } from '../../chain/network';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from './schema';
import { AppError } from '../../errors';
import type { IdempotencyRecord } from '../../plugins/idempotency';
import { enforce, type RateLimiter } from '../../plugins/rate-limit';
import { verifyPassword } from '../account/credentials';
import type { AccountService } from '../account/service';
import { chainAccount, userAccount, vaultAccount } from '../ledger/accounts';
import { InsufficientBalanceError, type LedgerService } from '../ledger/service';
import type { Token, TokenNetwork, TokenRegistry } from '../token/registry';
import { storeNotice } from '../notifications/service';
import * as repo from './repository';
import { pageOf, pageRows } from '../../db/page';

/** The chain registry holds one token contract per network: USDT's. Only it can be sent. */
export const ONCHAIN_TOKEN = 'USDT';

const REVIEW_MS = WITHDRAWAL_REVIEW_HOURS * 3600_000;

/** Why a sent withdrawal failed; stored as a message key and shown in the reader's language. */
export type WithdrawalFailure = 'errors.withdrawalReverted' | 'errors.withdrawalReplaced';

function withdrawUnavailable(): AppError {
  return new AppError(400, 'validation', 'errors.withdrawUnavailable', {
    fields: { network: 'errors.withdrawUnavailable' },
  });
}

/** Addresses that take tokens and never give them back, refused with a message saying why. */
function refusedAddress(address: string, chain: ChainNetwork | undefined): AppError | undefined {
  const lower = address.toLowerCase();
  const reason =
    lower === zeroAddress
      ? 'errors.withdrawAddressZero'
      : chain && lower === chain.tokenAddress.toLowerCase()
        ? 'errors.withdrawAddressContract'
        : chain?.hotWalletAddress && lower === chain.hotWalletAddress.toLowerCase()
          ? 'errors.withdrawAddressHotWallet'
          : undefined;
  return reason && new AppError(400, 'validation', reason, { fields: { address: reason } });
}

/**
 * Throws the reason a recipient can't be sent to: a mistyped checksum (mixed case is an EIP-55
 * checksum), or an address that takes tokens and never gives them back. Withdrawals and the address
 * book check the same.
 */
export function checkRecipient(address: string, chain: ChainNetwork | undefined): void {
  if (!isAddress(address, { strict: true })) {
    throw new AppError(400, 'validation', 'validation.invalidAddress', {
      fields: { address: 'validation.invalidAddress' },
    });
  }
  const refused = refusedAddress(address, chain);
  if (refused) throw refused;
}

function exceedsAvailable(available: string, token: string): AppError {
  return new AppError(400, 'insufficient_balance', 'validation.amountExceedsAvailable', {
    fields: { amount: 'validation.amountExceedsAvailable' },
    data: { token, available: plainDecimal(available) },
  });
}

function insufficientFee(fee: Decimal, available: string, token: string): AppError {
  return new AppError(400, 'insufficient_fee', 'errors.withdrawInsufficientFee', {
    vars: { fee: fee.toFixed(), token },
    fields: { amount: 'errors.withdrawInsufficientFee' },
    data: { token, available: plainDecimal(available), fee: fee.toFixed() },
  });
}

function notFound(): AppError {
  return new AppError(404, 'not_found', 'errors.notFound');
}

/** `W` + the UTC date + 10 random digits: unique by constraint, unguessable, sortable by day. */
function newOrderNo(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const random =
    String(randomInt(0, 100_000)).padStart(5, '0') + String(randomInt(0, 100_000)).padStart(5, '0');
  return `W${day}${random}`;
}

function reasonText(lang: Language, reason: string | null): string | null {
  if (reason === null) return null;
  return isMessageKey(reason) ? translate(lang, reason) : reason;
}

export function toWithdrawalRecord(
  row: repo.WithdrawalRow,
  lang: Language,
  explorers: BlockExplorers = noExplorers,
): WithdrawalRecord {
  return {
    id: String(row.id),
    orderNo: row.orderNo,
    token: row.token,
    network: row.network,
    address: getAddress(row.address),
    amount: plainDecimal(row.amount),
    fee: plainDecimal(row.fee),
    arrivalAmount: plainDecimal(row.amount),
    status: row.status,
    rejectReason: row.rejectReason,
    failureReason: reasonText(lang, row.failureReason),
    txHash: row.txHash,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    estimatedArrival:
      row.status === 'reviewing' ? new Date(row.createdAt.getTime() + REVIEW_MS).toISOString() : null,
    cancellable: row.status === 'reviewing',
    explorerTxUrl: explorers.txUrl(row.network, row.txHash),
  };
}

export function toAdminWithdrawal(
  row: repo.WithdrawalRow,
  email: string,
  lang: Language,
  explorers: BlockExplorers = noExplorers,
): AdminWithdrawal {
  return {
    ...toWithdrawalRecord(row, lang, explorers),
    userId: String(row.userId),
    email,
    nonce: row.nonce,
    fromAddress: row.fromAddress === null ? null : getAddress(row.fromAddress),
  };
}

export interface WithdrawServiceDeps {
  db: Database;
  clock: Clock;
  tokens: TokenRegistry;
  ledger: LedgerService;
  /** Refuses a frozen user inside the transaction that records a withdrawal. */
  accounts: Pick<AccountService, 'requireActive' | 'emailsOf'>;
  /** The EVM networks; without one (or its hot wallet) withdrawals there are unavailable. */
  chains?: ChainRegistry;
  /** Links to each network's block explorer, where one is configured. */
  explorers?: BlockExplorers;
  limiter?: RateLimiter;
  /** Wrong-password guesses allowed per user (the login limit per email); null: unlimited. */
  passwordRule?: RateRule | null;
}

export class WithdrawService {
  private readonly approvedListeners = new Set<(network: NetworkName) => void>();

  constructor(private readonly deps: WithdrawServiceDeps) {}

  /** Called after each approval (the sender listens, so it signs at once rather than at its next poll). */
  onApproved(listener: (network: NetworkName) => void): () => void {
    this.approvedListeners.add(listener);
    return () => this.approvedListeners.delete(listener);
  }

  private now() {
    return this.deps.clock.now();
  }

  private get explorers(): BlockExplorers {
    return this.deps.explorers ?? noExplorers;
  }

  /** Whether the token can be withdrawn on the network right now, and its rules there. */
  private networkOf(token: Token, network: TokenNetwork) {
    const chain = this.deps.chains?.network(network.network);
    const enabled =
      token.enabled &&
      token.symbol === ONCHAIN_TOKEN &&
      network.withdrawEnabled &&
      // A hot wallet on the network, here or (ROLE=api) on the worker that signs for it.
      chain?.hotWalletAddress !== undefined;
    // An amount can't be finer than the chain's token (nor than the product's amount decimals).
    const amountDp = Math.min(network.amountDp, chain?.tokenDecimals ?? network.chainDecimals);
    return { enabled, amountDp };
  }

  /** GET /api/app/asset/withdraw/config: each network's minimum, fee and decimals, and the balance. */
  async config(userId: number, symbol: string): Promise<WithdrawConfig> {
    const token = await this.deps.tokens.require(symbol);
    const available = await this.deps.ledger.availableOf(userId, token.symbol);
    return {
      token: token.symbol,
      available: plainDecimal(available),
      networks: token.networks.map((network) => {
        const { enabled, amountDp } = this.networkOf(token, network);
        return {
          network: network.network,
          minWithdrawal: plainDecimal(network.minWithdrawal),
          fee: plainDecimal(network.withdrawalFee),
          amountDp,
          enabled,
        };
      }),
    };
  }

  /**
   * POST /api/app/asset/withdraw. Checks every rule of spec §5 (the address format is the schema's),
   * then, in one transaction, records the withdrawal and freezes amount + fee (and, keyed, stores the
   * answer). A refusal changes nothing; a user frozen meanwhile is refused in that transaction.
   */
  async submit(
    user: { id: number; passwordHash: string },
    body: WithdrawBody,
    lang: Language,
    record?: IdempotencyRecord,
  ): Promise<WithdrawalRecord> {
    const token = await this.deps.tokens.require(body.token);
    const network = token.networks.find((candidate) => candidate.network === body.network);
    if (!network) throw withdrawUnavailable();
    const { enabled, amountDp } = this.networkOf(token, network);
    if (!enabled) throw withdrawUnavailable();
    checkRecipient(body.address, this.deps.chains?.network(network.network));

    const amount = new Decimal(body.amount);
    if (amount.decimalPlaces() > amountDp) {
      throw new AppError(400, 'validation', 'validation.decimals', {
        vars: { n: amountDp },
        fields: { amount: 'validation.decimals' },
      });
    }
    const min = new Decimal(network.minWithdrawal);
    if (amount.lt(min) || amount.isZero()) {
      throw new AppError(400, 'validation', 'validation.minAmount', {
        vars: { min: min.toFixed() },
        fields: { amount: 'validation.minAmount' },
      });
    }
    const fee = new Decimal(network.withdrawalFee);
    const available = await this.deps.ledger.availableOf(user.id, token.symbol);
    if (amount.gt(available)) throw exceedsAvailable(available, token.symbol);
    if (amount.add(fee).gt(available)) throw insufficientFee(fee, available, token.symbol);

    if (this.deps.limiter && this.deps.passwordRule) {
      await enforce(this.deps.limiter, 'withdraw-password', String(user.id), this.deps.passwordRule);
    }
    if (!(await verifyPassword(user.passwordHash, body.password))) {
      // 400, not 401: a wrong confirmation must not sign the user out.
      throw new AppError(400, 'invalid_credentials', 'errors.passwordWrong', {
        fields: { password: 'errors.passwordWrong' },
      });
    }

    try {
      return await this.deps.db.transaction(async (tx) => {
        await this.deps.accounts.requireActive(tx, user.id);
        const inserted = await this.insertWithOrderNo(tx, {
          userId: user.id,
          token: token.symbol,
          network: network.network,
          address: body.address.toLowerCase(),
          amount: amount.toFixed(),
          fee: fee.toFixed(),
        });
        await this.deps.ledger.freeze(
          {
            userId: user.id,
            token: token.symbol,
            amount: amount.add(fee),
            type: 'withdraw',
            ref: { type: 'withdrawal', id: inserted.id },
            memo: inserted.orderNo,
            causeKey: `withdrawal:${inserted.id}:freeze`,
          },
          tx,
        );
        const answer = toWithdrawalRecord(inserted, lang, this.explorers);
        await record?.commit(tx, answer);
        return answer;
      });
    } catch (error) {
      if (error instanceof InsufficientBalanceError) {
        // Spent by another request since the check above.
        if (amount.gt(error.available)) throw exceedsAvailable(error.available, token.symbol);
        throw insufficientFee(fee, error.available, token.symbol);
      }
      throw error;
    }
  }

  private async insertWithOrderNo(
    tx: Transaction,
    values: Omit<repo.NewWithdrawal, 'orderNo' | 'status' | 'createdAt' | 'updatedAt'>,
  ) {
    const now = this.now();
    for (let attempt = 1; ; attempt++) {
      try {
        // A savepoint, so a taken order number leaves the transaction usable for the next draw.
        return await tx.transaction((savepoint) =>
          repo.insertWithdrawal(savepoint, {
            ...values,
            orderNo: newOrderNo(now),
            status: 'reviewing',
            createdAt: now,
            updatedAt: now,
          }),
        );
      } catch (error) {
        if (sqlState(error) === '23505' && attempt < 5) continue;
        throw error;
      }
    }
  }

  async list(userId: number, query: { token?: string; page: number; pageSize: number }, lang: Language) {
    const { rows, total } = await repo.userWithdrawals(this.deps.db, {
      userId,
      token: query.token,
      ...pageRows(query),
    });
    return pageOf(
      query,
      rows.map((row) => toWithdrawalRecord(row, lang, this.explorers)),
      total,
    );
  }

  /** One of the user's withdrawals; anyone else's is 404. */
  async detail(userId: number, id: string, lang: Language): Promise<WithdrawalRecord> {
    const row = await repo.findWithdrawal(this.deps.db, Number(id), { userId });
    if (!row) throw notFound();
    return toWithdrawalRecord(row, lang, this.explorers);
  }

  /**
   * POST /api/app/asset/withdraw/cancel: reviewing → cancelled by its owner; amount + fee return to
   * available, once (the cause key). The status change is a guarded UPDATE (`WHERE status =
   * 'reviewing'`), so of this and an operator's approval or rejection at the same moment exactly one
   * wins; the loser is told it is no longer in review and moves nothing.
   */
  async cancel(
    userId: number,
    id: string,
    lang: Language,
    record?: IdempotencyRecord,
  ): Promise<WithdrawalRecord> {
    const answer = await this.deps.db.transaction(async (tx) => {
      const now = this.now();
      const cancelled = await repo.transition(
        tx,
        Number(id),
        'reviewing',
        { status: 'cancelled', processedAt: now, updatedAt: now },
        { userId },
      );
      if (!cancelled) return undefined;
      await this.returnFunds(tx, cancelled, 'cancel');
      const view = toWithdrawalRecord(cancelled, lang, this.explorers);
      await record?.commit(tx, view);
      return view;
    });
    if (answer) return answer;
    // Not the owner's, or not there: 404. The owner's but reviewed (or cancelled) already: 409.
    if (!(await repo.findWithdrawal(this.deps.db, Number(id), { userId }))) throw notFound();
    throw new AppError(409, 'conflict', 'errors.withdrawalNotCancellable');
  }

  // ---- Operations ----

  /** How many withdrawals are in each status, every status listed (0 for those with none). */
  async countByStatus(): Promise<{ status: WithdrawalStatus; count: number }[]> {
    const counted = new Map((await repo.countByStatus(this.deps.db)).map((row) => [row.status, row.count]));
    return WITHDRAWAL_STATUSES.map((status) => ({ status, count: counted.get(status) ?? 0 }));
  }

  /** Whose a withdrawal is, for the operator's view (the account module owns users). */
  private async emailOf(userId: number, via: Queryable): Promise<string> {
    return (await this.deps.accounts.emailsOf([userId], via)).get(userId) ?? '';
  }

  async adminList(
    query: { status?: WithdrawalRecord['status']; page: number; pageSize: number },
    lang: Language,
  ) {
    // 'pending' and 'confirming' are statuses the client knows but this server never stores.
    const statuses = query.status ? [query.status as WithdrawalStatus] : undefined;
    const { rows, total } = await repo.allWithdrawals(this.deps.db, {
      statuses,
      ...pageRows(query),
    });
    const emails = await this.deps.accounts.emailsOf(rows.map((row) => row.userId));
    return pageOf(
      query,
      rows.map((row) => toAdminWithdrawal(row, emails.get(row.userId) ?? '', lang, this.explorers)),
      total,
    );
  }

  /** reviewing → approved: the sender takes it from there. */
  async approve(id: string, lang: Language, record?: IdempotencyRecord): Promise<AdminWithdrawal> {
    const answer = await this.deps.db.transaction(async (tx) => {
      const now = this.now();
      const row = await repo.transition(tx, Number(id), 'reviewing', {
        status: 'approved',
        reviewedAt: now,
        updatedAt: now,
      });
      if (!row) return undefined;
      await this.notice(tx, row, 'withdrawal_approved', now);
      const approved = {
        row,
        view: toAdminWithdrawal(row, await this.emailOf(row.userId, tx), lang, this.explorers),
      };
      await record?.commit(tx, approved.view);
      return approved;
    });
    if (!answer) throw await this.notReviewing(Number(id));
    for (const listener of this.approvedListeners) listener(answer.row.network);
    return answer.view;
  }

  /** reviewing → rejected with the reason the user sees; amount + fee return to available. */
  async reject(
    id: string,
    reason: string,
    lang: Language,
    record?: IdempotencyRecord,
  ): Promise<AdminWithdrawal> {
    const view = await this.deps.db.transaction(async (tx) => {
      const now = this.now();
      const rejected = await repo.transition(tx, Number(id), 'reviewing', {
        status: 'rejected',
        rejectReason: reason,
        reviewedAt: now,
        processedAt: now,
        updatedAt: now,
      });
      if (!rejected) return undefined;
      await this.returnFunds(tx, rejected, 'reject');
      await this.notice(tx, rejected, 'withdrawal_rejected', now, { reason });
      const answer = toAdminWithdrawal(
        rejected,
        await this.emailOf(rejected.userId, tx),
        lang,
        this.explorers,
      );
      await record?.commit(tx, answer);
      return answer;
    });
    if (!view) throw await this.notReviewing(Number(id));
    return view;
  }

  /** The player's notice of what became of their withdrawal, in the transaction that changed it. */
  private async notice(
    tx: Transaction,
    row: repo.WithdrawalRow,
    kind: 'withdrawal_approved' | 'withdrawal_rejected' | 'withdrawal_completed' | 'withdrawal_failed',
    now: Date,
    extra: { reason?: string } = {},
  ) {
    await storeNotice(
      tx,
      row.userId,
      kind,
      {
        withdrawalId: String(row.id),
        orderNo: row.orderNo,
        amount: new Decimal(row.amount).toFixed(),
        fee: new Decimal(row.fee).toFixed(),
        token: row.token,
        ...extra,
      },
      now,
    );
  }

  private async notReviewing(id: number): Promise<AppError> {
    if (!(await repo.findWithdrawal(this.deps.db, id))) return notFound();
    return new AppError(409, 'conflict', 'errors.withdrawalNotReviewing');
  }

  private async returnFunds(tx: Transaction, row: repo.WithdrawalRow, step: 'reject' | 'fail' | 'cancel') {
    await this.deps.ledger.unfreeze(
      {
        userId: row.userId,
        token: row.token,
        amount: new Decimal(row.amount).add(row.fee),
        type: 'withdraw',
        ref: { type: 'withdrawal', id: row.id },
        memo: row.orderNo,
        causeKey: `withdrawal:${row.id}:${step}`,
      },
      tx,
    );
  }

  // ---- The chain's side (the treasury's reconciliation) ----

  /**
   * Withdrawals of a network whose tokens may have left the hot wallet while the ledger does not say
   * so yet (processing), or the other way round (completed in a block after `block`).
   */
  async onTheirWay(
    network: NetworkName,
    block: number,
    via: Queryable = this.deps.db,
  ): Promise<{ processing: { amount: string; txHash: string | null }[]; completedAfter: string }> {
    return repo.onTheirWay(via, network, block);
  }

  // ---- The sender's outcomes ----

  /**
   * processing → completed once its transaction succeeded with enough confirmations: the frozen
   * amount goes to the chain account (it left for the chain), the fee to the vault. Once only.
   */
  async complete(id: number, blockNumber: bigint): Promise<boolean> {
    return this.deps.db.transaction(async (tx) => {
      const now = this.now();
      const row = await repo.transition(tx, id, 'processing', {
        status: 'completed',
        blockNumber: Number(blockNumber),
        processedAt: now,
        updatedAt: now,
      });
      if (!row) return false;
      await this.notice(tx, row, 'withdrawal_completed', now);
      const amount = new Decimal(row.amount);
      const fee = new Decimal(row.fee);
      await this.deps.ledger.move(
        {
          type: 'withdraw',
          ref: { type: 'withdrawal', id: row.id },
          memo: row.orderNo,
          causeKey: `withdrawal:${row.id}:complete`,
          legs: [
            { account: userAccount(row.userId, row.token), frozen: amount.add(fee).neg() },
            { account: chainAccount(row.token, row.network), available: amount },
            { account: vaultAccount(row.token), available: fee },
          ],
        },
        tx,
      );
      return true;
    });
  }

  /** processing → failed (reverted, or its nonce used by another transaction): the funds return. */
  async fail(id: number, reason: WithdrawalFailure, blockNumber?: bigint): Promise<boolean> {
    return this.deps.db.transaction(async (tx) => {
      const now = this.now();
      const row = await repo.transition(tx, id, 'processing', {
        status: 'failed',
        failureReason: reason,
        ...(blockNumber !== undefined && { blockNumber: Number(blockNumber) }),
        processedAt: now,
        updatedAt: now,
      });
      if (!row) return false;
      await this.returnFunds(tx, row, 'fail');
      await this.notice(tx, row, 'withdrawal_failed', now, { reason });
      return true;
    });
  }
}
