// SQL of the ledger. Balances are written here and nowhere else, always by LedgerService.move inside
// a transaction. Sets of rows travel as one JSON parameter (jsonb_to_recordset), so a movement of
// any size is a fixed number of statements on both drivers.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { queryPreparedRows, queryRows } from '../../db/rows';
import type { AccountKind } from './schema';
import type { NetworkName } from '../../chain/network';

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
        from ledger_accounts a
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
    sql`insert into ledger_accounts (kind, owner, user_id, network, token, created_at, updated_at)
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
}

export interface AccountDelta {
  accountId: number;
  available: string;
  frozen: string;
  /** The account may not go below zero (users, vaults). */
  guarded: boolean;
}

/**
 * Movements in order, each with its header and its accounts' deltas, written by one statement:
 * - the accounts are locked in id order, so movers never deadlock each other;
 * - a guarded account (users, vaults) must stay at or above zero at every step of the batch, not
 *   only at its end. Accounts the caller's transaction locked before this statement ($8) are
 *   checked first, on their current balances, and a shortfall there writes nothing at all, so the
 *   caller's transaction stays usable. The UPDATE's own WHERE checks every account again, on the
 *   row's latest version; a shortfall found only there leaves the others moved (the caller rolls
 *   back: this happens only in a movement's own transaction);
 * - the headers are inserted (a cause key used before inserts nothing, and then nothing moves);
 * - every posting carries its account's running balance after its movement, so the postings of a
 *   batch read exactly like movements made one after another;
 * - the balance notices go (on commit) in the same statement.
 * Answers the postings (`answer`), or the guarded accounts that would go below zero.
 */
const writeMovementsStatement = (answer: string) => `with mv as (
    select * from jsonb_to_recordset($1::jsonb)
      as mv(n int, type text, ref_type text, ref_id text, memo text, cause_key text)
  ), d as (
    select * from jsonb_to_recordset($2::jsonb) as d(n int, id bigint, da numeric, df numeric, guarded boolean)
  ), steps as (
    select d.n, d.id, d.da, d.df, d.guarded,
           sum(d.da) over (partition by d.id order by d.n) as cum_da,
           sum(d.df) over (partition by d.id order by d.n) as cum_df
      from d
  ), acc as (
    select id, sum(da) as da, sum(df) as df, bool_or(guarded) as guarded,
           least(min(cum_da), 0) as low_da, least(min(cum_df), 0) as low_df
      from steps group by id
  ), bad as (
    select a.id from ledger_accounts a join acc on acc.id = a.id
     where a.id in (select x::bigint from jsonb_array_elements_text($8::jsonb) as x)
       and acc.guarded and (a.available + acc.low_da < 0 or a.frozen + acc.low_df < 0)
  ), l as (
    select a.id from ledger_accounts a where a.id in (select id from acc) order by a.id for update
  ), ids as (
    select mv.*, nextval(pg_get_serial_sequence('ledger_movements', 'id')) as id
      from mv where (select count(*) from l) = $3::int and not exists (select 1 from bad)
  ), m as (
    insert into ledger_movements (id, type, ref_type, ref_id, memo, cause_key, created_at)
    overriding system value
    select id, type, ref_type, ref_id, memo, cause_key, $4::timestamptz from ids order by n
    on conflict (cause_key) do nothing
    returning id
  ), u as (
    update ledger_accounts a
       set available = a.available + acc.da, frozen = a.frozen + acc.df, updated_at = $4::timestamptz
      from acc
     where a.id = acc.id and (select count(*) from m) = $5::int
       and (not acc.guarded or (a.available + acc.low_da >= 0 and a.frozen + acc.low_df >= 0))
    returning a.id, a.token, a.available - acc.da as available_before, a.frozen - acc.df as frozen_before
  ), told as (
    select pg_notify($6::text, x) from jsonb_array_elements_text($7::jsonb) as x
     where (select count(*) from u) = $3::int
  ), p as (
    insert into ledger_postings (movement_id, account_id, token, available_delta, frozen_delta, available_after, frozen_after)
    select ids.id, s.id, u.token, s.da, s.df, u.available_before + s.cum_da, u.frozen_before + s.cum_df
      from steps s join ids on ids.n = s.n join u on u.id = s.id
     where (select count(*) from u) = $3::int and (select count(*) from told) >= 0
     order by s.n, s.id
    returning movement_id, id, account_id, available_delta, frozen_delta, available_after, frozen_after
  )
  ${answer}
  union all
  select null, null, bad.id, null, null, null, null, true from bad
  union all
  select null, null, acc.id, null, null, null, null, true from acc
   where acc.guarded and (select count(*) from m) = $5::int and acc.id not in (select id from u)`;

const WRITE_MOVEMENTS = writeMovementsStatement(
  `select movement_id, id, account_id, available_delta::text as available_delta, frozen_delta::text as frozen_delta,
         available_after::text as available_after, frozen_after::text as frozen_after, false as short
    from p`,
);
/**
 * The same, answering one row for all the postings written (none on a replay): for a caller that
 * reads no entry back, whose hundreds of postings would only be parsed to be dropped.
 */
const WRITE_MOVEMENTS_UNANSWERED = writeMovementsStatement(
  `select null::bigint as movement_id, null::bigint as id, null::bigint as account_id,
         null::text as available_delta, null::text as frozen_delta, null::text as available_after,
         null::text as frozen_after, false as short
    from (select 1 from p limit 1) as written`,
);

/**
 * Writes movements (see WRITE_MOVEMENTS) and tells `notify.users` on `notify.channel` when the
 * transaction commits. Answers each movement's id and postings, in order; or the guarded accounts
 * that would go below zero (nothing written when they are among `checkFirst`; otherwise the other
 * accounts may have moved: the caller must roll back); or
 * undefined when a cause key was used before (nothing moved; the headers of the other movements may
 * be written: the caller must roll back unless every one was a replay).
 */
export async function writeMovements(
  db: Queryable,
  movements: { header: MovementHeader; deltas: AccountDelta[] }[],
  now: Date,
  notify: { channel: string; users: number[] },
  /** Guarded accounts that could go below zero and this transaction locked before the statement. */
  checkFirst: number[],
  /** False: nothing of the movements is answered (an empty list once they are written). */
  answered = true,
): Promise<{ movementId: number; postings: PostingRow[] }[] | { short: number[] } | undefined> {
  const accountIds = new Set(movements.flatMap((m) => m.deltas.map((d) => d.accountId)));
  const rows = await queryPreparedRows<RawPosting & { movement_id: string | number; short: boolean }>(
    db,
    answered ? 'ledger_write_movements' : 'ledger_write_movements_unanswered',
    answered ? WRITE_MOVEMENTS : WRITE_MOVEMENTS_UNANSWERED,
    [
      JSON.stringify(
        movements.map(({ header }, n) => ({
          n,
          type: header.type,
          ref_type: header.refType,
          ref_id: header.refId,
          memo: header.memo,
          cause_key: header.causeKey,
        })),
      ),
      JSON.stringify(
        movements.flatMap(({ deltas }, n) =>
          deltas.map((d) => ({ n, id: d.accountId, da: d.available, df: d.frozen, guarded: d.guarded })),
        ),
      ),
      accountIds.size,
      now.toISOString(),
      movements.length,
      notify.channel,
      JSON.stringify(notify.users.map(String)),
      JSON.stringify(checkFirst.map(String)),
    ],
  );
  if (rows.length === 0) return undefined;
  if (rows[0]!.short) return { short: rows.map((row) => Number(row.account_id)) };
  if (!answered) return [];
  const byMovement = new Map<number, PostingRow[]>();
  for (const row of rows) {
    const id = Number(row.movement_id);
    const list = byMovement.get(id) ?? [];
    list.push(toPosting(row));
    byMovement.set(id, list);
  }
  return [...byMovement]
    .sort(([a], [b]) => a - b)
    .map(([movementId, postings]) => ({ movementId, postings: postings.sort((x, y) => x.id - y.id) }));
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

/** Locks accounts by id, in id order, until the transaction ends; answers their balances. */
export async function lockAccounts(
  db: Queryable,
  ids: number[],
): Promise<{ id: number; available: string; frozen: string }[]> {
  if (ids.length === 0) return [];
  const rows = await queryPreparedRows<{ id: string | number; available: string; frozen: string }>(
    db,
    'ledger_lock_accounts',
    `select id, available::text as available, frozen::text as frozen from ledger_accounts
      where id in (select x::bigint from jsonb_array_elements_text($1::jsonb) as x) order by id for update`,
    [JSON.stringify(ids.map(String))],
  );
  return rows.map((row) => ({ id: Number(row.id), available: row.available, frozen: row.frozen }));
}

/** Accounts by id (no lock). */
export async function accountsById(db: Queryable, ids: number[]): Promise<AccountRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<RawAccount>(
    db,
    sql`select id, kind, owner, user_id, token, available::text as available, frozen::text as frozen
        from ledger_accounts where id in ${ids}`,
  );
  return rows.map(toAccount);
}

// ---- What a vault has promised (vault_exposure) ----
// Written only by a transaction that holds the token's vault account locked, so a statement that
// starts after that lock reads every other writer's total committed.

/**
 * Adds `amount` to what the vault of `token` owes when it fits: the total stays within the vault's
 * free balance (its available less `besides`, money this transaction paid in and must not count)
 * and `amount` within `share` of that. One statement; answers whether it fitted, the free balance
 * and the total owed before it ('0' and null when the vault or the token's row is missing).
 */
export async function reserveExposure(
  db: Queryable,
  input: { token: string; amount: string; besides: string; share: string },
): Promise<{ fitted: boolean; free: string; owed: string | null }> {
  const [row] = await queryPreparedRows<{ fitted: boolean; free: string; owed: string | null }>(
    db,
    'ledger_reserve_exposure',
    `with v as (
        select greatest(available - $3::numeric, 0) as free from ledger_accounts where owner = 'vault' and token = $1
      ), u as (
        update vault_exposure x set owed = x.owed + $2::numeric
          from v
         where x.token = $1 and x.owed + $2::numeric <= v.free and $2::numeric <= v.free * $4::numeric
        returning x.owed
      )
      select exists (select 1 from u) as fitted, coalesce((select free from v), 0)::text as free,
             (select owed::text from vault_exposure where token = $1) as owed`,
    [input.token, input.amount, input.besides, input.share],
  );
  return { fitted: row!.fitted, free: row!.free, owed: row!.owed };
}

/** Starts the token's total at zero (a token's first bet; the migration started the others'). */
export async function startExposure(db: Queryable, token: string): Promise<void> {
  await db.execute(sql`insert into vault_exposure (token, owed) values (${token}, 0) on conflict do nothing`);
}

/** Takes what settled bets no longer owe off each token's total, in one statement. */
export async function releaseExposure(db: Queryable, amounts: { token: string; amount: string }[]) {
  if (amounts.length === 0) return;
  await queryPreparedRows(
    db,
    'ledger_release_exposure',
    `update vault_exposure x set owed = x.owed - r.amount
       from jsonb_to_recordset($1::jsonb) as r(token text, amount numeric)
      where x.token = r.token`,
    [JSON.stringify(amounts)],
  );
}
