// Closing positions and charging funding. Every close — by the user, an operator, liquidation,
// take-profit or stop-loss — goes through `settleLocked`, with the position locked first: whichever
// comes first closes it, the others find it closed. Money moves only through the ledger; the
// formulas are packages/money's contract-game.ts.
import type { CloseReason, Position } from '@tradeflip/api';
import { Decimal, fundingCharge, settle as settleTerms, tradeOf } from '@tradeflip/money';
import { crashIf } from '../../crash';
import type { Queryable, Transaction } from '../../db/client';
import { POSITIONS_CHANNEL } from '../../db/notifications';
import { AppError } from '../../errors';
import type { IdempotencyRecord } from '../../plugins/idempotency';
import { moves } from '../ledger/service';
import { storeNotices } from '../notifications/service';
import type { GameEvent } from '../game-events/service';
import type { GameServiceDeps } from './deps';
import { notifyPosition } from './notice';
import * as repo from './repository';
import type { PositionViews } from './views';

export class Settlement {
  constructor(
    private readonly deps: GameServiceDeps,
    private readonly views: PositionViews,
  ) {}

  private now(): Date {
    return this.deps.clock.now();
  }

  /**
   * POST /api/app/game/close, after the app's confirm: at the worse for the player of the mark and
   * the newest trade (a long sells, a short buys; kept), so a close timed on the exchange's newest
   * trades gains nothing; refused, changing nothing, while they lie beyond the execution band.
   */
  async close(userId: number, id: number, record?: IdempotencyRecord): Promise<Position> {
    return this.deps.db.transaction(async (tx) => {
      const row = await repo.lockPosition(tx, id);
      if (!row || row.userId !== userId) throw new AppError(404, 'not_found', 'game.positionNotFound');
      if (row.status !== 'open') throw new AppError(409, 'conflict', 'game.positionClosed');
      const tick = await this.deps.market.playerTick(row.symbol, tradeOf(row.side, 'close'), tx);
      const [closed] = await this.settleLocked(tx, [{ row, reason: 'manual' }], tick);
      const answer = await this.views.view(closed!, tx);
      await record?.commit(tx, answer);
      return answer;
    });
  }

  /**
   * Closes a position at a tick the engine saw cross its trigger (or an operator's mark price). The
   * tick is kept first. Answers false when the position was closed meanwhile (exactly once).
   */
  async settle(
    id: number,
    tick: { symbol: string; price: string; time: number },
    reason: CloseReason,
  ): Promise<boolean> {
    return (await this.settleMany(tick, [{ id, reason }])) === 1;
  }

  /**
   * Closes positions one tick crossed, at that tick, in one transaction of a fixed number of
   * statements whatever their number (the engine's batches: a crash of the price closes thousands at
   * once). In order, as if one after the other: what the vault can pay each is what the ones before
   * left it. Positions closed meanwhile are skipped; answers how many it closed.
   */
  async settleMany(
    tick: { symbol: string; price: string; time: number },
    crossed: { id: number; reason: CloseReason }[],
  ): Promise<number> {
    // The tick is kept first, once however many positions it closes.
    const tickId = await this.deps.market.keepTick(tick);
    const reasons = new Map(crossed.map((c) => [c.id, c.reason]));
    const settled = await this.deps.db.transaction(async (tx) => {
      const rows = (await repo.lockPositions(tx, [...reasons.keys()])).filter((row) => row.status === 'open');
      const closed = await this.settleLocked(
        tx,
        rows.map((row) => ({ row, reason: reasons.get(row.id)! })),
        { tickId, price: tick.price, time: tick.time },
      );
      crashIf('settling', this.deps.crashAt);
      return closed;
    });
    crashIf('settled', this.deps.crashAt);
    return settled.length;
  }

