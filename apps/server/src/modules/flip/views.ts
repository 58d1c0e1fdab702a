// Lightning Flip as players read it: a flip as the app shows it (an open one with the mark now), the
// lists, a flip's detail with its two kept ticks and where the money went.
import type { FlipDetail, FlipPosition } from '@tradeflip/api';
import { Decimal } from '@tradeflip/money';
import { pageOf, pageRows } from '../../db/page';
import { AppError } from '../../errors';
import type { FlipDeps } from './deps';
import { flipLines } from './movements';
import * as repo from './repository';

const plain = (value: string) => new Decimal(value).toFixed();

export class FlipViews {
  constructor(private readonly deps: Pick<FlipDeps, 'db' | 'ledger' | 'market'>) {}

  view(row: repo.FlipRow): FlipPosition {
    const open = row.status === 'open';
    return {
      id: String(row.id),
      orderNo: row.orderNo,
      symbol: row.symbol,
      token: row.token,
      direction: row.direction,
      stake: plain(row.stake),
      durationSeconds: row.durationSeconds,
      payoutRate: plain(row.payoutRate),
      profit: plain(row.profit),
      openPrice: plain(row.openPrice),
      markPrice: open ? (this.deps.market.markPrice(row.symbol)?.price ?? null) : null,
      closePrice: row.closePrice === null ? null : plain(row.closePrice),
      status: row.status,
      result: row.result,
      realizedPnl: row.pnl === null ? null : plain(row.pnl),
      openedAt: row.openedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      settledAt: row.settledAt?.toISOString() ?? null,
    };
  }

  async list(userId: number, query: { status: 'open' | 'closed'; page: number; pageSize: number }) {
    const { rows, total } = await repo.userFlips(this.deps.db, {
      userId,
      status: query.status,
      ...pageRows(query),
    });
    return pageOf(
      query,
      rows.map((row) => this.view(row)),
      total,
    );
  }

  /** A flip, the ticks it opened and settled at (time and price), and each movement of its money. */
  async detail(userId: number, id: number): Promise<FlipDetail> {
    const row = await repo.flip(this.deps.db, id);
    if (!row || row.userId !== userId) throw new AppError(404, 'not_found', 'flip.positionNotFound');
    const [openTick, closeTick, entries] = await Promise.all([
      this.deps.market.keptTick(row.openTickId),
      row.closeTickId === null ? undefined : this.deps.market.keptTick(row.closeTickId),
      this.deps.ledger.entriesOf({
        userId,
        ref: { type: 'flip_position', id: String(row.id) },
        offset: 0,
        limit: 20,
      }),
    ]);
    const oldestFirst = [...entries.rows].reverse();
    const tick = (kept: { price: string; time: number } | undefined) =>
      kept ? { price: plain(kept.price), time: kept.time } : null;
    return {
      ...this.view(row),
      openTick: tick(openTick) ?? { price: plain(row.openPrice), time: row.openedAt.getTime() },
      closeTick: tick(closeTick),
      movements: flipLines(oldestFirst).flatMap((line, i) =>
        line ? [{ ...line, createdAt: oldestFirst[i]!.createdAt.toISOString() }] : [],
      ),
    };
  }

  /** The user's open flips (Home and Total assets show them beside the contract positions). */
  async openCount(userId: number): Promise<number> {
    return repo.openCount(this.deps.db, userId);
  }

  /** How many are open, and the `limit` soonest to end (Home lists them). */
  async openSummary(userId: number, limit: number) {
    const [open, rows] = await Promise.all([
      repo.openCount(this.deps.db, userId),
      repo.openOf(this.deps.db, userId, limit),
    ]);
    return {
      open,
      list: rows.map((row) => ({
        id: String(row.id),
        symbol: row.symbol,
        pair: this.deps.market.pairLabelOf(row.symbol),
        direction: row.direction,
        stake: new Decimal(row.stake).toFixed(),
        token: row.token,
        expiresAt: row.expiresAt.toISOString(),
      })),
    };
  }
}
