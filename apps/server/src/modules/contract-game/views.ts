// The contract game as players read it: a position as the app shows it (open ones at the market's
// last price), their lists, detail and open summary, a pair's terms, and a notice's message.
import type { GamePair, Position, PositionDetail, WsChannelEvent } from '@tradeflip/api';
import {
  Decimal,
  breakEvenPrice,
  liquidationPrice,
  nextFundingTime,
  openPnl,
  profitCapPrice,
  realizedPnl,
  returnOnMargin,
} from '@tradeflip/money';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import type { GameServiceDeps } from './deps';
import { positionLines } from './movements';
import { parseNotice } from './notice';
import * as repo from './repository';
import { pageOf, pageRows } from '../../db/page';

/** The user's open positions at the last prices: per token (Total assets) and one by one (Home). */
export interface OpenSummary {
  open: number;
  /** Per margin token: the unrealized PnL and what closing now would add (packages/money position-pnl.ts). */
  byToken: Map<string, { pnl: Decimal; closeNow: Decimal }>;
  /** Each priced one, its unrealized PnL and what closing it now would add, at its token's decimals. */
  list: {
    id: string;
    symbol: string;
    pair: string;
    side: 'long' | 'short';
    leverage: number;
    token: string;
    pnl: string;
    closeNow: string;
  }[];
}

export class PositionViews {
  constructor(private readonly deps: Pick<GameServiceDeps, 'db' | 'ledger' | 'market' | 'tokens'>) {}

  async list(
    userId: number,
    query: { status: 'open' | 'closed'; symbol?: string | undefined; page: number; pageSize: number },
  ) {
    const { rows, total } = await repo.userPositions(this.deps.db, {
      userId,
      status: query.status,
      symbol: query.symbol?.toUpperCase(),
      ...pageRows(query),
    });
    return pageOf(query, await Promise.all(rows.map((row) => this.view(row))), total);
  }

  /**
   * The user's open positions (every pair), and per margin token their unrealized PnL and what
   * closing them all at the last prices would add to the balance (the figures of position-pnl.ts,
   * the same the cards show).
   */
  async openSummary(userId: number): Promise<OpenSummary> {
    const rows = await repo.openPositionsOf(this.deps.db, userId);
    const byToken = new Map<string, { pnl: Decimal; closeNow: Decimal }>();
    const list: OpenSummary['list'] = [];
    for (const row of rows) {
      const last = this.deps.market.markPrice(row.symbol);
      if (!last) continue;
      const figures = openPnl(openTerms(row), last.price, await this.amountDpOf(row.marginToken));
      const sum = byToken.get(row.marginToken) ?? { pnl: new Decimal(0), closeNow: new Decimal(0) };
      byToken.set(row.marginToken, {
        pnl: sum.pnl.add(figures.unrealizedPnl),
        closeNow: sum.closeNow.add(figures.closeNow),
      });
      list.push({
        id: String(row.id),
        symbol: row.symbol,
        pair: this.deps.market.pairLabelOf(row.symbol),
        side: row.side,
        leverage: row.leverage,
        token: row.marginToken,
        pnl: figures.unrealizedPnl.toFixed(),
        closeNow: figures.closeNow.toFixed(),
      });
    }
    // The newest first, as the game lists them.
    list.sort((a, b) => Number(b.id) - Number(a.id));
    return { open: rows.length, byToken, list };
  }

  /** A margin token's amount decimals (the registry caches them); inside a transaction pass it. */
  private async amountDpOf(token: string, via?: Queryable): Promise<number> {
    return (await this.deps.tokens.require(token, { allowDisabled: true, via })).amountDp;
  }

  /** One position and every movement of its money, oldest first, as the user's history has them. */
  async detail(userId: number, id: number): Promise<PositionDetail> {
    const row = await repo.position(this.deps.db, id);
    if (!row || row.userId !== userId) throw new AppError(404, 'not_found', 'game.positionNotFound');
    const { rows } = await this.deps.ledger.entriesOf({
      userId,
      ref: { type: 'game_position', id: String(row.id) },
      offset: 0,
      limit: 1000,
    });
    const entries = rows.reverse().map((entry) => ({
      id: String(entry.id),
      type: entry.type,
      availableDelta: new Decimal(entry.availableDelta).toFixed(),
      frozenDelta: new Decimal(entry.frozenDelta).toFixed(),
      createdAt: entry.createdAt.toISOString(),
    }));
    const lines = positionLines(entries);
    return {
      ...(await this.view(row)),
      entries,
      movements: entries.flatMap((entry, i) => {
        const line = lines[i];
        return line ? [{ id: entry.id, ...line, createdAt: entry.createdAt }] : [];
      }),
    };
  }

