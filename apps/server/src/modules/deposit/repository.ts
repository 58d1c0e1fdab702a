// SQL of deposits: users' deposit addresses, the watcher's cursors and the deposit rows. Balances are
// not written here: crediting and reversing go through the ledger service.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pageNewestFirst, userPageNewestFirst, queryRows, type UserPageFilter } from '../../db/rows';
import { chainCursors, depositAddresses, deposits, type DepositStatus } from './schema';
import type { NetworkName } from '../../chain/network';

export type DepositRow = typeof deposits.$inferSelect;
export type CursorRow = typeof chainCursors.$inferSelect;

// ---- Addresses ----

/** The user's address on `network`, stored (lower-case) on first use; answers the stored one. */
export async function ensureDepositAddress(
  db: Queryable,
  row: { userId: number; network: NetworkName; address: string; derivationIndex: number; now: Date },
): Promise<{ address: string; derivationIndex: number }> {
  await db
    .insert(depositAddresses)
    .values({
      userId: row.userId,
      network: row.network,
      address: row.address.toLowerCase(),
      derivationIndex: row.derivationIndex,
      createdAt: row.now,
    })
    .onConflictDoNothing();
  const [stored] = await db
    .select({ address: depositAddresses.address, derivationIndex: depositAddresses.derivationIndex })
    .from(depositAddresses)
    .where(and(eq(depositAddresses.userId, row.userId), eq(depositAddresses.network, row.network)));
  if (!stored) throw new Error(`deposit address of user ${row.userId} on ${row.network} was not stored`);
  return stored;
}

/** Which of `addresses` (lower-case) are deposit addresses on `network`, and whose. */
export async function ownersOf(
  db: Queryable,
  network: NetworkName,
  addresses: string[],
): Promise<Map<string, number>> {
  if (addresses.length === 0) return new Map();
  const rows = await queryRows<{ address: string; user_id: string | number }>(
    db,
    sql`select address, user_id from deposit_addresses
        where network = ${network}
          and address in (select jsonb_array_elements_text(${JSON.stringify(addresses)}::jsonb))`,
  );
  return new Map(rows.map((row) => [row.address, Number(row.user_id)]));
}

// ---- Cursors ----

export async function cursorOf(db: Queryable, network: NetworkName): Promise<CursorRow | undefined> {
  const [row] = await db.select().from(chainCursors).where(eq(chainCursors.network, network));
  return row;
}

export async function allCursors(db: Queryable): Promise<CursorRow[]> {
  return db.select().from(chainCursors);
}

/** The first cursor of a network; a cursor already there (another process was first) is kept. */
export async function createCursor(db: Queryable, cursor: CursorRow): Promise<void> {
  await db.insert(chainCursors).values(cursor).onConflictDoNothing();
}

export async function saveCursor(db: Queryable, cursor: CursorRow): Promise<void> {
  await db
    .insert(chainCursors)
    .values(cursor)
    .onConflictDoUpdate({
      target: chainCursors.network,
      set: { nextBlock: cursor.nextBlock, lastBlockHash: cursor.lastBlockHash, updatedAt: cursor.updatedAt },
    });
}

// ---- Deposits found by the watcher ----

export interface FoundDeposit {
  userId: number;
  token: string;
  network: NetworkName;
  address: string;
  fromAddress: string;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  amount: string;
  confirmations: number;
  requiredConfirmations: number;
  status: DepositStatus;
  belowMinimum: boolean;
  processedAt: string | null;
}

/**
 * Records Transfer logs as deposits, once per (network, tx hash, log index): a log seen again changes
 * nothing, except that a deposit which failed when its transaction vanished in a reorg (and was never
 * credited) comes back to confirming when the transaction is mined again. Answers how many rows were
 * inserted or revived.
 */
export async function recordDeposits(db: Queryable, found: FoundDeposit[], now: Date): Promise<number> {
  if (found.length === 0) return 0;
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`insert into deposits (user_id, token, network, address, from_address, tx_hash, log_index, block_number,
                              block_hash, amount, confirmations, required_confirmations, status, below_minimum,
                              created_at, updated_at, processed_at)
        select d.user_id, d.token, d.network, d.address, d.from_address, d.tx_hash, d.log_index, d.block_number,
               d.block_hash, d.amount, d.confirmations, d.required_confirmations, d.status, d.below_minimum,
               ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, d.processed_at
        from jsonb_to_recordset(${JSON.stringify(
          found.map((f) => ({
            user_id: f.userId,
            token: f.token,
            network: f.network,
            address: f.address,
            from_address: f.fromAddress,
            tx_hash: f.txHash,
            log_index: f.logIndex,
            block_number: f.blockNumber,
            block_hash: f.blockHash,
            amount: f.amount,
            confirmations: f.confirmations,
            required_confirmations: f.requiredConfirmations,
            status: f.status,
            below_minimum: f.belowMinimum,
            processed_at: f.processedAt,
          })),
        )}::jsonb) as d(user_id bigint, token text, network text, address text, from_address text, tx_hash text,
                        log_index int, block_number bigint, block_hash text, amount numeric, confirmations int,
                        required_confirmations int, status text, below_minimum boolean, processed_at timestamptz)
        order by d.block_number, d.log_index
        on conflict (network, tx_hash, log_index) do update
          set block_number = excluded.block_number, block_hash = excluded.block_hash,
              confirmations = excluded.confirmations, status = excluded.status,
              processed_at = excluded.processed_at, updated_at = excluded.updated_at
          where deposits.status = 'failed' and deposits.movement_id is null and not deposits.below_minimum
        returning id`,
  );
  return rows.length;
}

/**
 * Deposits whose block may have been replaced: every one not credited yet (pending: its transaction
 * left its block and is unmined again; confirming), and with `completedWithin` the completed ones of
 * that many blocks below `head`. Blocks above `head` (a node behind, a chain cut short) are looked at
 * once the node has them.
 */
