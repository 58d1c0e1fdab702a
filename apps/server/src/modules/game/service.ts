// The contract game (DESIGN §7, issue 11): a leveraged perpetual against the house vault. Opening
// checks the spec's rules in their order, then, in one transaction, keeps the tick it opened at,
// records the position and moves the margin (available → frozen) and the open fee (→ the vault).
// Every close — by the user, an operator, liquidation, take-profit or stop-loss — goes through
// `settle`, which locks the position first: whichever comes first closes it, the others find it
// closed. Money moves only through the ledger; the formulas are packages/money's perpetual.ts.
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  type CloseReason,
  type GamePair,
  type OpenPositionBody,
  pairTermsProblem,
  type Position,
  type PositionDetail,
  type WsChannelEvent,
} from '@tradeflip/contract';
import type { MessageKey } from '@tradeflip/i18n';
import {
  Decimal,
  breakEvenPrice,
  fundsProblem,
  liquidationPrice,
  notional as notionalOf,
  plainDecimal,
  profitCapPrice,
  returnRate,
  settle as settleTerms,
  targetsOnWrongSide,
  targetsProblem,
  unrealisedPnl,
  validateOpen,
  type OpenProblem,
  type Side,
} from '@tradeflip/money';
import type { Clock } from '../../clock';
import type { CrashPoint } from '../../config';
import { crashIf } from '../../crash';
import type { Database, Queryable, Transaction } from '../../db/client';
import { POSITIONS_CHANNEL } from '../../db/notifications';
import { AppError } from '../../plugins/errors';
import type { IdempotencyRecord } from '../../plugins/idempotency';
import type { AccountService } from '../account/service';
import { moves, type LedgerService } from '../ledger/service';
import { userAccount, vaultAccount } from '../ledger/accounts';
import type { MarketService } from '../market/service';
import type { TokenRegistry } from '../token/registry';
import { positionLine } from './movements';
import { noticePayload, parseNotice } from './notice';
import * as repo from './repository';

export { POSITIONS_CHANNEL };

export interface GameServiceDeps {
  db: Database;
  clock: Clock;
  ledger: LedgerService;
  tokens: TokenRegistry;
  accounts: AccountService;
  market: MarketService;
  /** The share of the vault's free balance one position's profit cap may take (e.g. 0.1). */
  vaultShare: string;
  /** Tests only: the settlement step where the process is killed. */
  crashAt?: CrashPoint | undefined;
}

function newOrderNo(now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `C${day}${String(randomInt(0, 100_000)).padStart(5, '0')}${String(randomInt(0, 100_000)).padStart(5, '0')}`;
}

const fieldError = (field: string, key: MessageKey, vars?: Record<string, string | number>) =>
  new AppError(400, 'validation', key, { fields: { [field]: key }, ...(vars && { vars }) });

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

export class GameService {
  constructor(private readonly deps: GameServiceDeps) {
    // A pair switched off on the market takes no new position from the next open on.
    deps.market.onPairsChange(() => (this.pairCache = undefined));
  }

  private now(): Date {
    return this.deps.clock.now();
  }

  // ---- Pairs ----

  async pairs(): Promise<{ list: GamePair[] }> {
    const rows = await repo.pairs(this.deps.db);
    return { list: rows.map(toPair) };
  }

  private pairCache: { at: number; rows: Promise<repo.PairRow[]> } | undefined;

  /** The pairs' terms, read at most every 2 s (every open needs them; operators change them rarely). */
  private cachedPairs(): Promise<repo.PairRow[]> {
    const now = Date.now();
    if (!this.pairCache || now - this.pairCache.at > 2000) {
      const rows = repo.pairs(this.deps.db);
      this.pairCache = { at: now, rows };
      rows.catch(() => (this.pairCache = undefined));
    }
    return this.pairCache.rows;
  }

  private async pair(symbol: string): Promise<repo.PairRow | undefined> {
    return (await this.cachedPairs()).find((row) => row.symbol === symbol);
  }

