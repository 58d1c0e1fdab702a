// SQL of the ledger. Balances are written here and nowhere else, always by LedgerService.move inside
// a transaction. Sets of rows travel as one JSON parameter (jsonb_to_recordset), so a movement of
// any size is a fixed number of statements on both drivers.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { queryPreparedRows, queryRows } from '../../db/rows';
import type { AccountKind, NetworkName } from '../../db/schema';

export interface AccountKey {
  kind: AccountKind;
  owner: string;
  userId: number | null;
  network: NetworkName | null;
  token: string;
}

export interface AccountRow {
  id: number;
  kind: AccountKind;
  owner: string;
  userId: number | null;
  token: string;
  available: string;
  frozen: string;
}

interface RawAccount {
  id: string | number;
  kind: AccountKind;
  owner: string;
  user_id: string | number | null;
  token: string;
  available: string;
  frozen: string;
}

const toAccount = (row: RawAccount): AccountRow => ({
  id: Number(row.id),
  kind: row.kind,
  owner: row.owner,
  userId: row.user_id === null ? null : Number(row.user_id),
  token: row.token,
  available: row.available,
  frozen: row.frozen,
});

/** The accounts of `keys` that exist (no lock). */
export async function findAccounts(db: Queryable, keys: AccountKey[]): Promise<AccountRow[]> {
  const wanted = JSON.stringify(keys.map((key) => ({ owner: key.owner, token: key.token })));
  const rows = await queryRows<RawAccount>(
    db,
    sql`select a.id, a.kind, a.owner, a.user_id, a.token, a.available::text as available, a.frozen::text as frozen
        from accounts a
        join jsonb_to_recordset(${wanted}::jsonb) as k(owner text, token text)
          on a.owner = k.owner and a.token = k.token`,
  );
  return rows.map(toAccount);
}

/** Creates the accounts of `keys` that do not exist yet (in key order, to keep inserts ordered). */
export async function createAccounts(db: Queryable, keys: AccountKey[], now: Date) {
  const sorted = [...keys].sort((a, b) =>
    a.owner === b.owner ? a.token.localeCompare(b.token) : a.owner.localeCompare(b.owner),
  );
  const values = JSON.stringify(
    sorted.map((key, n) => ({
      n,
      kind: key.kind,
      owner: key.owner,
      user_id: key.userId,
      network: key.network,
      token: key.token,
    })),
  );
  await db.execute(
    sql`insert into accounts (kind, owner, user_id, network, token, created_at, updated_at)
        select k.kind, k.owner, k.user_id, k.network, k.token, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${values}::jsonb)
          as k(n int, kind text, owner text, user_id bigint, network text, token text)
        order by k.n
        on conflict (owner, token) do nothing`,
  );
}

export interface PostingRow {
  id: number;
  accountId: number;
  availableDelta: string;
  frozenDelta: string;
  availableAfter: string;
  frozenAfter: string;
}

interface RawPosting {
  id: string | number;
  account_id: string | number;
  available_delta: string;
  frozen_delta: string;
  available_after: string;
  frozen_after: string;
}

const toPosting = (row: RawPosting): PostingRow => ({
  id: Number(row.id),
  accountId: Number(row.account_id),
  availableDelta: row.available_delta,
  frozenDelta: row.frozen_delta,
  availableAfter: row.available_after,
  frozenAfter: row.frozen_after,
});

export interface MovementHeader {
  type: string;
  refType: string;
  refId: string | null;
  memo: string | null;
  causeKey: string | null;
  now: Date;
}

export interface AccountDelta {
  accountId: number;
  available: string;
  frozen: string;
  /** The account may not go below zero (users, vaults). */
  guarded: boolean;
}

/** The statement of writeMovement; `several` locks the accounts in id order first. */
function writeMovementSql(several: boolean): string {
  return `with v as (
      select * from jsonb_to_recordset($1::jsonb) as v(id bigint, da numeric, df numeric, guarded boolean)
    )${several ? ', l as (select a.id from accounts a where a.id in (select id from v) order by a.id for update)' : ''},
    m as (
      insert into ledger_movements (type, ref_type, ref_id, memo, cause_key, created_at)
      select $2::text, $3::text, $4::text, $5::text, $6::text, $7::timestamptz
      ${several ? 'where (select count(*) from l) = $8::int' : ''}
      on conflict (cause_key) do nothing
      returning id
    ), u as (
      update accounts a
         set available = a.available + v.da, frozen = a.frozen + v.df, updated_at = $7::timestamptz
        from v
       where a.id = v.id and exists (select 1 from m)
         and (not v.guarded or (a.available + v.da >= 0 and a.frozen + v.df >= 0))
      returning a.id, a.token, a.available, a.frozen, v.da, v.df
    )
    insert into ledger_postings (movement_id, account_id, token, available_delta, frozen_delta, available_after, frozen_after)
    select m.id, u.id, u.token, u.da, u.df, u.available, u.frozen from u cross join m
    where (select count(*) from u) = $8::int
    returning movement_id, id, account_id, available_delta::text as available_delta, frozen_delta::text as frozen_delta,
              available_after::text as available_after, frozen_after::text as frozen_after`;
}
const WRITE_ONE = writeMovementSql(false);
const WRITE_SEVERAL = writeMovementSql(true);

/**
 * Writes a movement in one statement: the header, the deltas applied to the accounts by guarded
 * updates (a user or vault balance never goes below zero), and one posting per account with the
 * balances after. A movement of several accounts first locks them in id order, so movers never
 * deadlock each other; a single account is locked by its update. Answers the postings, or none
 * when the cause key was used before (nothing written) or an account would go below zero (other
 * legs may be applied: the caller must roll back).
 */
export async function writeMovement(
  db: Queryable,
  header: MovementHeader,
  deltas: AccountDelta[],
): Promise<{ movementId: number; postings: PostingRow[] } | undefined> {
  const several = deltas.length > 1;
  const rows = await queryPreparedRows<RawPosting & { movement_id: string | number }>(
    db,
    several ? 'ledger_write_several' : 'ledger_write_one',
    several ? WRITE_SEVERAL : WRITE_ONE,
    [
      JSON.stringify(
        deltas.map((d) => ({ id: d.accountId, da: d.available, df: d.frozen, guarded: d.guarded })),
      ),
      header.type,
      header.refType,
      header.refId,
      header.memo,
      header.causeKey,
      header.now.toISOString(),
      deltas.length,
    ],
  );
  if (rows.length === 0) return undefined;
  return { movementId: Number(rows[0]!.movement_id), postings: rows.map(toPosting) };
}

/** A movement found by its cause key, with its postings. */
export async function findMovementByCause(db: Queryable, causeKey: string) {
  const [movement] = await queryRows<{ id: string | number; created_at: string | Date }>(
    db,
    sql`select id, created_at from ledger_movements where cause_key = ${causeKey}`,
  );
  if (!movement) return undefined;
  const postings = await queryRows<RawPosting>(
    db,
    sql`select id, account_id, available_delta::text, frozen_delta::text, available_after::text, frozen_after::text
        from ledger_postings where movement_id = ${movement.id} order by id`,
  );
  return {
    id: Number(movement.id),
    createdAt: new Date(movement.created_at),
    postings: postings.map(toPosting),
  };
}

/** Accounts by id (no lock). */
export async function accountsById(db: Queryable, ids: number[]): Promise<AccountRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<RawAccount>(
    db,
    sql`select id, kind, owner, user_id, token, available::text as available, frozen::text as frozen
        from accounts where id in ${ids}`,
  );
  return rows.map(toAccount);
}
