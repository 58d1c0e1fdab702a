// Tables of the server. Migrations in apps/server/drizzle are generated from this file with
// `npm run db:generate -w @tradeflip/server`; a test fails when they are stale.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { businessTypes as businessTypeList, type CloseReason } from '@tradeflip/contract';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    inviteCode: text('invite_code').notNull().unique(),
    inviterId: bigint('inviter_id', { mode: 'number' }).references((): AnyPgColumn => users.id),
    language: text('language').$type<'zh-CN' | 'en-US'>().notNull().default('en-US'),
    status: text('status').$type<'active' | 'frozen'>().notNull().default('active'),
    frozenAt: timestamptz('frozen_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('users_status_check', sql`${t.status} in ('active', 'frozen')`),
    check('users_language_check', sql`${t.language} in ('zh-CN', 'en-US')`),
    index('users_inviter_idx').on(t.inviterId),
  ],
);

export type SessionRevokeReason = 'logout' | 'password_changed' | 'password_reset' | 'frozen';

/** Bearer sessions. Only the sha256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    revokeReason: text('revoke_reason').$type<SessionRevokeReason>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** E-mailed 6-digit codes, stored hashed; the newest one per (email, scene) is the valid one. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    scene: text('scene').$type<'register' | 'forgot'>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [
    index('verification_codes_email_idx').on(t.email, t.createdAt),
    index('verification_codes_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Responses of mutating calls by Idempotency-Key. The row is keyed by a hash of (scope, key) and
 * the body is encrypted with a key derived from the Idempotency-Key itself, so a database reader
 * cannot replay or read stored answers (some hold session tokens).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    keyHash: text('key_hash').primaryKey(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<'in_flight' | 'done'>().notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: timestamptz('created_at').notNull(),
    /** An in-flight claim older than this is considered abandoned (its process died). */
    lockedUntil: timestamptz('locked_until').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('idempotency_keys_expires_idx').on(t.expiresAt)],
);

// ---- Wallet and ledger (DESIGN §4–§5) ----

const money = (name: string) => numeric(name, { precision: 38, scale: 18 });

/**
 * Tokens are configuration. `reference_price` is the USDT price balances are valued at until the
 * market feed supplies live prices (see modules/wallet/prices.ts).
 */
export const tokens = pgTable(
  'tokens',
  {
    symbol: text('symbol').primaryKey(),
    name: text('name').notNull(),
    priceDp: integer('price_dp').notNull(),
    amountDp: integer('amount_dp').notNull(),
    referencePrice: money('reference_price').notNull().default('0'),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('tokens_symbol_check', sql`${t.symbol} ~ '^[A-Z0-9]{1,16}$'`),
    check('tokens_price_dp_check', sql`${t.priceDp} between 0 and 18`),
    check('tokens_amount_dp_check', sql`${t.amountDp} between 0 and 18`),
    check('tokens_reference_price_check', sql`${t.referencePrice} >= 0`),
  ],
);

export type NetworkName = 'ERC20' | 'BEP20';

/** Where a token lives on chain, and the deposit and withdrawal rules there. */
export const tokenNetworks = pgTable(
  'token_networks',
  {
    token: text('token')
      .notNull()
      .references(() => tokens.symbol),
    network: text('network').$type<NetworkName>().notNull(),
    /** The token contract; null until configured (the local dev chains deploy a test token). */
    contractAddress: text('contract_address'),
    /** Decimals of the on-chain token (USDT: 6 on Ethereum, 18 on BNB Smart Chain). */
    chainDecimals: integer('chain_decimals').notNull(),
    minDeposit: money('min_deposit').notNull(),
    confirmations: integer('confirmations').notNull(),
    minWithdrawal: money('min_withdrawal').notNull(),
    withdrawalFee: money('withdrawal_fee').notNull(),
    depositEnabled: boolean('deposit_enabled').notNull().default(true),
    withdrawEnabled: boolean('withdraw_enabled').notNull().default(true),
    /** Amount decimals on this network when they differ from the token's. */
    amountDp: integer('amount_dp'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.token, t.network] }),
    check('token_networks_network_check', sql`${t.network} in ('ERC20', 'BEP20')`),
    check('token_networks_chain_decimals_check', sql`${t.chainDecimals} between 0 and 36`),
    check('token_networks_amount_dp_check', sql`${t.amountDp} is null or ${t.amountDp} between 0 and 18`),
    check(
      'token_networks_amounts_check',
      sql`${t.minDeposit} >= 0 and ${t.minWithdrawal} >= 0 and ${t.withdrawalFee} >= 0 and ${t.confirmations} >= 0`,
    ),
  ],
);

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