  async updatePair(
    symbol: string,
    changes: Partial<Omit<repo.PairRow, 'symbol' | 'base' | 'quote' | 'priceDp' | 'amountDp' | 'listed'>>,
  ) {
    // Terms that bound each other, one of them changed: checked against the other as stored.
    const stored = (await repo.pairs(this.deps.db)).find((row) => row.symbol === symbol);
    if (!stored) throw new AppError(404, 'not_found', 'errors.pairUnknown');
    const merged = { ...stored, ...changes };
    const problem = pairTermsProblem({
      ...((changes.mmr !== undefined || changes.maxLeverage !== undefined) && {
        mmr: plainDecimal(merged.mmr),
        maxLeverage: merged.maxLeverage,
      }),
      ...((changes.minMargin !== undefined || changes.maxMargin !== undefined) && {
        minMargin: plainDecimal(merged.minMargin),
        maxMargin: plainDecimal(merged.maxMargin),
      }),
    });
    if (problem) throw fieldError(problem.field, problem.key, { field: problem.field });
    const updated = await repo.updatePair(this.deps.db, symbol, { ...changes, updatedAt: this.now() });
    this.pairCache = undefined;
    if (!updated) throw new AppError(404, 'not_found', 'errors.pairUnknown');
    return this.pairs();
  }

  // ---- Open ----

