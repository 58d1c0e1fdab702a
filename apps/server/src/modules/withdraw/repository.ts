// Rows of withdrawals and the hot wallets' nonces. Balances are the ledger's (LedgerService).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pageNewestFirst, userPageNewestFirst, type UserPageFilter } from '../../db/rows';
import { hotWalletNonces, withdrawals, type WithdrawalStatus } from './schema';
import type { NetworkName } from '../../chain/network';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type NewWithdrawal = typeof withdrawals.$inferInsert;

export async function insertWithdrawal(db: Queryable, values: NewWithdrawal): Promise<WithdrawalRow> {
  const [row] = await db.insert(withdrawals).values(values).returning();
  return row!;
}

export async function findWithdrawal(
  db: Queryable,
  id: number,
  options: { userId?: number; forUpdate?: boolean } = {},
): Promise<WithdrawalRow | undefined> {
  const query = db
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.id, id),
        options.userId === undefined ? undefined : eq(withdrawals.userId, options.userId),
      ),
    );
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** A user's withdrawals, newest first. */
export function userWithdrawals(db: Queryable, filter: UserPageFilter) {
  return userPageNewestFirst(db, withdrawals, filter);
}

/** Every user's withdrawals for operators, newest first, optionally of some statuses. */
export async function allWithdrawals(
  db: Queryable,
  filter: { statuses?: WithdrawalStatus[]; offset: number; limit: number },
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const where = filter.statuses ? inArray(withdrawals.status, filter.statuses) : undefined;
  return pageNewestFirst(db, withdrawals, withdrawals.id, where, filter);
}

/**
 * Moves a withdrawal from `from` to another status with `changes`; answers the updated row, or
 * undefined when it was not in `from` (someone else moved it first).
 */
export async function transition(
  db: Queryable,
  id: number,
  from: WithdrawalStatus,
  changes: Partial<NewWithdrawal> & { status: WithdrawalStatus; updatedAt: Date },
  /** Only the owner's withdrawal moves (a user's own cancel). */
  options: { userId?: number } = {},
): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .update(withdrawals)
    .set(changes)
    .where(
      and(
        eq(withdrawals.id, id),
        eq(withdrawals.status, from),
        options.userId === undefined ? undefined : eq(withdrawals.userId, options.userId),
      ),
    )
    .returning();
  return row;
}

/** Withdrawals of a network in one status, oldest first (by nonce once they have one). */
export async function withStatus(
  db: Queryable,
  network: NetworkName,
  status: WithdrawalStatus,
  limit: number,
): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.network, network), eq(withdrawals.status, status)))
    .orderBy(asc(withdrawals.nonce), asc(withdrawals.id))
    .limit(limit);
}

export async function markBroadcast(db: Queryable, id: number, now: Date) {
  await db
    .update(withdrawals)
    .set({ broadcastAt: now })
    .where(and(eq(withdrawals.id, id), sql`${withdrawals.broadcastAt} is null`));
}

// ---- Hot wallet nonces ----

/**
 * Makes sure the hot wallet has a nonce row, and that it is at least `chainNonce` (the chain's count
 * of its transactions): a transaction sent by other means must not make us reuse its nonce.
 */
export async function raiseNonce(
  db: Queryable,
  network: NetworkName,
  address: string,
  chainNonce: number,
  now: Date,
) {
  await db
    .insert(hotWalletNonces)
    .values({ network, address, nextNonce: chainNonce, updatedAt: now })
    .onConflictDoUpdate({
      target: [hotWalletNonces.network, hotWalletNonces.address],
      set: { nextNonce: sql`greatest(${hotWalletNonces.nextNonce}, ${chainNonce})`, updatedAt: now },
      where: sql`${hotWalletNonces.nextNonce} < ${chainNonce}`,
    });
}

/** Takes the hot wallet's next nonce under a row lock (held until the transaction ends). */
export async function takeNonce(
  tx: Queryable,
  network: NetworkName,
  address: string,
  now: Date,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ nextNonce: hotWalletNonces.nextNonce })
    .from(hotWalletNonces)
    .where(and(eq(hotWalletNonces.network, network), eq(hotWalletNonces.address, address)))
    .for('update');
  if (!row) return undefined;
  await tx
    .update(hotWalletNonces)
    .set({ nextNonce: row.nextNonce + 1, updatedAt: now })
    .where(and(eq(hotWalletNonces.network, network), eq(hotWalletNonces.address, address)));
  return row.nextNonce;
}