export const accounts = pgTable(
  'accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<AccountKind>().notNull(),
    /** `user:<id>`, `vault`, `equity` or `chain:<network>`: with the token, the account's identity. */
    owner: text('owner').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    network: text('network').$type<NetworkName>(),
    token: text('token')
      .notNull()
      .references(() => tokens.symbol),
    available: money('available').notNull().default('0'),
    frozen: money('frozen').notNull().default('0'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    unique('accounts_owner_token_key').on(t.owner, t.token),
    // The target of the postings' (account_id, token) foreign key.
    unique('accounts_id_token_key').on(t.id, t.token),
    index('accounts_user_idx').on(t.userId),
    check('accounts_kind_check', sql`${t.kind} in ('user', 'vault', 'chain', 'equity')`),
    check(
      'accounts_owner_check',
      sql`${t.owner} = case ${t.kind} when 'user' then 'user:' || ${t.userId} when 'chain' then 'chain:' || ${t.network} else ${t.kind} end
        and (${t.kind} = 'user') = (${t.userId} is not null)
        and (${t.kind} = 'chain') = (${t.network} is not null)`,
    ),
    check('accounts_available_check', sql`${t.available} >= 0 or ${t.kind} in ('chain', 'equity')`),
    check('accounts_frozen_check', sql`${t.frozen} >= 0 and (${t.frozen} = 0 or ${t.kind} = 'user')`),
  ],
);

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

/** The change a movement made to one account, and the account's balances right after it. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    movementId: bigint('movement_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerMovements.id),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    token: text('token').notNull(),
    availableDelta: money('available_delta').notNull(),
    frozenDelta: money('frozen_delta').notNull(),
    availableAfter: money('available_after').notNull(),
    frozenAfter: money('frozen_after').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'ledger_postings_account_fk',
      columns: [t.accountId, t.token],
      foreignColumns: [accounts.id, accounts.token],
    }),
    unique('ledger_postings_movement_account_key').on(t.movementId, t.accountId),
    index('ledger_postings_account_idx').on(t.accountId, t.id),
    check('ledger_postings_nonzero_check', sql`${t.availableDelta} <> 0 or ${t.frozenDelta} <> 0`),
  ],
);

// ---- On-chain deposits and withdrawals (DESIGN §5) ----

/** A user's deposit address on a network, derived from the deposit HD key at the user's index. */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    network: text('network').$type<NetworkName>().notNull(),
    /** Lower-case 0x address. */
    address: text('address').notNull(),
    /** The BIP-32 child index (m/44'/60'/0'/0/index): the user's id. */
    derivationIndex: bigint('derivation_index', { mode: 'number' }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.network] }),
    unique('deposit_addresses_network_address_key').on(t.network, t.address),
  ],
);

/** Where each network's deposit watcher goes on: the next block to scan and the hash of the one before. */
export const chainCursors = pgTable('chain_cursors', {
  network: text('network').$type<NetworkName>().primaryKey(),
  nextBlock: bigint('next_block', { mode: 'number' }).notNull(),
  /** Hash of block nextBlock − 1 as scanned: a different hash there now means a reorg. */
  lastBlockHash: text('last_block_hash'),
  updatedAt: timestamptz('updated_at').notNull(),
});