  /** POST /api/app/game/open. */
  async open(userId: number, body: OpenPositionBody, record?: IdempotencyRecord): Promise<Position> {
    // Spec §5's order: pair, token and margin required; leverage 1..max; amount or precision;
    // insufficient balance; insufficient fee. Then the game's own rules.
    const symbol = body.symbol?.trim().toUpperCase();
    if (!symbol) throw fieldError('symbol', 'game.pairRequired');
    const pair = await this.pair(symbol);
    // A disabled pair (the game's switch or the market's) takes no new position; those open on it
    // keep their price, close, and settle as ever (reduce-only).
    if (!pair || !pair.enabled || !pair.listed) throw fieldError('symbol', 'game.pairUnavailable');
    if (body.token !== undefined && body.token.trim().toUpperCase() !== pair.marginToken) {
      throw fieldError('token', 'game.tokenRequired');
    }
    // The order's own checks, the same function the order panel runs as a person types.
    const check = validateOpen(body, toPair(pair));
    if (!check.ok) throw openRefusal(check.problem);
    const { side, margin, leverage, fee, takeProfit, stopLoss } = check.order;
    const token = pair.marginToken;

    // The price is the market's last tick, kept exactly (and kept once for all opens at it); a stale
    // pair refuses ('price fetch failed'), after the balance checks as the spec orders them.
    const tick = await this.deps.market.settlementTick(symbol).then(
      (kept) => ({ kept }),
      (error: unknown) => ({ error }),
    );

    // The balance checks are made on the user's account locked to the commit, so the ledger cannot
    // refuse the margin and fee afterwards.
    return this.deps.db.transaction(async (tx) => {
      await this.deps.accounts.requireActive(tx, userId);
      // The user's balance and then the vault's are locked from here to the commit (the margin and
      // fee leave the one; the other must cover what this position could win, decided once no other
      // open or payout of this token can change either).
      const [mine, vault] = await this.deps.ledger.balancesIn(tx, {
        lock: [userAccount(userId, token), vaultAccount(token)],
      });
      const funds = fundsProblem(check.order, mine!.available, token);
      if (funds) throw openRefusal(funds);
      if ('error' in tick) throw tick.error;
      const { tickId, price } = tick.kept;
      const entry = new Decimal(price);
      const targets = targetsProblem(check.order, entry);
      if (targets) throw openRefusal(targets);
      await this.checkVaultCovers(tx, pair, margin, vault!.available);
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
        nextFundingAt: new Date(now.getTime() + pair.fundingIntervalSeconds * 1000),
        takeProfit: takeProfit?.toFixed() ?? null,
        stopLoss: stopLoss?.toFixed() ?? null,
        openedAt: now,
      });
      const base = { userId, token, ref: { type: 'game_position', id: row.id }, memo: row.orderNo };
      // The margin and the fee, two movements in one statement.
      await this.deps.ledger.moveAll(
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
      );
      const answer = this.view(row);
      await record?.commit(tx, answer);
      return answer;
    });
  }

  /**
   * DESIGN §7: the most this position can win (its profit cap) stays within the configured share of
   * the vault's free balance, and with what every open position of the token could win, within the
   * whole of it, so every winner is paid in full. Called with the vault locked: the opens of a token
   * pass this one at a time. Refused with the largest margin that would fit now.
   */
  private async checkVaultCovers(tx: Transaction, pair: repo.PairRow, margin: Decimal, vault: Decimal) {
    const cap = margin.mul(pair.profitCapMultiple);
    const owed = await repo.houseExposure(tx, pair.marginToken);
    const room = Decimal.min(vault.mul(this.deps.vaultShare), vault.sub(owed));
    if (cap.lte(room)) return;
    const token = pair.marginToken;
    const most = Decimal.max(room, 0)
      .div(pair.profitCapMultiple)
      .toDecimalPlaces(pair.amountDp, Decimal.ROUND_DOWN);
    if (most.lt(pair.minMargin)) {
      throw new AppError(409, 'conflict', 'game.vaultFull', { vars: { token } });
    }
    throw new AppError(409, 'conflict', 'game.vaultExposure', {
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

  /** A take-profit lies on the winning side of the entry, a stop-loss on the losing side. */
  private checkTargets(side: Side, entry: Decimal, takeProfit?: Decimal, stopLoss?: Decimal) {
    const long = side === 'long';
    if (takeProfit && (long ? takeProfit.lte(entry) : takeProfit.gte(entry))) {
      throw fieldError('takeProfit', 'game.takeProfitInvalid');
    }
    if (stopLoss && (long ? stopLoss.gte(entry) : stopLoss.lte(entry))) {
      throw fieldError('stopLoss', 'game.stopLossInvalid');
    }
  }

  private async insertWithOrderNo(tx: Transaction, values: Omit<repo.NewPosition, 'orderNo' | 'status'>) {
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

  // ---- Change and close ----

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
      const answer = this.view(updated);
      await record?.commit(tx, answer);
      return answer;
    });
  }

  private async pairOfPosition(userId: number, id: number): Promise<repo.PairRow> {
    const row = await repo.position(this.deps.db, id);
    if (!row || row.userId !== userId) throw new AppError(404, 'not_found', 'game.positionNotFound');
    const pair = await this.pair(row.symbol);
    if (!pair) throw new AppError(404, 'not_found', 'game.positionNotFound');
    return pair;
  }

  /** POST /api/app/game/close: at the market's last price (kept), after the app's confirm. */
  async close(userId: number, id: number, record?: IdempotencyRecord): Promise<Position> {
    return this.deps.db.transaction(async (tx) => {
      const row = await repo.lockPosition(tx, id);
      if (!row || row.userId !== userId) throw new AppError(404, 'not_found', 'game.positionNotFound');
      if (row.status !== 'open') throw new AppError(409, 'conflict', 'game.positionClosed');
      const tick = await this.deps.market.settlementTick(row.symbol, tx);
      const [closed] = await this.settleLocked(tx, [{ row, reason: 'manual' }], tick);
      const answer = this.view(closed!);
      await record?.commit(tx, answer);
      return answer;
    });
  }

  /** An operator closes a position at the market's last price (`game:close ID`). */
  async operatorClose(id: number): Promise<Position> {
    return this.deps.db.transaction(async (tx) => {
      const row = await repo.lockPosition(tx, id);
      if (!row) throw new AppError(404, 'not_found', 'game.positionNotFound');
      if (row.status !== 'open') throw new AppError(409, 'conflict', 'game.positionClosed');
      const tick = await this.deps.market.settlementTick(row.symbol, tx);
      const [closed] = await this.settleLocked(tx, [{ row, reason: 'operator' }], tick);
      return this.view(closed!);
    });
  }

  async adminPositions(query: {
    status?: 'open' | 'closed' | undefined;
    email?: string | undefined;
    page: number;
    pageSize: number;
  }) {
    const { rows, total } = await repo.allPositions(this.deps.db, {
      status: query.status,
      email: query.email,
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return {
      list: rows.map((row) => ({ ...this.view(row), email: row.email })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** The vault against what open positions could win (house:show). */
  async exposure() {
    const rows = await repo.exposure(this.deps.db);
    return {
      list: await Promise.all(
        rows.map(async (row) => ({
          ...row,
          vault: (await this.deps.ledger.availableIn(vaultAccount(row.token))).toFixed(),
        })),
      ),
    };
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
      return closed.length;
    });
    crashIf('settled', this.deps.crashAt);
    return settled;
  }

  /**
   * Settles open positions the transaction locked, at `tick`: the ledger's parts of every one in one
   * statement, their rows closed and announced in another.
   */
  private async settleLocked(
    tx: Transaction,
    items: { row: repo.PositionRow; reason: CloseReason }[],
    tick: { tickId: number; price: string; time: number },
  ): Promise<repo.PositionRow[]> {
    if (items.length === 0) return [];
    // The users' balances, then each vault's, locked to the commit (the order every open locks them
    // in): what a vault can pay is decided on a balance no one else can change meanwhile.
    const tokens = [...new Set(items.map(({ row }) => row.marginToken))].sort();
    const users = items.map(({ row }) => userAccount(row.userId, row.marginToken));
    const vaultRefs = tokens.map((token) => vaultAccount(token));
    await this.deps.ledger.lockAccounts(tx, users);
    const balances = await this.deps.ledger.balancesIn(tx, { lock: vaultRefs });
    const vaults = new Map(tokens.map((token, i) => [token, balances[i]!.available]));
    const dps = new Map<string, number>();
    for (const token of tokens) dps.set(token, await this.amountDp(token, tx));

    const requests = [];
    const closes: repo.ClosedPosition[] = [];
    const closed: repo.PositionRow[] = [];
    const now = this.now();
    for (const { row, reason } of items) {
      const token = row.marginToken;
      const result = settleTerms(
        {
          side: row.side,
          entry: row.entryPrice,
          notional: row.notional,
          margin: row.margin,
          fundingPaid: row.fundingPaid,
          mmr: row.mmr,
          closeFeeRate: row.closeFeeRate,
          capMultiple: row.profitCapMultiple,
          dp: dps.get(token)!,
          reason,
          vaultAvailable: vaults.get(token)!,
        },
        tick.price,
      );
      vaults.set(
        token,
        vaults
          .get(token)!
          .add(result.lossConsumed)
          .add(result.feeFromFrozen)
          .sub(result.profitPaid)
          .sub(result.feeRefund),
      );
      const base = {
        userId: row.userId,
        token,
        ref: { type: 'game_position', id: row.id },
        memo: row.orderNo,
      };
      // Each part moves once (its cause key), in this order: the loss and the fee out of the frozen
      // margin, the rest back to available, then what the vault pays.
      const parts = [
        [result.lossConsumed, 'loss_consumed', 'loss', moves.consumeFrozen],
        [result.feeFromFrozen, 'close_fee_from_frozen', 'fee', moves.consumeFrozen],
        [result.unfrozen, 'margin_unfreeze', 'unfreeze', moves.unfreeze],
        [result.profitPaid, 'profit_payout', 'profit', moves.payFromVault],
        [result.feeRefund, 'fee_refund_vault_short', 'fee-refund', moves.payFromVault],
      ] as const;
      for (const [amount, type, part, move] of parts) {
        if (amount.gt(0))
          requests.push(move({ ...base, amount, type, causeKey: `position:${row.id}:close:${part}` }));
      }
      const close: repo.ClosedPosition = {
        id: row.id,
        userId: row.userId,
        closeReason: reason,
        closePrice: tick.price,
        closeTickId: tick.tickId,
        pnl: result.pnl.toFixed(),
        closeFee: result.closeFee.toFixed(),
        profitUnpaid:
          result.pnl.gt(result.profitPaid) && result.pnl.gt(0)
            ? result.pnl.sub(result.profitPaid).toFixed()
            : '0',
        closedAt: now,
      };
      closes.push(close);
      closed.push({ ...row, ...close, status: 'closed' });
    }
    await this.deps.ledger.moveAll(requests, tx);
    await repo.closePositions(tx, closes, POSITIONS_CHANNEL);
    return closed;
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
      const due = Decimal.min(
        new Decimal(row.notional).mul(row.fundingRate).toDecimalPlaces(dp, Decimal.ROUND_HALF_UP),
        remaining,
      );
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

  /** What the user channel says of a position the database notified about (its payload says all). */
  static notice(payload: string): { userId: number; message: WsChannelEvent } | undefined {
    const notice = parseNotice(payload);
    if (!notice) return undefined;
    const { id, userId, status, closeReason } = notice;
    return { userId, message: { type: 'position', id: String(id), status, closeReason } };
  }

  // ---- Reading ----

  async list(
    userId: number,
    query: { status: 'open' | 'closed'; symbol?: string | undefined; page: number; pageSize: number },
  ) {
    const { rows, total } = await repo.userPositions(this.deps.db, {
      userId,
      status: query.status,
      symbol: query.symbol?.toUpperCase(),
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return {
      list: rows.map((row) => this.view(row)),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** The user's open positions (every pair) and their unrealised PnL at the last prices, per token. */
  async openSummary(userId: number): Promise<{ open: number; pnlByToken: Map<string, Decimal> }> {
    const rows = await repo.openPositionsOf(this.deps.db, userId);
    const pnlByToken = new Map<string, Decimal>();
    for (const row of rows) {
      const last = this.deps.market.markPrice(row.symbol);
      if (!last) continue;
      const pnl = unrealisedPnl(row.side, row.notional, row.entryPrice, last.price);
      pnlByToken.set(row.marginToken, (pnlByToken.get(row.marginToken) ?? new Decimal(0)).add(pnl));
    }
    return { open: rows.length, pnlByToken };
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
    return {
      ...this.view(row),
      entries,
      movements: entries.flatMap((entry) => {
        const line = positionLine(entry);
        return line ? [{ id: entry.id, ...line, createdAt: entry.createdAt }] : [];
      }),
    };
  }

  /** A position as the app shows it: open ones at the market's last price. */
  view(row: repo.PositionRow): Position {
    const open = row.status === 'open';
    const terms = {
      side: row.side,
      entry: row.entryPrice,
      notional: row.notional,
      margin: row.margin,
      fundingPaid: row.fundingPaid,
      mmr: row.mmr,
    };
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
      breakEvenPrice: breakEvenPrice(
        row.side,
        row.entryPrice,
        row.notional,
        row.openFee,
        row.fundingPaid,
        row.closeFeeRate,
      ).toFixed(),
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

  /** The price at which the profit cap closes a position (as take-profit), or null. */
  static capPrice(row: repo.PositionRow): Decimal | null {
    return profitCapPrice(row.side, row.entryPrice, row.leverage, row.profitCapMultiple);
  }
}

function toPair(row: repo.PairRow): GamePair {
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

/** validateOpen's refusal as the API answers it: 400, its reason word, the message on its field. */
function openRefusal({ field, key, reason, vars }: OpenProblem) {
  return new AppError(400, reason, key, { fields: { [field]: key }, ...(vars && { vars }) });
}

/**
 * After commit, every process hears of the position (opened, changed, closed): the engine to index
 * it, the WebSocket to tell its owner. The payload is `id:userId:status:closeReason`, so telling the
 * owner reads nothing.
 */
async function notifyPosition(tx: Queryable, row: repo.PositionRow) {
  await tx.execute(sql`select pg_notify(${POSITIONS_CHANNEL}, ${noticePayload(row)})`);
}
