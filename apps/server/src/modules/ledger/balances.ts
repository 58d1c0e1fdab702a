// Reads of balances and ledger entries. The ledger owns the ledgerAccounts, movements and postings tables
// (CONVENTIONS 13): other modules read them through LedgerService, never here directly.
import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { queryRows } from '../../db/rows';
import { ledgerAccounts, ledgerMovements, ledgerPostings } from './schema';
import { ownerOf, userOwner, type AccountRef } from './accounts';

export interface BalanceRow {
  token: string;
  available: string;
  frozen: string;
}

/** The user's accounts (only the tokens they ever held). One index lookup on (owner, token). */
export async function userBalances(db: Queryable, userId: number): Promise<BalanceRow[]> {
  return db
    .select({
      token: ledgerAccounts.token,
      available: ledgerAccounts.available,
      frozen: ledgerAccounts.frozen,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.owner, userOwner(userId)));
}

export async function houseAccounts(db: Queryable) {
  return db
    .select({
      kind: ledgerAccounts.kind,
      token: ledgerAccounts.token,
      network: ledgerAccounts.network,
      available: ledgerAccounts.available,
    })
    .from(ledgerAccounts)
    .where(ne(ledgerAccounts.kind, 'user'))
    .orderBy(asc(ledgerAccounts.token), asc(ledgerAccounts.kind), asc(ledgerAccounts.network));
}

export interface EntryFilter {
  userId: number;
  token?: string;
  type?: string;
  /** One entry by id. */
  id?: number;
  /** What caused the entries, e.g. { type: 'game_position', id: '42' }. */
  ref?: { type: string; id: string };
}

const entryColumns = {
  id: ledgerPostings.id,
  movementId: ledgerPostings.movementId,
  token: ledgerPostings.token,
  type: ledgerMovements.type,
  availableDelta: ledgerPostings.availableDelta,
  frozenDelta: ledgerPostings.frozenDelta,
  availableAfter: ledgerPostings.availableAfter,
  frozenAfter: ledgerPostings.frozenAfter,
  refType: ledgerMovements.refType,
  refId: ledgerMovements.refId,
  memo: ledgerMovements.memo,
  createdAt: ledgerMovements.createdAt,
};
export interface EntryRow {
  id: number;
  movementId: number;
  token: string;
  type: string;
  availableDelta: string;
  frozenDelta: string;
  availableAfter: string;
  frozenAfter: string;
  refType: string;
  refId: string | null;
  memo: string | null;
  createdAt: Date;
}

function entryWhere(filter: EntryFilter): SQL | undefined {
  return and(
    eq(ledgerAccounts.owner, userOwner(filter.userId)),
    filter.token ? eq(ledgerAccounts.token, filter.token) : undefined,
    filter.type ? eq(ledgerMovements.type, filter.type) : undefined,
    filter.id !== undefined ? eq(ledgerPostings.id, filter.id) : undefined,
    filter.ref ? eq(ledgerMovements.refType, filter.ref.type) : undefined,
    filter.ref ? eq(ledgerMovements.refId, filter.ref.id) : undefined,
  );
}

/** A user's ledger entries, newest first (entry ids only grow, so pages are stable under new entries). */
export async function userEntries(
  db: Queryable,
  filter: EntryFilter & { offset: number; limit: number },
): Promise<{ rows: EntryRow[]; total: number }> {
  const where = entryWhere(filter);
  const rows = await db
    .select(entryColumns)
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerMovements, eq(ledgerMovements.id, ledgerPostings.movementId))
    .where(where)
    .orderBy(desc(ledgerPostings.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [counted] = await db
    .select({ total: count() })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerMovements, eq(ledgerMovements.id, ledgerPostings.movementId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function userEntry(db: Queryable, userId: number, id: number): Promise<EntryRow | undefined> {
  const [row] = await db
    .select(entryColumns)
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerMovements, eq(ledgerMovements.id, ledgerPostings.movementId))
    .where(entryWhere({ userId, id }))
    .limit(1);
  return row;
}

/** The user's available balance of a token ('0' before their first money in it). */
export async function userAvailable(db: Queryable, userId: number, token: string): Promise<string> {
  const [row] = await db
    .select({ available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.owner, userOwner(userId)), eq(ledgerAccounts.token, token)));
  return row?.available ?? '0';
}

/** An account's available balance ('0' when it has none yet), e.g. a vault's. */
export async function accountAvailable(db: Queryable, ref: AccountRef): Promise<string> {
  const [row] = await db
    .select({ available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.owner, ownerOf(ref)), eq(ledgerAccounts.token, ref.token)));
  return row?.available ?? '0';
}