export const depositStatuses = ['pending', 'confirming', 'completed', 'failed'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

/**
 * One ERC-20 Transfer to a deposit address, keyed by (network, tx hash, log index) so the same log
 * seen twice is one deposit. Credited through the ledger once confirmed (`movement_id`).
 */
export const deposits = pgTable(
  'deposits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    token: text('token')
      .notNull()
      .references(() => tokens.symbol),
    network: text('network').$type<NetworkName>().notNull(),
    address: text('address').notNull(),
    fromAddress: text('from_address').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    /** In token units (the chain's base units divided by its decimals). */
    amount: money('amount').notNull(),
    confirmations: integer('confirmations').notNull().default(0),
    requiredConfirmations: integer('required_confirmations').notNull(),
    status: text('status').$type<DepositStatus>().notNull(),
    /** Below the network's minimum deposit: recorded, never credited. */
    belowMinimum: boolean('below_minimum').notNull().default(false),
    /** The ledger movement that credited it. */
    movementId: bigint('movement_id', { mode: 'number' }),
    /** The movement that took it back after its block vanished in a reorg. */
    reversalMovementId: bigint('reversal_movement_id', { mode: 'number' }),
    /** Why operators should look at it (e.g. reversed after a reorg), else null. */
    flag: text('flag'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    /** When it was credited, or found failed. */
    processedAt: timestamptz('processed_at'),
  },
  (t) => [
    unique('deposits_chain_event_key').on(t.network, t.txHash, t.logIndex),
    index('deposits_user_idx').on(t.userId, t.id),
    index('deposits_status_idx').on(t.status),
    check('deposits_status_check', sql`${t.status} in ('pending', 'confirming', 'completed', 'failed')`),
    check('deposits_amount_check', sql`${t.amount} >= 0`),
  ],
);

export const withdrawalStatuses = [
  'reviewing',
  'approved',
  'processing',
  'completed',
  'rejected',
  'failed',
  'cancelled',
] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/**
 * A withdrawal: amount + fee frozen at submission (`reviewing`), then approved or rejected by an
 * operator; approved ones are signed with a nonce from hot_wallet_nonces and recorded (`raw_tx`,
 * `tx_hash`) before broadcast (`processing`, shown as on-chain processing), then `completed` or
 * `failed` (funds returned).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    token: text('token')
      .notNull()
      .references(() => tokens.symbol),
    network: text('network').$type<NetworkName>().notNull(),
    /** Recipient, lower-case 0x address. */
    address: text('address').notNull(),
    /** What the recipient receives. */
    amount: money('amount').notNull(),
    /** Charged on top of the amount; goes to the vault when the withdrawal completes. */
    fee: money('fee').notNull(),
    status: text('status').$type<WithdrawalStatus>().notNull(),
    rejectReason: text('reject_reason'),
    failureReason: text('failure_reason'),
    /** The hot wallet that sends it, its nonce, and the signed transaction, recorded before broadcast. */
    fromAddress: text('from_address'),
    nonce: integer('nonce'),
    rawTx: text('raw_tx'),
    txHash: text('tx_hash'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    reviewedAt: timestamptz('reviewed_at'),
    broadcastAt: timestamptz('broadcast_at'),
    processedAt: timestamptz('processed_at'),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.id),
    index('withdrawals_status_idx').on(t.status),
    unique('withdrawals_nonce_key').on(t.network, t.fromAddress, t.nonce),
    check(
      'withdrawals_status_check',
      sql`${t.status} in ('reviewing', 'approved', 'processing', 'completed', 'rejected', 'failed', 'cancelled')`,
    ),
    check('withdrawals_amounts_check', sql`${t.amount} > 0 and ${t.fee} >= 0`),
  ],
);

/**
 * A user's saved withdrawal addresses (the address book): a label they recognise, the network and the
 * address (lower-case). One entry per (user, network, address). Owned by modules/address-book.
 */
export const withdrawAddresses = pgTable(
  'withdraw_addresses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    label: text('label').notNull(),
    network: text('network').$type<NetworkName>().notNull(),
    address: text('address').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    unique('withdraw_addresses_user_network_address_key').on(t.userId, t.network, t.address),
    index('withdraw_addresses_user_idx').on(t.userId, t.id),
    check('withdraw_addresses_network_check', sql`${t.network} in ('ERC20', 'BEP20')`),
    check('withdraw_addresses_label_check', sql`char_length(${t.label}) between 1 and 20`),
    check('withdraw_addresses_address_check', sql`${t.address} ~ '^0x[0-9a-f]{40}$'`),
  ],
);

// ---- Market data (DESIGN §6) ----

/** A pair the market quotes (BTCUSDT): its base token, and whether and where the app lists it. */
export const marketPairs = pgTable(
  'market_pairs',
  {
    symbol: text('symbol').primaryKey(),
    base: text('base')
      .notNull()
      .references(() => tokens.symbol),
    quote: text('quote').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** An operator's pinned simulated price (demos, scripted game tests); null: the feed moves it. */
    pinnedPrice: numeric('pinned_price', { precision: 38, scale: 18 }),
  },
  (t) => [check('market_pairs_symbol_check', sql`${t.symbol} ~ '^[A-Z0-9]{2,20}$'`)],
);

/**
 * Candles per pair and interval ('1s', '1m', '5m', '15m'), bucket start in epoch milliseconds. Written
 * in batches by the feed's leader; old rows are pruned (1 s after a day, the others after 90 days).
 */
export const marketCandles = pgTable(
  'market_candles',
  {
    symbol: text('symbol').notNull(),
    interval: text('interval').notNull(),
    time: bigint('time', { mode: 'number' }).notNull(),
    open: money('open').notNull(),
    high: money('high').notNull(),
    low: money('low').notNull(),
    close: money('close').notNull(),
    volume: money('volume').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.symbol, t.interval, t.time] }),
    check('market_candles_interval_check', sql`${t.interval} in ('1s', '1m', '5m', '15m')`),
  ],
);

/**
 * Every tick a settlement used (a game's open, close or liquidation price), kept exactly as the market
 * had it, price and time: the game's row refers to it, so any settlement can be checked afterwards.
 * Kept for good (a row per settlement, not per tick).
 */