  /**
   * Settles open positions the transaction locked, at `tick`: the ledger's parts of every one in one
   * statement, their rows closed and announced in another.
   */
  async settleLocked(
    tx: Transaction,
    items: { row: repo.PositionRow; reason: CloseReason }[],
    tick: { tickId: number; price: string; time: number },
  ): Promise<repo.PositionRow[]> {
    if (items.length === 0) return [];
    // No locks here: the ledger locks the users' and vaults' accounts in one sorted order and pays
    // each profit from what its vault holds at its turn (what the ones before left it).
    const tokens = [...new Set(items.map(({ row }) => row.marginToken))].sort();
    const dps = new Map<string, number>();
    for (const token of tokens) dps.set(token, await this.amountDp(token, tx));

    const requests = [];
    const settled = [];
    for (const { row, reason } of items) {
      const token = row.marginToken;
      const result = settleTerms(
        {
          ...repo.positionTerms(row),
          closeFeeRate: row.closeFeeRate,
          capMultiple: row.profitCapMultiple,
          dp: dps.get(token)!,
          reason,
        },
        tick.price,
      );
      const base = {
        userId: row.userId,
        token,
        ref: { type: 'game_position', id: row.id },
        memo: row.orderNo,
      };
      const key = (part: string) => `position:${row.id}:close:${part}`;
      // Each part moves once (its cause key), in this order: the loss and the fee out of the frozen
      // margin, the rest back to available, then what the vault pays: the profit, at most what it
      // holds besides this close's fee, and if that falls short, the fee back.
      const parts = [
        [result.lossConsumed, 'loss_consumed', 'loss', moves.consumeFrozen],
        [result.feeFromFrozen, 'close_fee_from_frozen', 'fee', moves.consumeFrozen],
        [result.unfrozen, 'margin_unfreeze', 'unfreeze', moves.unfreeze],
      ] as const;
      for (const [amount, type, part, move] of parts) {
        if (amount.gt(0)) requests.push(move({ ...base, amount, type, causeKey: key(part) }));
      }
      const payout = result.profitPaid.gt(0) ? requests.length : undefined;
      if (payout !== undefined) {
        const leaving = result.feeFromFrozen;
        requests.push(
          moves.payFromVault({
            ...base,
            amount: result.profitPaid,
            type: 'profit_payout',
            causeKey: key('profit'),
            atMost: { leaving },
          }),
        );
        if (leaving.gt(0)) {
          requests.push(
            moves.payFromVault({
              ...base,
              amount: leaving,
              type: 'fee_refund_vault_short',
              causeKey: key('fee-refund'),
              ifShort: key('profit'),
            }),
          );
        }
      }
      settled.push({ row, reason, result, payout });
    }
    // What they could have won is no longer owed.
    const released = new Map<string, Decimal>();
    for (const { row } of items) {
      const cap = new Decimal(row.margin).mul(row.profitCapMultiple);
      released.set(row.marginToken, (released.get(row.marginToken) ?? new Decimal(0)).add(cap));
    }
    const moved = await this.deps.ledger.moveAll(requests, tx, { release: released });

    const now = this.now();
    const closes = settled.map(({ row, reason, result, payout }): repo.ClosedPosition => {
      const paid =
        payout === undefined
          ? new Decimal(0)
          : new Decimal(moved[payout]?.postings.find((p) => p.kind === 'user')?.availableDelta ?? 0);
      const short = paid.lt(result.profitPaid);
      return {
        id: row.id,
        userId: row.userId,
        closeReason: reason,
        closePrice: tick.price,
        closeTickId: tick.tickId,
        pnl: result.pnl.toFixed(),
        // The vault short: it paid what it had and the close fee came back.
        closeFee: (short ? new Decimal(0) : result.closeFee).toFixed(),
        profitUnpaid: result.pnl.gt(paid) && result.pnl.gt(0) ? result.pnl.sub(paid).toFixed() : '0',
        closedAt: now,
      };
    });
    await repo.closePositions(tx, closes, POSITIONS_CHANNEL);
    // The player hears of every close but their own (the notification centre), with the close itself.
    await storeNotices(
      tx,
      settled.flatMap(({ row, reason }, i) =>
        reason === 'manual'
          ? []
          : [
              {
                userId: row.userId,
                kind: reason === 'operator' ? ('operator_close' as const) : reason,
                params: {
                  positionId: String(row.id),
                  symbol: row.symbol,
                  side: row.side,
                  closePrice: new Decimal(tick.price).toFixed(),
                  pnl: closes[i]!.pnl,
                  token: row.marginToken,
                },
              },
            ],
      ),
      now,
    );
    // Each close's profit as paid, or its loss as taken from the margin (invite rewards), whose rewards
    // never exceed the close fee it paid: with the bet's capped at the open fee, no position pays more
    // in rewards than it paid in fees (a long and a short hedged against each other earn nothing).
    const events = settled.flatMap(({ row, result }, i): GameEvent[] => {
      const event = {
        userId: row.userId,
        game: 'contract',
        token: row.marginToken,
        ref: { type: 'game_position', id: row.id },
        rewardCap: new Decimal(closes[i]!.closeFee),
        // A position opened before an operator's change and closed after it: the rates of its open.
        playSeq: row.playSeq,
      } as const;
      const paid = new Decimal(closes[i]!.pnl).sub(closes[i]!.profitUnpaid);
      if (new Decimal(closes[i]!.pnl).gt(0)) return [{ ...event, kind: 'profit' as const, amount: paid }];
      return result.lossConsumed.gt(0)
        ? [{ ...event, kind: 'loss' as const, amount: result.lossConsumed }]
        : [];
    });
    await this.deps.events.record(tx, events, await this.deps.events.prices(tokens));
    return settled.map(({ row }, i) => ({ ...row, ...closes[i]!, status: 'closed' as const }));
  }

  /** The margin token's decimals (the registry caches them; read through the transaction). */
  private async amountDp(token: string, tx: Queryable): Promise<number> {
    return (await this.deps.tokens.require(token, { allowDisabled: true, via: tx })).amountDp;
  }

  /**
   * Funding of one position whose time has come: N·rate from its margin to the vault (never more than
   * the margin left), and the next time set. Answers the position as it is now, if it charged.
   */
  async chargeFunding(id: number): Promise<repo.PositionRow | undefined> {
    return this.deps.db.transaction(async (tx) => {
      const row = await repo.lockPosition(tx, id);
      const now = this.now();
      if (!row || row.status !== 'open' || row.nextFundingAt > now) return undefined;
      const dp = await this.amountDp(row.marginToken, tx);
      const remaining = new Decimal(row.margin).sub(row.fundingPaid);
      // The charge the order form previews (packages/money), never more than the margin left.
      const due = Decimal.min(fundingCharge(row.notional, row.fundingRate, dp), remaining);
      if (due.gt(0)) {
        await this.deps.ledger.consumeFrozen(
          {
            userId: row.userId,
            token: row.marginToken,
            amount: due,
            type: 'funding_fee',
            ref: { type: 'game_position', id: row.id },
            memo: row.orderNo,
            causeKey: `position:${row.id}:funding:${row.nextFundingAt.toISOString()}`,
          },
          tx,
        );
      }
      const charged = await repo.updatePosition(tx, row.id, {
        fundingPaid: new Decimal(row.fundingPaid).add(due).toFixed(),
        nextFundingAt: new Date(row.nextFundingAt.getTime() + row.fundingIntervalSeconds * 1000),
      });
      await notifyPosition(tx, charged);
      return charged;
    });
  }
}
