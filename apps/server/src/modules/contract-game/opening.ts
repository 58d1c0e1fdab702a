// Opening a position (spec §5's checks in their order, then one transaction: the tick it opened at,
// the position, the margin frozen and the fee to the vault, the vault's promise) and changing its
// take-profit / stop-loss.
import { randomInt } from 'node:crypto';
import type { OpenPositionBody, Position } from '@tradeflip/api';
import type { MessageKey } from '@tradeflip/i18n';
import {
  Decimal,
  fundsProblem,
  isLiquidated,
  nextFundingTime,
  notional as notionalOf,
  targetsOnWrongSide,
  targetsProblem,
  tradeOf,
  validateOpen,
} from '@tradeflip/money';
import type { Transaction } from '../../db/client';
import { POSITIONS_CHANNEL } from '../../db/notifications';
import { AppError } from '../../errors';
import type { IdempotencyRecord } from '../../plugins/idempotency';
import { ExposureRefused, InsufficientBalanceError, moves } from '../ledger/service';
import { vaultAccount } from '../ledger/accounts';
import type { GameServiceDeps } from './deps';
import { fieldError, openRefusal } from './errors';
import { notifyPosition } from './notice';
import type { GamePairs } from './pairs';
import * as repo from './repository';
import { toPair, type PositionViews } from './views';

function newOrderNo(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `C${day}${String(randomInt(0, 100_000)).padStart(5, '0')}${String(randomInt(0, 100_000)).padStart(5, '0')}`;
}

/** A positive decimal with at most `dp` decimals, or undefined. */
function decimalOf(value: string | number | undefined | null, dp?: number): Decimal | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value).trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  const parsed = new Decimal(text);
  if (dp !== undefined && parsed.decimalPlaces() > dp) return undefined;
  return parsed;
}

/** Prices are stored as NUMERIC(38,18): 20 integer digits. */
const PRICE_LIMIT = new Decimal('1e20');

export class Opening {
  constructor(
    private readonly deps: GameServiceDeps,
    private readonly pairTerms: GamePairs,
    private readonly views: PositionViews,
  ) {}

  private now(): Date {
    return this.deps.clock.now();
  }

