// The ledger's tables: accounts (the users' and the house's), the vaults' exposure, movements and
// their postings. Foreign keys name the users' and tokens' keys (their owners' schemas).
import { sql } from 'drizzle-orm';
import { bigint, check, index, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { businessTypes as businessTypeList } from '@tradeflip/api';
import type { NetworkName } from '../../chain/network';
import { users } from '../account/schema';
import { tokenColumn, tokens } from '../token/schema';
import { timestamptz, money } from '../../db/columns';

/**
 * Who owns an account. Users hold money; the house is accounts too (DESIGN §4):
 * - `vault` (per token): pays game profits, receives losses and fees. Never below zero.
 * - `chain` (per token and network): the other side of deposits and withdrawals. Its balance is
 *   minus what the users hold from the chain, so it is signed.
 * - `equity` (per token): the operator's side. Admin adjustments, airdrops and vault funding come
 *   from it (or go back to it); its balance is minus what the operator has put in, so it is signed.
 * Every movement sums to zero per token, so over all accounts each token sums to zero, while user
 * and vault balances stay >= 0 (CHECK).
 */
export const accountKinds = ['user', 'vault', 'chain', 'equity'] as const;
export type AccountKind = (typeof accountKinds)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<AccountKind>().notNull(),
    /** `user:<id>`, `vault`, `equity` or `chain:<network>`: with the token, the account's identity. */
    owner: text('owner').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    network: text('network').$type<NetworkName>(),
    token: tokenColumn(),
    available: money('available').notNull().default('0'),
    frozen: money('frozen').notNull().default('0'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    unique('ledger_accounts_owner_token_key').on(t.owner, t.token),
    index('ledger_accounts_user_idx').on(t.userId),
    check('ledger_accounts_kind_check', sql`${t.kind} in ('user', 'vault', 'chain', 'equity')`),
    check(
      'ledger_accounts_owner_check',
      sql`${t.owner} = case ${t.kind} when 'user' then 'user:' || ${t.userId} when 'chain' then 'chain:' || ${t.network} else ${t.kind} end
        and (${t.kind} = 'user') = (${t.userId} is not null)
        and (${t.kind} = 'chain') = (${t.network} is not null)`,
    ),
    check('ledger_accounts_available_check', sql`${t.available} >= 0 or ${t.kind} in ('chain', 'equity')`),
    check('ledger_accounts_frozen_check', sql`${t.frozen} >= 0 and (${t.frozen} = 0 or ${t.kind} = 'user')`),
  ],
);

/**
 * What each token's vault has promised (DESIGN §7): the most its open bets could still win from it
 * (the profit caps of open contract positions; Lightning Flip's open payouts join here). A running
 * total kept by the ledger in the transaction of every open and close, only with the vault's account
 * locked, so an open checks it in one row instead of summing every open position; the audit checks
 * it against that sum. Unbounded NUMERIC: a cap (margin × multiple) is kept exactly.
 */
export const vaultExposure = pgTable('vault_exposure', {
  token: text('token')
    .primaryKey()
    .references(() => tokens.symbol),
  owed: numeric('owed').notNull().default('0'),
});

/**
 * One movement of money: a business type, what caused it and its postings (one per account), which
 * sum to zero per token. Append-only: a trigger (see the migration) refuses UPDATE and DELETE.
 */
export const ledgerMovements = pgTable(
  'ledger_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    /** What caused it: e.g. ('withdrawal', '42'), ('admin', null), ('airdrop', '<uuid>'). */
    refType: text('ref_type').notNull(),
    refId: text('ref_id'),
    memo: text('memo'),
    /** A unique key of the cause (e.g. a chain event), so the same cause never moves money twice. */
    causeKey: text('cause_key').unique(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    check(
      'ledger_movements_type_check',
      sql`${t.type} in (${sql.raw(businessTypeList.map((type) => `'${type}'`).join(', '))})`,
    ),
  ],
);

/**
 * The change a movement made to one account, and the account's balances right after it. Each refers
 * to its movement and to an account of its token: checked once per statement that writes postings
 * (a trigger, see migration 0026), not row by row as a foreign key would (a batch of settlements
 * writes thousands at once); ledger accounts are never deleted nor change id or token.
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    movementId: bigint('movement_id', { mode: 'number' }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    token: text('token').notNull(),
    availableDelta: money('available_delta').notNull(),
    frozenDelta: money('frozen_delta').notNull(),
    availableAfter: money('available_after').notNull(),
    frozenAfter: money('frozen_after').notNull(),
  },
  (t) => [
    unique('ledger_postings_movement_account_key').on(t.movementId, t.accountId),
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    check('ledger_postings_nonzero_check', sql`${t.availableDelta} <> 0 or ${t.frozenDelta} <> 0`),
  ],
);
