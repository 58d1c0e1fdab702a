// The deposit module's tables: deposit addresses, the chain watcher's cursors and deposits.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
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
