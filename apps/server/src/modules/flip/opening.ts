// Opening a flip (DESIGN §8): spec §5's flip checks (validateFlip, the same function the flip page
// runs as a person types), then one transaction: the user's flips counted under a lock of their own,
// the balance checked, the flip recorded at its open price kept as its open tick (the worse for the
// player of the mark and the newest trade), the stake frozen and the payout it could win promised by
// the vault (with the contract game's promises, in one total).
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FlipPosition, OpenFlipBody } from '@tradeflip/api';
import { Decimal, validateFlip, type FlipProblem } from '@tradeflip/money';
import type { Transaction } from '../../db/client';
import { AppError } from '../../errors';
import type { IdempotencyRecord } from '../../plugins/idempotency';
import { ExposureRefused, InsufficientBalanceError, moves } from '../ledger/service';
import type { FlipDeps } from './deps';
import { notifyFlip } from './notice';
import * as repo from './repository';
import type { FlipTerms } from './terms';
import type { FlipViews } from './views';

/** The advisory lock class of "a user's flips" (with the user id): counts and opens one at a time. */
const USER_FLIPS_LOCK = 0x464c4950; // 'FLIP'

function newOrderNo(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `F${day}${String(randomInt(0, 100_000)).padStart(5, '0')}${String(randomInt(0, 100_000)).padStart(5, '0')}`;
}

/** validateFlip's refusal as the API answers it: its status, reason word and the message on its field. */
export function flipRefusal({ field, key, reason, vars }: FlipProblem) {
  const status = reason === 'conflict' ? 409 : 400;
  return new AppError(status, reason, key, { fields: { [field]: key }, ...(vars && { vars }) });
}

export class FlipOpening {
  constructor(
    private readonly deps: FlipDeps,
    private readonly terms: FlipTerms,
    private readonly views: FlipViews,
  ) {}

  /** POST /api/app/flip/open. */
  async open(userId: number, body: OpenFlipBody, record?: IdempotencyRecord): Promise<FlipPosition> {
    const terms = await this.terms.cached();
    const check = validateFlip(body, terms);
    if (!check.ok) throw flipRefusal(check.problem);
    const order = check.order;
    // The open price is the worse for the player of the mark and the newest trade (Up buys the
    // price, Down sells it), kept exactly: a flip placed on a step the mark has not followed yet
    // wins nothing. A stale pair refuses ('price fetch failed'), a market moving beyond the
    // execution band too ('moving fast'), after the user's own checks as the spec orders them.
    const trade = order.direction === 'up' ? 'buy' : 'sell';
    const tick = await this.deps.market.playerTick(order.symbol, trade).then(
      (kept) => ({ kept }),
      (error: unknown) => ({ error }),
    );
    return this.deps.db.transaction(async (tx) => {
      await this.deps.accounts.requireActive(tx, userId);
      // Two opens of one user at once would both count one flip fewer than there will be.
      await tx.execute(sql`select pg_advisory_xact_lock(${USER_FLIPS_LOCK}, ${userId}::int)`);
      // One after another on the transaction's one connection.
      const openCount = await repo.openCount(tx, userId);
      const available = await this.deps.ledger.availableOf(userId, order.token, tx);
      const again = validateFlip(body, terms, { openCount, available });
      if (!again.ok) throw flipRefusal(again.problem);
      if ('error' in tick) throw tick.error;
      const now = this.deps.clock.now();
      const row = await this.insertWithOrderNo(tx, {
        userId,
        symbol: order.symbol,
        token: order.token,
        direction: order.direction,
        stake: order.stake.toFixed(),
        durationSeconds: order.duration,
        payoutRate: order.payoutRate.toFixed(),
        profit: order.profit.toFixed(),
        openPrice: new Decimal(tick.kept.price).toFixed(),
        openTickId: tick.kept.tickId,
        openedAt: now,
        expiresAt: new Date(now.getTime() + order.duration * 1000),
      });
      const base = {
        userId,
        token: order.token,
        ref: { type: 'flip_position', id: row.id },
        memo: row.orderNo,
      };
      await this.deps.ledger
        .moveAll(
          [
            moves.freeze({
              ...base,
              amount: order.stake,
              type: 'flip_bet_freeze',
              causeKey: `flip:${row.id}:stake`,
            }),
          ],
          tx,
          order.profit.gt(0)
            ? { reserve: { token: order.token, amount: order.profit, share: this.deps.vaultShare } }
            : {},
        )
        .catch((error: unknown) => {
          throw this.moneyRefusal(error, order.token);
        });
      await notifyFlip(tx, row);
      const answer = this.views.view(row);
      await record?.commit(tx, answer);
      return answer;
    });
  }

  /** A balance spent since the checks, or a payout the vault cannot promise now. */
  private moneyRefusal(error: unknown, token: string) {
    if (error instanceof InsufficientBalanceError && error.account.kind === 'user') {
      return new AppError(400, 'insufficient_balance', 'errors.insufficientBalance', {
        fields: { amount: 'errors.insufficientBalance' },
      });
    }
    if (error instanceof ExposureRefused) {
      return new AppError(409, 'conflict', 'flip.vaultFull', {
        vars: { token },
        fields: { amount: 'flip.vaultFull' },
      });
    }
    return error;
  }

  private async insertWithOrderNo(
    tx: Transaction,
    values: Omit<repo.NewFlip, 'id' | 'status' | 'orderNo' | 'playSeq'>,
  ) {
    // A taken order number (1 in 10^10 a day) draws another.
    for (let attempt = 1; attempt <= 5; attempt++) {
      const row = await repo.insertFlip(tx, { ...values, orderNo: newOrderNo(this.deps.clock.now()) });
      if (row) return row;
    }
    throw new Error('no free order number after 5 draws');
  }
}
