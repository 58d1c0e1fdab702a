// Reads of balances and ledger entries. The ledger owns the accounts, movements and postings tables
// (CONVENTIONS 13): other modules read them through LedgerService, never here directly.
import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accounts, ledgerMovements, ledgerPostings } from '../../db/schema';
import { userOwner } from './accounts';

export interface BalanceRow {
  token: string;
  available: string;
  frozen: string;
}

/** The user's accounts (only the tokens they ever held). One index lookup on (owner, token). */
export async function userBalances(db: Queryable, userId: number): Promise<BalanceRow[]> {
  return db
    .select({ token: accounts.token, available: accounts.available, frozen: accounts.frozen })
    .from(accounts)
    .where(eq(accounts.owner, userOwner(userId)));
}

export async function houseAccounts(db: Queryable) {
  return db
    .select({
      kind: accounts.kind,
      token: accounts.token,
      network: accounts.network,
      available: accounts.available,
    })
    .from(accounts)
    .where(ne(accounts.kind, 'user'))
    .orderBy(asc(accounts.token), asc(accounts.kind), asc(accounts.network));
}

export interface EntryFilter {
  userId: number;
  token?: string;
  type?: string;
  /** One entry by id. */
  id?: number;
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
    eq(accounts.owner, userOwner(filter.userId)),
    filter.token ? eq(accounts.token, filter.token) : undefined,
    filter.type ? eq(ledgerMovements.type, filter.type) : undefined,
    filter.id !== undefined ? eq(ledgerPostings.id, filter.id) : undefined,
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
    .innerJoin(accounts, eq(accounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerMovements, eq(ledgerMovements.id, ledgerPostings.movementId))
    .where(where)
    .orderBy(desc(ledgerPostings.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [counted] = await db
    .select({ total: count() })
    .from(ledgerPostings)
    .innerJoin(accounts, eq(accounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerMovements, eq(ledgerMovements.id, ledgerPostings.movementId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function userEntry(db: Queryable, userId: number, id: number): Promise<EntryRow | undefined> {
  const [row] = await db
    .select(entryColumns)
    .from(ledgerPostings)
    .innerJoin(accounts, eq(accounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerMovements, eq(ledgerMovements.id, ledgerPostings.movementId))
    .where(entryWhere({ userId, id }))
    .limit(1);
  return row;
}

/** The user's available balance of a token ('0' before their first money in it). */
export async function userAvailable(db: Queryable, userId: number, token: string): Promise<string> {
  const [row] = await db
    .select({ available: accounts.available })
    .from(accounts)
    .where(and(eq(accounts.owner, userOwner(userId)), eq(accounts.token, token)));
  return row?.available ?? '0';
}

/** The same, with the account row locked for the rest of the caller's transaction. */
export async function lockedAvailable(db: Queryable, userId: number, token: string): Promise<string> {
  const [row] = await queryRows<{ available: string }>(
    db,
    sql`select available::text as available from accounts
        where owner = ${userOwner(userId)} and token = ${token} for update`,
  );
  return row?.available ?? '0';
}
