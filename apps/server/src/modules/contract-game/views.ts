// The contract game as players read it: a position as the app shows it (open ones at the market's
// last price), their lists, detail and open summary, a pair's terms, and a notice's message.
import type { GamePair, Position, PositionDetail, WsChannelEvent } from '@tradeflip/api';
import {
  Decimal,
  breakEvenPrice,
  liquidationPrice,
  profitCapPrice,
  returnRate,
  settle,
  unrealisedPnl,
} from '@tradeflip/money';
import { AppError } from '../../errors';
import type { GameServiceDeps } from './deps';
import { positionLines } from './movements';
import { parseNotice } from './notice';
import * as repo from './repository';
import { pageOf, pageRows } from '../../db/page';

/** The user's open positions at the last prices: per token (Total assets) and one by one (Home). */
export interface OpenSummary {
  open: number;
  byToken: Map<string, { pnl: Decimal; change: Decimal }>;
  /** Each priced one, its PnL net of every fee and the funding (`pnl` of byToken, one by one). */
  list: {
    id: string;
    symbol: string;
    pair: string;
    side: 'long' | 'short';
    leverage: number;
    token: string;
    pnl: string;
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
    return pageOf(
      query,
      rows.map((row) => this.view(row)),
      total,
    );
  }

  /**
   * The user's open positions (every pair), and per margin token what closing them all at the last
   * prices would do, as the game's "net if closed now" has it (position-figures.ts on the web): `change`,
   * what the balance would move by (the PnL as settled, capped, less the close fee: the margin is in
   * the balance already, the open fee and the funding have left it), and `pnl`, their net PnL (that
   * change less the open fee and the funding paid), what History will show once they are closed.
   */
  async openSummary(userId: number): Promise<OpenSummary> {
    const rows = await repo.openPositionsOf(this.deps.db, userId);
    const byToken = new Map<string, { pnl: Decimal; change: Decimal }>();
    const list: OpenSummary['list'] = [];
    const dps = new Map<string, number>();
    for (const row of rows) {
      const last = this.deps.market.markPrice(row.symbol);
      if (!last) continue;
      let dp = dps.get(row.marginToken);
      if (dp === undefined) {
        dp = (await this.deps.tokens.require(row.marginToken, { allowDisabled: true })).amountDp;
        dps.set(row.marginToken, dp);
      }
      const result = settle(
        {
          ...repo.positionTerms(row),
          closeFeeRate: row.closeFeeRate,
          capMultiple: row.profitCapMultiple,
          dp,
          reason: 'manual',
        },
        last.price,
      );
      const change = result.pnl.sub(result.closeFee);
      const pnl = change.sub(row.openFee).sub(row.fundingPaid);
      const sum = byToken.get(row.marginToken) ?? { pnl: new Decimal(0), change: new Decimal(0) };
      byToken.set(row.marginToken, { pnl: sum.pnl.add(pnl), change: sum.change.add(change) });
      list.push({
        id: String(row.id),
        symbol: row.symbol,
        pair: this.deps.market.pairLabelOf(row.symbol),
        side: row.side,
        leverage: row.leverage,
        token: row.marginToken,
        pnl: pnl.toFixed(),
      });
    }
    // The newest first, as the game lists them.
    list.sort((a, b) => Number(b.id) - Number(a.id));
    return { open: rows.length, byToken, list };
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
      ...this.view(row),
      entries,
      movements: entries.flatMap((entry, i) => {
        const line = lines[i];
        return line ? [{ id: entry.id, ...line, createdAt: entry.createdAt }] : [];
      }),
    };
  }

  /** A position as the app shows it: open ones at the market's last price. */
  view(row: repo.PositionRow): Position {
    const open = row.status === 'open';
    const terms = repo.positionTerms(row);
    const last = open ? this.deps.market.markPrice(row.symbol) : undefined;
    const realized = open ? null : realizedPnlOf(row);
    const pnl = open
      ? last
        ? unrealisedPnl(row.side, row.notional, row.entryPrice, last.price)
        : null
      : row.pnl === null
        ? null
        : new Decimal(row.pnl);
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
      realizedPnl: realized === null ? null : realized.toFixed(),
      returnRate: open
        ? pnl === null
          ? null
          : returnRate(pnl, row.margin).toFixed()
        : realized === null
          ? null
          : returnRate(realized, row.margin).toFixed(),
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

export function toPair(row: repo.PairRow): GamePair {
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

/**
 * What a closed position moved the balance by: the PnL as paid (a vault short of the profit pays
 * less, `profitUnpaid`) less the open fee, the close fee charged (0 when refunded) and the funding.
 */
function realizedPnlOf(row: repo.PositionRow): Decimal | null {
  if (row.pnl === null) return null;
  return new Decimal(row.pnl)
    .sub(row.profitUnpaid ?? 0)
    .sub(row.openFee)
    .sub(row.closeFee ?? 0)
    .sub(row.fundingPaid);
}
