// The deposit module's tables: deposit addresses, the chain watcher's cursors, deposits and their
// sweeps into the hot wallet.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { NetworkName } from '../../chain/network';
import { userIdColumn } from '../account/schema';
import { tokenColumn } from '../token/schema';
import { timestamptz, money } from '../../db/columns';

/** A user's deposit address on a network, derived from the deposit HD key at the user's index. */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    userId: userIdColumn(),
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
    userId: userIdColumn(),
    token: tokenColumn(),
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

export const sweepStatuses = ['funding', 'sweeping', 'completed', 'failed'] as const;
export type SweepStatus = (typeof sweepStatuses)[number];

/**
 * One collection of a deposit address's tokens into the hot wallet (modules/deposit/sweeper.ts):
 * `funding` while the hot wallet's gas transfer to the address is on its way (none when the address
 * holds enough), `sweeping` while the address's token transfer is, then `completed` or `failed`.
 * Each transfer is signed and stored (nonce, raw_tx, tx_hash) before its broadcast; at most one
 * sweep per address is under way. Gas is native coin, outside the USDT ledger: what a sweep cost is
 * kept here (gas_cost_wei: the gas transfer's own fee plus the token transfer's).
 */
export const sweeps = pgTable(
  'sweeps',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    network: text('network').$type<NetworkName>().notNull(),
    /** The deposit address swept (lower-case) and its derivation index. */
    address: text('address').notNull(),
    derivationIndex: bigint('derivation_index', { mode: 'number' }).notNull(),
    /** The hot wallet it goes to (lower-case). */
    hotWallet: text('hot_wallet').notNull(),
    /** In token units: the address's whole balance when it was recorded. */
    amount: money('amount').notNull(),
    /** The newest deposit to the address when it was recorded: later ones make it a candidate again. */
    lastDepositId: bigint('last_deposit_id', { mode: 'number' }).notNull(),
    status: text('status').$type<SweepStatus>().notNull(),
    /** The fees both transfers are signed with (wei per gas; legacy chains: max = gas price, tip null). */
    maxFeePerGas: numeric('max_fee_per_gas', { precision: 78, scale: 0 }).notNull(),
    maxPriorityFeePerGas: numeric('max_priority_fee_per_gas', { precision: 78, scale: 0 }),
    /** The hot wallet's gas transfer: wei sent, its nonce and signed transaction. */
    gasValue: numeric('gas_value', { precision: 78, scale: 0 }),
    gasNonce: integer('gas_nonce'),
    gasRawTx: text('gas_raw_tx'),
    gasTxHash: text('gas_tx_hash'),
    /** The address's token transfer. */
    nonce: integer('nonce'),
    rawTx: text('raw_tx'),
    txHash: text('tx_hash'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    gasCostWei: numeric('gas_cost_wei', { precision: 78, scale: 0 }),
    failureReason: text('failure_reason'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    uniqueIndex('sweeps_under_way_key')
      .on(t.network, t.address)
      .where(sql`${t.status} in ('funding', 'sweeping')`),
    unique('sweeps_gas_nonce_key').on(t.network, t.hotWallet, t.gasNonce),
    unique('sweeps_nonce_key').on(t.network, t.address, t.nonce),
    index('sweeps_status_idx').on(t.network, t.status),
    check('sweeps_status_check', sql`${t.status} in ('funding', 'sweeping', 'completed', 'failed')`),
    check('sweeps_amount_check', sql`${t.amount} > 0`),
  ],
);