/** What the vault of `token` owes on open bets ('0' before its first). */
export async function vaultOwed(db: Queryable, token: string): Promise<string> {
  const [row] = await queryRows<{ owed: string }>(
    db,
    sql`select owed::text as owed from vault_exposure where token = ${token}`,
  );
  return row?.owed ?? '0';
}

/** One of a user's ledger entries with what caused it, as a step of an operation. */
export interface OperationStepRow extends Omit<EntryRow, 'movementId' | 'token' | 'memo'> {
  causeKey: string | null;
}

export interface OperationFilter {
  userId: number;
  token: string;
  /** Business types to keep (a category); all when absent. */
  types?: readonly string[];
  /** Ref types whose entries form one operation (a withdrawal's freeze and refund). */
  groupedRefTypes: readonly string[];
  offset: number;
  limit: number;
}

/**
 * A user's entries of one token grouped into operations, newest operation first (by its first entry):
 * entries whose movement has a grouped ref type and the same ref are one operation, every other entry
 * is its own. Two queries for the page (its operations, then their entries) and one for the total,
 * all on the user's one account for the token (postings index on (account_id, id)).
 */
export async function userOperations(
  db: Queryable,
  filter: OperationFilter,
): Promise<{ operations: { key: string; steps: OperationStepRow[] }[]; total: number }> {
  const [account] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.owner, userOwner(filter.userId)), eq(ledgerAccounts.token, filter.token)));
  if (!account) return { operations: [], total: 0 };

  const grouped = filter.groupedRefTypes.length
    ? sql.join(
        filter.groupedRefTypes.map((type) => sql`${type}`),
        sql`, `,
      )
    : sql`null`;
  const operationKey = sql`case when m.ref_type in (${grouped}) and m.ref_id is not null
      then m.ref_type || ':' || m.ref_id else 'entry:' || p.id::text end`;
  const typeFilter = filter.types
    ? filter.types.length
      ? sql`and m.type in (${sql.join(
          filter.types.map((type) => sql`${type}`),
          sql`, `,
        )})`
      : sql`and false`
    : sql``;
  const entries = sql`select p.id, ${operationKey} as op
      from ledger_postings p join ledger_movements m on m.id = p.movement_id
      where p.account_id = ${account.id} ${typeFilter}`;

  const page = await queryRows<{ op: string }>(
    db,
    sql`select op, min(id) as first_id from (${entries}) e
        group by op order by first_id desc limit ${filter.limit} offset ${filter.offset}`,
  );
  const [counted] = await queryRows<{ total: string | number }>(
    db,
    sql`select count(distinct op) as total from (${entries}) e`,
  );
  const total = Number(counted?.total ?? 0);
  if (page.length === 0) return { operations: [], total };

  const keys = page.map((row) => row.op);
  const steps = await queryRows<{
    id: string | number;
    op: string;
    type: string;
    available_delta: string;
    frozen_delta: string;
    available_after: string;
    frozen_after: string;
    ref_type: string;
    ref_id: string | null;
    cause_key: string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select p.id, ${operationKey} as op, m.type,
          p.available_delta::text as available_delta, p.frozen_delta::text as frozen_delta,
          p.available_after::text as available_after, p.frozen_after::text as frozen_after,
          m.ref_type, m.ref_id, m.cause_key, m.created_at
        from ledger_postings p join ledger_movements m on m.id = p.movement_id
        where p.account_id = ${account.id} ${typeFilter}
          and ${operationKey} in (${sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )})
        order by p.id asc`,
  );
  const byKey = new Map<string, OperationStepRow[]>(keys.map((key) => [key, []]));
  for (const row of steps) {
    byKey.get(row.op)?.push({
      id: Number(row.id),
      type: row.type,
      availableDelta: row.available_delta,
      frozenDelta: row.frozen_delta,
      availableAfter: row.available_after,
      frozenAfter: row.frozen_after,
      refType: row.ref_type,
      refId: row.ref_id,
      causeKey: row.cause_key,
      createdAt: new Date(row.created_at),
    });
  }
  return { operations: keys.map((key) => ({ key, steps: byKey.get(key)! })), total };
}