export const marketTicks = pgTable(
  'market_ticks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    symbol: text('symbol').notNull(),
    price: money('price').notNull(),
    /** The tick's time, epoch milliseconds (the feed's clock). */
    time: bigint('time', { mode: 'number' }).notNull(),
    usedAt: timestamptz('used_at').notNull(),
  },
  (t) => [index('market_ticks_symbol_time_idx').on(t.symbol, t.time)],
);

/** The next nonce of each hot wallet, kept here so concurrent sends never share one. */
export const hotWalletNonces = pgTable(
  'hot_wallet_nonces',
  {
    network: text('network').$type<NetworkName>().notNull(),
    address: text('address').notNull(),
    nextNonce: integer('next_nonce').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.address] })],
);

/** Leases of background workers: one leader per name across processes sharing the database. */
export const workerLeases = pgTable('worker_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
});

/**
 * The contract game's terms per pair (DESIGN §7), changed by operators; a position copies them at
 * open, so a change applies to new positions only. Rates are fractions (0.0005 = 0.05 %).
 */
export const gamePairs = pgTable(
  'game_pairs',
  {
    symbol: text('symbol')
      .primaryKey()
      .references(() => marketPairs.symbol),
    marginToken: text('margin_token')
      .notNull()
      .references(() => tokens.symbol),
    maxLeverage: integer('max_leverage').notNull(),
    openFeeRate: money('open_fee_rate').notNull(),
    closeFeeRate: money('close_fee_rate').notNull(),
    fundingRate: money('funding_rate').notNull(),
    fundingIntervalSeconds: integer('funding_interval_seconds').notNull(),
    /** Maintenance rate: liquidated when equity ≤ notional × mmr. */
    mmr: money('mmr').notNull(),
    minMargin: money('min_margin').notNull(),
    maxMargin: money('max_margin').notNull(),
    /** The most a position can win, as a multiple of its margin (closed as take-profit there). */
    profitCapMultiple: money('profit_cap_multiple').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [
    check('game_pairs_leverage_check', sql`${t.maxLeverage} between 1 and 1000`),
    check('game_pairs_margin_check', sql`${t.minMargin} > 0 and ${t.maxMargin} >= ${t.minMargin}`),
  ],
);

export type PositionSide = 'long' | 'short';
export type PositionStatus = 'open' | 'closed';

/**
 * Positions of the contract game: the terms copied at open, the exact entry (and the kept tick it
 * came from), funding paid so far, take-profit / stop-loss, and how and at what it closed. The game
 * module owns it; money moves only through the ledger, referring to the position.
 */
export const gamePositions = pgTable(
  'game_positions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    symbol: text('symbol')
      .notNull()
      .references(() => gamePairs.symbol),
    marginToken: text('margin_token').notNull(),
    side: text('side').$type<PositionSide>().notNull(),
    margin: money('margin').notNull(),
    leverage: integer('leverage').notNull(),
    notional: money('notional').notNull(),
    entryPrice: money('entry_price').notNull(),
    openTickId: bigint('open_tick_id', { mode: 'number' })
      .notNull()
      .references(() => marketTicks.id),
    openFee: money('open_fee').notNull(),
    closeFeeRate: money('close_fee_rate').notNull(),
    fundingRate: money('funding_rate').notNull(),
    fundingIntervalSeconds: integer('funding_interval_seconds').notNull(),
    mmr: money('mmr').notNull(),
    profitCapMultiple: money('profit_cap_multiple').notNull(),
    fundingPaid: money('funding_paid').notNull(),
    nextFundingAt: timestamptz('next_funding_at').notNull(),
    takeProfit: money('take_profit'),
    stopLoss: money('stop_loss'),
    status: text('status').$type<PositionStatus>().notNull(),
    closeReason: text('close_reason').$type<CloseReason>(),
    closePrice: money('close_price'),
    closeTickId: bigint('close_tick_id', { mode: 'number' }).references(() => marketTicks.id),
    pnl: money('pnl'),
    closeFee: money('close_fee'),
    /** Profit the vault could not pay (it was short); the close fee was refunded then. */
    profitUnpaid: money('profit_unpaid'),
    openedAt: timestamptz('opened_at').notNull(),
    closedAt: timestamptz('closed_at'),
  },
  (t) => [
    index('game_positions_user_idx').on(t.userId, t.status, t.id),
    index('game_positions_open_idx').on(t.status, t.symbol),
    check('game_positions_side_check', sql`${t.side} in ('long', 'short')`),
    check('game_positions_status_check', sql`${t.status} in ('open', 'closed')`),
    check(
      'game_positions_reason_check',
      sql`${t.closeReason} is null or ${t.closeReason} in ('manual', 'take_profit', 'stop_loss', 'liquidation', 'operator')`,
    ),
  ],
);