  /** POST /api/app/game/open. */
  async open(userId: number, body: OpenPositionBody, record?: IdempotencyRecord): Promise<Position> {
    // Spec §5's order: pair, token and margin required; leverage 1..max; amount or precision;
    // insufficient balance; insufficient fee. Then the game's own rules.
    const symbol = body.symbol?.trim().toUpperCase();
    if (!symbol) throw fieldError('symbol', 'game.pairRequired');
    const pair = await this.pairTerms.pair(symbol);
    // A disabled pair (the game's switch or the market's) takes no new position; those open on it
    // keep their price, close, and settle as ever (reduce-only).
    if (!pair || !pair.enabled || !pair.listed) throw fieldError('symbol', 'game.pairUnavailable');
    if (body.token !== undefined && body.token.trim().toUpperCase() !== pair.marginToken) {
      throw fieldError('token', 'game.tokenRequired');
    }
    // The order's own checks, the same function the order panel runs as a person types.
    const check = validateOpen(body, toPair(pair, this.now()));
    if (!check.ok) throw openRefusal(check.problem);
    const { side, margin, leverage, fee, takeProfit, stopLoss } = check.order;
    const token = pair.marginToken;

    // The entry price is the worse for the player of the mark and the newest trade (a long buys, a
    // short sells), kept exactly (and kept once for all opens at it): knowing the newest trades
    // before the mark follows them wins nothing. A stale pair refuses ('price fetch failed'), a
    // market moving beyond the execution band too ('moving fast'), after the balance checks as the
    // spec orders them.
    const prices = await this.deps.events.prices([token]);
    const tick = await this.deps.market.playerTick(symbol, tradeOf(side, 'open')).then(
      (kept) => ({ kept }),
      (error: unknown) => ({ error }),
    );

    // The balance checks are made on the user's balance as it is; the ledger, which locks the
    // accounts when it moves the margin and fee, refuses them if it was spent meanwhile.
    return this.deps.db.transaction(async (tx) => {
      await this.deps.accounts.requireActive(tx, userId);
      const mine = new Decimal(await this.deps.ledger.availableOf(userId, token, tx));
      const funds = fundsProblem(check.order, mine, token);
      if (funds) throw openRefusal(funds);
      if ('error' in tick) throw tick.error;
      const { tickId, price } = tick.kept;
      const entry = new Decimal(price);
      // An entry the newest trade set above the mark (a long's; below, a short's) by more than the
      // position can lose would be liquidated at once at the mark, which has not followed yet: it
      // waits until the mark has ('moving fast'), changing nothing.
      const terms = {
        side,
        entry,
        notional: notionalOf(margin, leverage),
        margin,
        fundingPaid: 0,
        mmr: pair.mmr,
      };
      if (isLiquidated(terms, tick.kept.mark)) {
        throw new AppError(409, 'price_unavailable', 'errors.priceMoving');
      }
      const targets = targetsProblem(check.order, entry);
      if (targets) throw openRefusal(targets);
      const now = this.now();
      const row = await this.insertWithOrderNo(tx, {
        userId,
        symbol,
        marginToken: token,
        side,
        margin: margin.toFixed(),
        leverage,
        notional: notionalOf(margin, leverage).toFixed(),
        entryPrice: entry.toFixed(),
        openTickId: tickId,
        openFee: fee.toFixed(),
        closeFeeRate: pair.closeFeeRate,
        fundingRate: pair.fundingRate,
        fundingIntervalSeconds: pair.fundingIntervalSeconds,
        mmr: pair.mmr,
        profitCapMultiple: pair.profitCapMultiple,
        fundingPaid: '0',
        // The pair's next charge, as the order form and the game's header count down to.
        nextFundingAt: nextFundingTime(now, pair.fundingIntervalSeconds),
        takeProfit: takeProfit?.toFixed() ?? null,
        stopLoss: stopLoss?.toFixed() ?? null,
        openedAt: now,
      });
      const base = { userId, token, ref: { type: 'game_position', id: row.id }, memo: row.orderNo };
      // The margin and the fee, two movements in one statement, and last (with the vault locked
      // until the commit: the shorter the rest, the more opens of the token per second) the promise
      // of its profit cap, in one call of the ledger.
      const moved = this.deps.ledger.moveAll(
        [
          moves.freeze({
            ...base,
            amount: margin,
            type: 'margin_lock',
            causeKey: `position:${row.id}:margin`,
          }),
          ...(fee.gt(0)
            ? [
                moves.debit({
                  ...base,
                  amount: fee,
                  type: 'game_open_fee',
                  causeKey: `position:${row.id}:open-fee`,
                  to: vaultAccount(token),
                }),
              ]
            : []),
        ],
        tx,
        { reserve: { token, amount: margin.mul(pair.profitCapMultiple), share: this.deps.vaultShare } },
      );
      await moved.catch((error: unknown) => {
        throw this.openMoneyRefusal(error, pair, check.order);
      });
      // The play's bet: its margin at stake, its notional as turnover (VIP), and its rewards never
      // more than the fee it paid (at leverage 1 a bet's rates could otherwise pay a round trip).
      await this.deps.events.record(
        tx,
        [
          {
            userId,
            game: 'contract',
            kind: 'bet',
            token,
            amount: margin,
            turnover: notionalOf(margin, leverage),
            rewardCap: fee,
            ref: base.ref,
            playSeq: row.playSeq,
          },
        ],
        prices,
      );
      const answer = await this.views.view(row, tx);
      await record?.commit(tx, answer);
      return answer;
    });
  }

  /**
   * DESIGN §7: the most this position can win (its profit cap) stays within the configured share of
   * the vault's free balance, and with what every open position of the token could win, within the
   * whole of it, so every winner is paid in full. The ledger keeps that total (the vault's exposure,
   * promised by the open's call and released at settlement) and refuses a cap that does not fit,
   * with the vault's free balance (before this open's fee) and what it owed: refused here with the
   * largest margin that fits now. (A balance spent since the open's checks is refused as they would.)
   */
  private openMoneyRefusal(error: unknown, pair: repo.PairRow, order: Parameters<typeof fundsProblem>[0]) {
    const token = pair.marginToken;
    // Spent meanwhile: the spec's refusal for what is left.
    const spent = error instanceof InsufficientBalanceError && error.account.kind === 'user';
    const problem = spent && fundsProblem(order, new Decimal(error.available), token);
    if (problem) return openRefusal(problem);
    if (!(error instanceof ExposureRefused)) return error;
    const { free, owed } = error;
    const room = Decimal.min(free.mul(this.deps.vaultShare), free.sub(owed));
    const most = Decimal.max(room, 0)
      .div(pair.profitCapMultiple)
      .toDecimalPlaces(pair.amountDp, Decimal.ROUND_DOWN);
    if (most.lt(pair.minMargin)) {
      return new AppError(409, 'conflict', 'game.vaultFull', { vars: { token } });
    }
    return new AppError(409, 'conflict', 'game.vaultExposure', {
      vars: { max: most.toFixed(), token },
      fields: { margin: 'game.vaultExposure' },
    });
  }

