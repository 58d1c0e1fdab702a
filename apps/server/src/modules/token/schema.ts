// The token module's tables: tokens and where each lives on chain.
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { NetworkName } from '../../chain/network';
import { timestamptz, money } from '../../db/columns';

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

/** A column naming a token by its symbol: the token a balance, a deposit or a pair is in. */
export const tokenColumn = (name = 'token') =>
  text(name)
    .notNull()
    .references(() => tokens.symbol);

/** Where a token lives on chain, and the deposit and withdrawal rules there. */
export const tokenNetworks = pgTable(
  'token_networks',
  {
    token: tokenColumn(),
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
