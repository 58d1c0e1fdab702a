// Rows of withdrawals. Balances are the ledger's (LedgerService).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pageNewestFirst, queryRows, userPageNewestFirst, type UserPageFilter } from '../../db/rows';
import { withdrawals, type WithdrawalStatus } from './schema';
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

/** Processing withdrawals of a network, and the amount of those completed in a block after `block`. */
export async function onTheirWay(db: Queryable, network: NetworkName, block: number) {
  const processing = await db
    .select({ amount: withdrawals.amount, txHash: withdrawals.txHash })
    .from(withdrawals)
    .where(and(eq(withdrawals.network, network), eq(withdrawals.status, 'processing')));
  const [after] = await queryRows<{ amount: string | null }>(
    db,
    sql`select sum(amount)::text as amount from withdrawals
         where network = ${network} and status = 'completed' and block_number > ${block}`,
  );
  return { processing, completedAfter: after?.amount ?? '0' };
}

/** How many withdrawals are in each status (the metrics). */
export async function countByStatus(db: Queryable): Promise<{ status: WithdrawalStatus; count: number }[]> {
  const rows = await db
    .select({ status: withdrawals.status, count: sql<number>`count(*)::int` })
    .from(withdrawals)
    .groupBy(withdrawals.status);
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}
