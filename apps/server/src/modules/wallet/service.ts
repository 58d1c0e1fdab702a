// What a user sees of their money: balances valued in USDT, the overview, and their ledger entries.
import type { ActivityCategory, AssetOverview, Balance, BusinessType, FlowEntry } from '@tradeflip/api';
import { DEFAULT_AMOUNT_DP, Decimal, plainDecimal } from '@tradeflip/money';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { TokenRegistry } from '../token/registry';
import { userActivity } from './activity';
import type { PriceQuote, PriceSource } from './prices';
import type { EntryRow, LedgerService } from '../ledger/service';
import { pageOf, pageRows } from '../../db/page';

/** USDT values keep the database's 18 decimals (truncated, like every amount). */
const VALUE_DP = 18;
/** How many open positions and flips the overview lists one by one (Home). */
const OPEN_PLAYS_LISTED = 5;

export function toFlowEntry(row: EntryRow): FlowEntry {
  return {
    id: String(row.id),
    token: row.token,
    type: row.type as BusinessType,
    availableDelta: plainDecimal(row.availableDelta),
    frozenDelta: plainDecimal(row.frozenDelta),
    availableAfter: plainDecimal(row.availableAfter),
    frozenAfter: plainDecimal(row.frozenAfter),
    refType: row.refType,
    refId: row.refId,
    memo: row.memo,
    createdAt: row.createdAt.toISOString(),
  };
}

export class WalletService {
  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      tokens: TokenRegistry;
      prices: PriceSource;
      /** Balances and entries are the ledger's to read. */
      ledger: LedgerService;
      /**
       * The user's open contract positions and, per margin token, their unrealized PnL and what
       * closing them now would add (the game's PositionViews.openSummary).
       */
      openPositions?: (userId: number) => Promise<{
        open: number;
        byToken: Map<string, { pnl: Decimal; closeNow: Decimal }>;
        list: AssetOverview['positions'];
      }>;
      /** The user's open flips: how many, and the first `limit` to end. */
      openFlips?: (userId: number, limit: number) => Promise<{ open: number; list: AssetOverview['flips'] }>;
    },
  ) {}

  /** USDT is worth 1 by definition; other tokens ask the price source. */
  private async quote(symbol: string): Promise<PriceQuote | undefined> {
    if (symbol === 'USDT') return { price: '1', at: this.deps.clock.now() };
    return this.deps.prices.getPrice(symbol);
  }

  /** Every enabled token (zero balances included, so the app lists them) plus any other one held. */
  async balances(userId: number): Promise<{ list: Balance[]; pricedAt: Date }> {
    const [tokens, held] = await Promise.all([this.deps.tokens.all(), this.deps.ledger.balancesOf(userId)]);
    const heldBy = new Map(held.map((row) => [row.token, row]));
    const shown = tokens.filter((token) => {
      if (token.enabled) return true;
      const row = heldBy.get(token.symbol);
      return row !== undefined && !(new Decimal(row.available).isZero() && new Decimal(row.frozen).isZero());
    });
    const quotes = await Promise.all(shown.map((token) => this.quote(token.symbol)));
    let pricedAt: Date | undefined;
    const list = shown.map((token, i): Balance => {
      const row = heldBy.get(token.symbol);
      const available = new Decimal(row?.available ?? 0);
      const frozen = new Decimal(row?.frozen ?? 0);
      const total = available.add(frozen);
      const quote = quotes[i];
      if (quote && (!pricedAt || quote.at < pricedAt)) pricedAt = quote.at;
      const price = new Decimal(quote?.price ?? 0);
      return {
        token: token.symbol,
        available: available.toFixed(),
        frozen: frozen.toFixed(),
        total: total.toFixed(),
        price: price.toFixed(),
        usdtValue: total.mul(price).toDecimalPlaces(VALUE_DP, Decimal.ROUND_DOWN).toFixed(),
        amountDp: token.amountDp,
        priceDp: token.priceDp,
      };
    });
    return { list, pricedAt: pricedAt ?? this.deps.clock.now() };
  }

  async overview(userId: number): Promise<AssetOverview> {
    const [{ list, pricedAt }, positions, openFlips] = await Promise.all([
      this.balances(userId),
      this.deps.openPositions?.(userId),
      this.deps.openFlips?.(userId, OPEN_PLAYS_LISTED),
    ]);
    let available = new Decimal(0);
    let frozen = new Decimal(0);
    let pnl = new Decimal(0);
    let closeNow = new Decimal(0);
    for (const balance of list) {
      available = available.add(new Decimal(balance.available).mul(balance.price));
      frozen = frozen.add(new Decimal(balance.frozen).mul(balance.price));
      const open = positions?.byToken.get(balance.token);
      if (open) {
        pnl = pnl.add(open.pnl.mul(balance.price));
        closeNow = closeNow.add(open.closeNow.mul(balance.price));
      }
    }
    // A loss truncates away from zero, as a value never shows more than is there.
    const value = (amount: Decimal) => amount.toDecimalPlaces(VALUE_DP, Decimal.ROUND_FLOOR).toFixed();
    // The PnL figures in USDT at its decimals, toward zero, as each position's (position-pnl.ts).
    const usdtDp = list.find((balance) => balance.token === 'USDT')?.amountDp ?? DEFAULT_AMOUNT_DP;
    const pnlValue = (amount: Decimal) => amount.toDecimalPlaces(usdtDp, Decimal.ROUND_DOWN).toFixed();
    return {
      // What the user would hold with every position closed now: its close fee counted, as it would be.
      totalUsdt: value(available.add(frozen).add(closeNow)),
      availableUsdt: value(available),
      frozenUsdt: value(frozen),
      openPositions: positions?.open ?? 0,
      unrealizedPnlUsdt: pnlValue(pnl),
      closeNowUsdt: pnlValue(closeNow),
      openFlips: openFlips?.open ?? 0,
      // Home lists them: the newest positions and the flips soonest to end, a few of each.
      positions: positions?.list.slice(0, OPEN_PLAYS_LISTED) ?? [],
      flips: openFlips?.list ?? [],
      pricedAt: pricedAt.toISOString(),
    };
  }

  async flows(
    userId: number,
    query: { page: number; pageSize: number; token?: string; type?: BusinessType },
  ): Promise<{ list: FlowEntry[]; total: number; page: number; pageSize: number }> {
    const { rows, total } = await this.deps.ledger.entriesOf({
      userId,
      token: query.token,
      type: query.type,
      ...pageRows(query),
    });
    return pageOf(query, rows.map(toFlowEntry), total);
  }

  /** The token's history as operations in the user's words (activity.ts). */
  activity(
    userId: number,
    query: { token: string; category?: ActivityCategory | undefined; page: number; pageSize: number },
  ) {
    return userActivity(this.deps.ledger, userId, {
      token: query.token.toUpperCase(),
      page: query.page,
      pageSize: query.pageSize,
      ...(query.category && { category: query.category }),
    });
  }

  /** One of the user's own entries; anyone else's (or no such id) is 404. */
  async flow(userId: number, id: string): Promise<FlowEntry> {
    const numeric = /^\d{1,15}$/.test(id) ? Number(id) : undefined;
    const row = numeric === undefined ? undefined : await this.deps.ledger.entryOf(userId, numeric);
    if (!row) throw new AppError(404, 'not_found', 'errors.notFound');
    return toFlowEntry(row);
  }
}
