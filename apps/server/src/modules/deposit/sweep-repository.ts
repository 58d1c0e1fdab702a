// SQL of sweeps (modules/deposit/sweeper.ts): which deposit addresses may hold tokens to collect, and
// the sweep rows, each transfer recorded before its broadcast.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { NetworkName } from '../../chain/network';
import { sweeps, type SweepStatus } from './schema';

export type SweepRow = typeof sweeps.$inferSelect;
export type NewSweep = typeof sweeps.$inferInsert;

export interface SweepCandidate {
  address: string;
  derivationIndex: number;
  /** The newest credited (or below-minimum) deposit to it. */
  lastDepositId: number;
}

/**
 * Deposit addresses of `network` that received a deposit since their last completed sweep, with no
 * sweep under way and no deposit still waiting for its confirmations (it is swept once credited).
 */
export async function sweepCandidates(
  db: Queryable,
  network: NetworkName,
  limit: number,
): Promise<SweepCandidate[]> {
  const rows = await queryRows<{ address: string; derivation_index: string; last_deposit_id: string }>(
    db,
    sql`select d.address, a.derivation_index, max(d.id) as last_deposit_id
          from deposits d
          join deposit_addresses a on a.network = d.network and a.address = d.address
         where d.network = ${network} and (d.status = 'completed' or d.below_minimum)
         group by d.address, a.derivation_index
        having max(d.id) > coalesce((select max(s.last_deposit_id) from sweeps s
                                      where s.network = ${network} and s.address = d.address
                                        and s.status = 'completed'), 0)
           and not exists (select 1 from sweeps s where s.network = ${network} and s.address = d.address
                              and s.status in ('funding', 'sweeping'))
           and not exists (select 1 from deposits p where p.network = ${network} and p.address = d.address
                              and p.status in ('pending', 'confirming'))
         order by max(d.id)
         limit ${limit}`,
  );
  return rows.map((row) => ({
    address: row.address,
    derivationIndex: Number(row.derivation_index),
    lastDepositId: Number(row.last_deposit_id),
  }));
}

export async function insertSweep(db: Queryable, values: NewSweep): Promise<SweepRow> {
  const [row] = await db.insert(sweeps).values(values).returning();
  return row!;
}

/** Sweeps of a network under way, oldest first. */
export async function sweepsUnderWay(db: Queryable, network: NetworkName): Promise<SweepRow[]> {
  return db
    .select()
    .from(sweeps)
    .where(and(eq(sweeps.network, network), inArray(sweeps.status, ['funding', 'sweeping'])))
    .orderBy(asc(sweeps.id));
}

export async function findSweep(
  db: Queryable,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<SweepRow | undefined> {
  const query = db.select().from(sweeps).where(eq(sweeps.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** Moves a sweep on from `from`; undefined when it was not there any more. */
export async function transitionSweep(
  db: Queryable,
  id: number,
  from: SweepStatus,
  changes: Partial<NewSweep> & { status: SweepStatus; updatedAt: Date },
): Promise<SweepRow | undefined> {
  const [row] = await db
    .update(sweeps)
    .set(changes)
    .where(and(eq(sweeps.id, id), eq(sweeps.status, from)))
    .returning();
  return row;
}

/** Every deposit address of a network that ever received a deposit (their balances are the platform's). */
export async function fundedAddresses(db: Queryable, network: NetworkName): Promise<string[]> {
  const rows = await queryRows<{ address: string }>(
    db,
    sql`select distinct address from deposits where network = ${network} order by address`,
  );
  return rows.map((row) => row.address);
}

/**
 * Deposits of a network on chain at block `block` or before that the ledger has not credited (those
 * waiting for their confirmations and those below the minimum, never credited), and the amount the
 * ledger credited from blocks after `block`.
 */
export async function uncreditedDeposits(
  db: Queryable,
  network: NetworkName,
  block: number,
): Promise<{ amount: string; count: number; creditedAfter: string }> {
  const [row] = await queryRows<{ amount: string | null; count: string | number; after: string | null }>(
    db,
    sql`select sum(amount) filter (where block_number <= ${block}
                                     and (status = 'confirming' or (status = 'failed' and below_minimum)))::text as amount,
               count(*) filter (where block_number <= ${block}
                                  and (status = 'confirming' or (status = 'failed' and below_minimum))) as count,
               sum(amount) filter (where block_number > ${block} and status = 'completed')::text as after
          from deposits where network = ${network}`,
  );
  return { amount: row?.amount ?? '0', count: Number(row?.count ?? 0), creditedAfter: row?.after ?? '0' };
}
