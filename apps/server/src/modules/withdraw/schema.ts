// The withdraw module's tables: withdrawals and the address book (the hot wallets' nonces are
// chain/nonces.ts's, shared with the sweeper).
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import type { WithdrawalRecordStatus } from '@tradeflip/api';
import type { NetworkName } from '../../chain/network';
import { userIdColumn } from '../account/schema';
import { tokenColumn } from '../token/schema';
import { timestamptz, money } from '../../db/columns';

/** A withdrawal's statuses: the wire's, less 'pending' and 'confirming', which this server never stores. */
export type WithdrawalStatus = Exclude<WithdrawalRecordStatus, 'pending' | 'confirming'>;

// A record keyed by the type, so a status added to it must be added here (the metrics list each).
const storedStatuses: Record<WithdrawalStatus, true> = {
  reviewing: true,
  approved: true,
  processing: true,
  completed: true,
  rejected: true,
  failed: true,
  cancelled: true,
};
/** Every status a withdrawal is stored with. */
export const WITHDRAWAL_STATUSES = Object.keys(storedStatuses) as WithdrawalStatus[];

/**
 * A withdrawal: amount + fee frozen at submission (`reviewing`), then approved or rejected by an
 * operator; approved ones are signed with a nonce from hot_wallet_nonces (chain/nonces.ts) and recorded (`raw_tx`,
 * `tx_hash`) before broadcast (`processing`, shown as on-chain processing), then `completed` or
 * `failed` (funds returned).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull().unique(),
    userId: userIdColumn(),
    token: tokenColumn(),
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
 * address (lower-case). One entry per (user, network, address). Owned by the withdraw module (address-book.ts).
 */
export const withdrawAddresses = pgTable(
  'withdraw_addresses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userIdColumn(),
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