export async function depositsToVerify(
  db: Queryable,
  network: NetworkName,
  head: number,
  completedWithin: number | undefined,
): Promise<DepositRow[]> {
  const open = await db
    .select()
    .from(deposits)
    .where(
      sql`${deposits.status} in ('pending', 'confirming') and ${deposits.network} = ${network}
          and (${deposits.status} = 'pending' or ${deposits.blockNumber} <= ${head})`,
    )
    .orderBy(deposits.id);
  if (completedWithin === undefined) return open;
  const completed = await db
    .select()
    .from(deposits)
    .where(
      sql`${deposits.status} = 'completed' and ${deposits.network} = ${network}
          and ${deposits.blockNumber} > ${head - completedWithin} and ${deposits.blockNumber} <= ${head}`,
    )
    .orderBy(deposits.id);
  return [...open, ...completed];
}

/** Moves a deposit to where its transaction is now mined. */
export async function relocateDeposit(
  db: Queryable,
  id: number,
  to: { blockNumber: number; blockHash: string; logIndex: number; status: DepositStatus; now: Date },
): Promise<void> {
  await db
    .update(deposits)
    .set({
      blockNumber: to.blockNumber,
      blockHash: to.blockHash,
      logIndex: to.logIndex,
      status: to.status,
      updatedAt: to.now,
    })
    .where(eq(deposits.id, id));
}

/** A deposit whose transaction is back among the unmined ones (its block was replaced). */
export async function markPending(db: Queryable, id: number, now: Date): Promise<void> {
  await db
    .update(deposits)
    .set({ status: 'pending', confirmations: 0, updatedAt: now })
    .where(and(eq(deposits.id, id), sql`${deposits.status} in ('pending', 'confirming')`));
}

/** Marks a deposit failed (not credited, or taken back by `reversalMovementId`). */
export async function failDeposit(
  db: Queryable,
  id: number,
  change: { now: Date; flag?: string | null; reversalMovementId?: number | null },
): Promise<boolean> {
  const rows = await db
    .update(deposits)
    .set({
      status: 'failed',
      updatedAt: change.now,
      processedAt: change.now,
      ...(change.flag !== undefined && { flag: change.flag }),
      ...(change.reversalMovementId !== undefined && { reversalMovementId: change.reversalMovementId }),
    })
    .where(and(eq(deposits.id, id), sql`${deposits.status} <> 'failed'`))
    .returning({ id: deposits.id });
  return rows.length === 1;
}

/** n of N for every confirming deposit of `network` (n stops at N). */
export async function updateConfirmations(
  db: Queryable,
  network: NetworkName,
  head: number,
  now: Date,
): Promise<void> {
  await db.execute(
    sql`update deposits
           set confirmations = least(required_confirmations, greatest(0, ${head} - block_number + 1)),
               updated_at = ${now.toISOString()}::timestamptz
         where network = ${network} and status = 'confirming'
           and confirmations <> least(required_confirmations, greatest(0, ${head} - block_number + 1))`,
  );
}

/** Confirming deposits of `network` with enough confirmations at `head`, oldest first. */
export async function creditable(
  db: Queryable,
  network: NetworkName,
  head: number,
  limit: number,
): Promise<DepositRow[]> {
  return db
    .select()
    .from(deposits)
    .where(
      sql`${deposits.network} = ${network} and ${deposits.status} = 'confirming'
          and not ${deposits.belowMinimum}
          and ${head} - ${deposits.blockNumber} + 1 >= ${deposits.requiredConfirmations}`,
    )
    .orderBy(deposits.id)
    .limit(limit);
}

/** Takes a confirming deposit to completed (locking it); false when it is no longer confirming. */
export async function completeDeposit(db: Queryable, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(deposits)
    .set({
      status: 'completed',
      confirmations: sql`${deposits.requiredConfirmations}`,
      processedAt: now,
      updatedAt: now,
    })
    .where(and(eq(deposits.id, id), eq(deposits.status, 'confirming')))
    .returning({ id: deposits.id });
  return rows.length === 1;
}

export async function setCreditMovement(db: Queryable, id: number, movementId: number): Promise<void> {
  await db.update(deposits).set({ movementId }).where(eq(deposits.id, id));
}

/** The deposit, locked for the rest of the transaction. */
export async function lockDeposit(db: Queryable, id: number): Promise<DepositRow | undefined> {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id)).for('update');
  return row;
}

// ---- Reads ----

export function userDeposits(db: Queryable, filter: UserPageFilter) {
  return userPageNewestFirst(db, deposits, filter);
}

export async function userDeposit(
  db: Queryable,
  userId: number,
  id: number,
): Promise<DepositRow | undefined> {
  const [row] = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, id), eq(deposits.userId, userId)));
  return row;
}

export interface AdminDepositFilter {
  status?: DepositStatus | 'processing';
  network?: NetworkName;
  /** One user's (the account module finds them by e-mail). */
  userId?: number | undefined;
  flagged?: boolean;
  offset: number;
  limit: number;
}

export async function adminDeposits(
  db: Queryable,
  filter: AdminDepositFilter,
): Promise<{ rows: DepositRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [
    filter.status ? eq(deposits.status, filter.status as DepositStatus) : undefined,
    filter.network ? eq(deposits.network, filter.network) : undefined,
    filter.userId !== undefined ? eq(deposits.userId, filter.userId) : undefined,
    filter.flagged === true ? sql`${deposits.flag} is not null` : undefined,
    filter.flagged === false ? sql`${deposits.flag} is null` : undefined,
  ];
  const where = and(...conditions);
  return pageNewestFirst(db, deposits, deposits.id, where, filter);
}