  /**
   * A position as the app shows it: open ones at the market's last price, with their unrealized PnL
   * and what closing now would add; closed ones with their realized PnL. Inside a transaction pass it.
   */
  async view(row: repo.PositionRow, via?: Queryable): Promise<Position> {
    const open = row.status === 'open';
    const terms = repo.positionTerms(row);
    const last = open ? this.deps.market.markPrice(row.symbol) : undefined;
    const figures = last
      ? openPnl(openTerms(row), last.price, await this.amountDpOf(row.marginToken, via))
      : null;
    const realized = open || row.pnl === null ? null : realizedPnl({ ...row, pnl: row.pnl });
    const pnl = open ? (figures?.unrealizedPnl ?? null) : row.pnl === null ? null : new Decimal(row.pnl);
    return {
      id: String(row.id),
      orderNo: row.orderNo,
      symbol: row.symbol,
      side: row.side,
      marginToken: row.marginToken,
      margin: new Decimal(row.margin).toFixed(),
      leverage: row.leverage,
      notional: new Decimal(row.notional).toFixed(),
      entryPrice: new Decimal(row.entryPrice).toFixed(),
      openFee: new Decimal(row.openFee).toFixed(),
      fundingPaid: new Decimal(row.fundingPaid).toFixed(),
      nextFundingAt: open ? row.nextFundingAt.toISOString() : null,
      liquidationPrice: liquidationPrice(terms).toFixed(),
      // At the pair's decimals, half-up as every price is shown (it came with some 55 decimals: the
      // red team's find).
      breakEvenPrice: breakEvenPrice(
        row.side,
        row.entryPrice,
        row.notional,
        row.openFee,
        row.fundingPaid,
        row.closeFeeRate,
      )
        .toDecimalPlaces(this.deps.market.priceDpOf(row.symbol), Decimal.ROUND_HALF_UP)
        .toFixed(),
      takeProfit: row.takeProfit === null ? null : new Decimal(row.takeProfit).toFixed(),
      stopLoss: row.stopLoss === null ? null : new Decimal(row.stopLoss).toFixed(),
      status: row.status,
      currentPrice: open
        ? (last?.price ?? null)
        : row.closePrice === null
          ? null
          : new Decimal(row.closePrice).toFixed(),
      pnl: pnl === null ? null : pnl.toFixed(),
      closeNow: figures ? figures.closeNow.toFixed() : null,
      realizedPnl: realized === null ? null : realized.toFixed(),
      // The headline's return: the unrealized PnL's while open, the realized PnL's once closed.
      returnRate: open
        ? figures
          ? figures.returnRate.toFixed()
          : null
        : realized === null
          ? null
          : returnOnMargin(realized, row.margin).toFixed(),
      closePrice: row.closePrice === null ? null : new Decimal(row.closePrice).toFixed(),
      closeFee: row.closeFee === null ? null : new Decimal(row.closeFee).toFixed(),
      closeReason: row.closeReason,
      profitUnpaid: row.profitUnpaid === null ? null : new Decimal(row.profitUnpaid).toFixed(),
      openedAt: row.openedAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
    };
  }
}

/** The price at which the profit cap closes a position (as take-profit), or null. */
export function capPrice(row: repo.PositionRow): Decimal | null {
  return profitCapPrice(row.side, row.entryPrice, row.leverage, row.profitCapMultiple);
}

/** What the user channel says of a position the database notified about (its payload says all). */
export function positionNotice(payload: string): { userId: number; message: WsChannelEvent } | undefined {
  const notice = parseNotice(payload);
  if (!notice) return undefined;
  const { id, userId, status, closeReason } = notice;
  return { userId, message: { type: 'position', id: String(id), status, closeReason } };
}

export function toPair(row: repo.PairRow, now: Date): GamePair {
  const plain = (value: string) => new Decimal(value).toFixed();
  return {
    symbol: row.symbol,
    base: row.base,
    quote: row.quote,
    marginToken: row.marginToken,
    maxLeverage: row.maxLeverage,
    openFeeRate: plain(row.openFeeRate),
    closeFeeRate: plain(row.closeFeeRate),
    fundingRate: plain(row.fundingRate),
    fundingIntervalSeconds: row.fundingIntervalSeconds,
    nextFundingAt: nextFundingTime(now, row.fundingIntervalSeconds).toISOString(),
    mmr: plain(row.mmr),
    minMargin: plain(row.minMargin),
    maxMargin: plain(row.maxMargin),
    profitCapMultiple: plain(row.profitCapMultiple),
    priceDp: row.priceDp,
    amountDp: row.amountDp,
    // Open takes new positions (the game's switch and the market's); off is reduce-only.
    enabled: row.enabled && row.listed,
  };
}

/** An open position's terms as position-pnl.ts reads them. */
function openTerms(row: repo.PositionRow) {
  return {
    ...repo.positionTerms(row),
    closeFeeRate: row.closeFeeRate,
    capMultiple: row.profitCapMultiple,
  };
}
