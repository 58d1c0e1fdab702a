// What a deposit does to money (DESIGN §5): crediting a confirmed deposit, and failing one whose
// transfer left the chain, which takes a credit back (as far as the user's balance allows) and flags
// it. The chain watcher (workers/chain-watcher.ts) only scans the chain and decides when; these are
// its money steps, each one transaction with the deposit's status, keyed so that it happens once.
import { Decimal } from '@tradeflip/money';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { chainAccount, userAccount } from '../ledger/accounts';
import type { LedgerService } from '../ledger/service';
import { storeNotice } from '../notifications/service';
import * as repo from './repository';

export interface CreditingDeps {
  db: Database;
  clock: Clock;
  ledger: LedgerService;
}

/** The deposit's credit moves money at most once, whatever process or retry gets there. */
export function depositCauseKey(row: repo.DepositRow): string {
  return `deposit:${row.network}:${row.txHash}:${row.logIndex}`;
}

export function reversalCauseKey(row: repo.DepositRow): string {
  return `deposit-reversal:${row.network}:${row.txHash}:${row.logIndex}`;
}

/**
 * Credits a confirming deposit (chain account → user) with its status, in one transaction; false
 * when it was not confirming any more (credited or failed meanwhile).
 */
export async function creditDeposit(deps: CreditingDeps, row: repo.DepositRow): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    if (!(await repo.completeDeposit(tx, row.id, now))) return false;
    const movement = await deps.ledger.credit(
      {
        userId: row.userId,
        token: row.token,
        amount: row.amount,
        type: 'deposit',
        ref: { type: 'deposit', id: row.id },
        memo: `${row.network} ${row.txHash}`,
        causeKey: depositCauseKey(row),
        from: chainAccount(row.token, row.network),
      },
      tx,
    );
    await repo.setCreditMovement(tx, row.id, movement.id);
    await storeNotice(
      tx,
      row.userId,
      'deposit_credited',
      {
        depositId: String(row.id),
        amount: new Decimal(row.amount).toFixed(),
        token: row.token,
        network: row.network,
      },
      now,
    );
    return true;
  });
}

/** What failing a deposit did: nothing (failed already), failed uncredited, or reversed with a flag. */
export type FailOutcome = { reversed: false } | { reversed: true; flag: string } | undefined;

/**
 * The deposit's transfer is no longer on the chain: failed. If it was credited, the credit is taken
 * back (user → chain account) as far as the user's available balance allows, and flagged.
 */
export async function failLostDeposit(deps: CreditingDeps, row: repo.DepositRow): Promise<FailOutcome> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const locked = await repo.lockDeposit(tx, row.id);
    if (!locked || locked.status === 'failed') return undefined;
    if (locked.movementId === null) {
      await repo.failDeposit(tx, locked.id, { now });
      return { reversed: false as const };
    }
    // As much as the user's available balance holds now, at most the credit (a balancing debit).
    const [movement] = await deps.ledger.moveAll(
      [
        {
          type: 'deposit',
          ref: { type: 'deposit', id: locked.id },
          memo: `reversed: block ${locked.blockNumber} left the ${locked.network} chain in a reorg`,
          causeKey: reversalCauseKey(locked),
          legs: [
            {
              account: userAccount(locked.userId, locked.token),
              available: new Decimal(locked.amount).neg(),
            },
            { account: chainAccount(locked.token, locked.network), available: locked.amount },
          ],
          atMost: {},
        },
      ],
      tx,
    );
    const movementId = movement?.id ?? null;
    const amount = new Decimal(movement?.postings.find((p) => p.kind === 'user')?.availableDelta ?? 0).neg();
    const owed = new Decimal(locked.amount).sub(amount);
    const flag =
      `reorg: block ${locked.blockNumber} left the chain after this deposit was credited; ` +
      (owed.isZero()
        ? `the credit of ${amount.toFixed()} ${locked.token} was reversed`
        : `reversed ${amount.toFixed()} of ${new Decimal(locked.amount).toFixed()} ${locked.token}; ` +
          `${owed.toFixed()} could not be taken back (already spent)`);
    await repo.failDeposit(tx, locked.id, { now, flag, reversalMovementId: movementId });
    return { reversed: true as const, flag };
  });
}