  private priceOf(value: string | number | null | undefined, field: 'takeProfit' | 'stopLoss', dp: number) {
    if (value === undefined || value === null || value === '') return undefined;
    const price = decimalOf(value, dp);
    // Positive and within NUMERIC(38,18) (a JSON number may carry 21 digits past the schema).
    if (!price || price.isZero() || price.gte(PRICE_LIMIT)) throw fieldError(field, 'game.priceInvalid');
    return price;
  }

  private async insertWithOrderNo(
    tx: Transaction,
    values: Omit<repo.NewPosition, 'orderNo' | 'status' | 'playSeq'>,
  ) {
    // A taken order number (1 in 10^10 a day) draws another; no savepoint needed.
    for (let attempt = 1; attempt <= 5; attempt++) {
      const row = await repo.insertPosition(
        tx,
        { ...values, orderNo: newOrderNo(this.now()) },
        POSITIONS_CHANNEL,
      );
      if (row) return row;
    }
    throw new Error('no free order number after 5 draws');
  }

  /** POST /api/app/game/tpsl: sets (a price) or clears (null) the targets of an open position. */
  async setTargets(
    userId: number,
    body: { id: string; takeProfit?: string | number | null; stopLoss?: string | number | null },
    record?: IdempotencyRecord,
  ): Promise<Position> {
    const pair = await this.pairOfPosition(userId, Number(body.id));
    return this.deps.db.transaction(async (tx) => {
      const row = await repo.lockPosition(tx, Number(body.id));
      if (!row || row.userId !== userId) throw new AppError(404, 'not_found', 'game.positionNotFound');
      if (row.status !== 'open') throw new AppError(409, 'conflict', 'game.positionClosed');
      // Every field's error at once (the sheet shows both), each against the current price.
      const fields: Record<string, MessageKey> = {};
      const read = (value: string | number | null | undefined, field: 'takeProfit' | 'stopLoss') => {
        try {
          return this.priceOf(value, field, pair.priceDp);
        } catch {
          fields[field] = 'game.priceInvalid';
          return undefined;
        }
      };
      const takeProfit =
        body.takeProfit === undefined ? decimalOf(row.takeProfit) : read(body.takeProfit, 'takeProfit');
      const stopLoss =
        body.stopLoss === undefined ? decimalOf(row.stopLoss) : read(body.stopLoss, 'stopLoss');
      const mark = this.deps.market.markPrice(row.symbol)?.price ?? row.entryPrice;
      const wrong = targetsOnWrongSide(row.side, mark, takeProfit, stopLoss);
      if (wrong.takeProfit && body.takeProfit !== undefined) fields.takeProfit = 'game.takeProfitVsPrice';
      if (wrong.stopLoss && body.stopLoss !== undefined) fields.stopLoss = 'game.stopLossVsPrice';
      const first = fields.takeProfit ?? fields.stopLoss;
      if (first) throw new AppError(400, 'validation', first, { fields });
      const updated = await repo.updatePosition(tx, row.id, {
        takeProfit: takeProfit?.toFixed() ?? null,
        stopLoss: stopLoss?.toFixed() ?? null,
      });
      await notifyPosition(tx, updated);
      const answer = await this.views.view(updated, tx);
      await record?.commit(tx, answer);
      return answer;
    });
  }

  private async pairOfPosition(userId: number, id: number): Promise<repo.PairRow> {
    const row = await repo.position(this.deps.db, id);
    if (!row || row.userId !== userId) throw new AppError(404, 'not_found', 'game.positionNotFound');
    const pair = await this.pairTerms.pair(row.symbol);
    if (!pair) throw new AppError(404, 'not_found', 'game.positionNotFound');
    return pair;
  }
}
