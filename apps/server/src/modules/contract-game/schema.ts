// The contract game's tables: its pairs' terms and positions (DESIGN §7).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { CloseReason } from '@tradeflip/api';
import { userIdColumn } from '../account/schema';
import { tokenColumn } from '../token/schema';
import { marketPairs, marketTicks } from '../market/schema';
import { timestamptz, money } from '../../db/columns';

/** Terms a position copies from its pair at open, in columns of the same names in both tables. */
const copiedTerms = () => ({
  closeFeeRate: money('close_fee_rate').notNull(),
  fundingRate: money('funding_rate').notNull(),
  fundingIntervalSeconds: integer('funding_interval_seconds').notNull(),
  /** Maintenance rate: liquidated when equity ≤ notional × mmr. */
  mmr: money('mmr').notNull(),
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
    marginToken: tokenColumn('margin_token'),
    maxLeverage: integer('max_leverage').notNull(),
    openFeeRate: money('open_fee_rate').notNull(),
    ...copiedTerms(),
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
    userId: userIdColumn(),
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
    ...copiedTerms(),
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
    /**
     * Its place in the game events' numbering, taken at open: its bet and its close's profit or loss
     * are rewarded at the invite rates in force when it was opened.
     */
    playSeq: bigint('play_seq', { mode: 'number' }),
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
