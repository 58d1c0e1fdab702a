// The games' plays as events (DESIGN §9): each open records a bet and adds its stake's USDT value to
// the player's turnover; each settlement records the profit or the loss. Written in the game's own
// transaction, so an event exists exactly when its play does; a unique key per play and kind makes a
// settlement replayed after a crash record nothing twice. Invite rewards and VIP levels read them.
import { Decimal } from '@tradeflip/money';
import type { Clock } from '../../clock';
import type { Database, Queryable } from '../../db/client';
import * as repo from './repository';
import type { GameEventKind, GameName } from './schema';

export type { GameEventKind, GameName };

export interface GameEvent {
  userId: number;
  game: GameName;
  kind: GameEventKind;
  token: string;
  /** Positive: the stake, the profit won on top of it, or the loss. */
  amount: Decimal;
  /**
   * A bet's turnover in its token, when not its stake: a contract position's notional (margin ×
   * leverage), as VIP levels count it (DESIGN §9).
   */
  turnover?: Decimal;
  /** The most its invite rewards pay in all (a contract bet: the fee it paid); none: the rates decide. */
  rewardCap?: Decimal;
  ref: { type: string; id: number };
  /**
   * The number its play took when it was opened (NEXT_PLAY_NUMBER, in its opening's insert): it is
   * rewarded at the invite rates in force then. None: its own number (recorded as it was opened).
   */
  playSeq?: number | null | undefined;
}

/**
 * A game's opening takes a number of the events' own sequence for its play (the games' play_seq), in
 * its insert: an operator's invite rule change, which counts for the events numbered after how far
 * that sequence had come when it was made, then counts for the play's events exactly when the play
 * was opened after it, though its events (a flip's, a position's close) are recorded later.
 */
export const NEXT_PLAY_NUMBER = "nextval('game_events_id_seq')";

/** USDT per unit of each token at one moment (undefined: no price then). */
export type UsdtPrices = ReadonlyMap<string, string | undefined>;

/** A value in USDT to the ledger's scale, never more than it is worth. */
const USDT_DP = 18;

export class GameEvents {
  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      /** The token's USDT price now (the wallet's price source: the market's last tick). */
      usdtPrice(token: string): Promise<string | undefined>;
    },
  ) {}

  /** The tokens' USDT prices now, read before the game's transaction (USDT is 1). */
  async prices(tokens: Iterable<string>): Promise<UsdtPrices> {
    const prices = new Map<string, string | undefined>();
    for (const token of new Set(tokens)) {
      prices.set(token, token === 'USDT' ? '1' : await this.deps.usdtPrice(token));
    }
    return prices;
  }

  /**
   * Records the events in `tx` (each play and kind once) and adds the new bets' USDT values to their
   * players' turnover. Answers the events recorded now (a replay answers fewer).
   */
  async record(tx: Queryable, all: GameEvent[], prices: UsdtPrices): Promise<number> {
    // A play that moved nothing (a win of 0) is no event: the table holds positive amounts only.
    const events = all.filter((event) => event.amount.gt(0));
    if (events.length === 0) return 0;
    const now = this.deps.clock.now();
    const inserted = await repo.insertEvents(
      tx,
      events.map((event) => {
        const price = prices.get(event.token);
        return {
          userId: event.userId,
          game: event.game,
          kind: event.kind,
          token: event.token,
          amount: event.amount.toFixed(),
          usdtValue:
            price === undefined
              ? null
              : event.amount.mul(price).toDecimalPlaces(USDT_DP, Decimal.ROUND_DOWN).toFixed(),
          rewardCap: event.rewardCap?.toFixed() ?? null,
          refType: event.ref.type,
          refId: event.ref.id,
          playSeq: event.playSeq ?? null,
          createdAt: now,
        };
      }),
    );
    // A bet's turnover: its stake's USDT value, or (a contract position) its notional's.
    const turnoverOf = new Map(
      events.flatMap((event) =>
        event.kind === 'bet' && event.turnover ? [[`${event.ref.type}:${event.ref.id}`, event] as const] : [],
      ),
    );
    const turnover = new Map<number, Decimal>();
    for (const row of inserted) {
      if (row.kind !== 'bet' || row.usdtValue === null) continue;
      const event = turnoverOf.get(`${row.ref.type}:${row.ref.id}`);
      const price = event && prices.get(event.token);
      const value =
        event?.turnover && price !== undefined
          ? event.turnover.mul(price).toDecimalPlaces(USDT_DP, Decimal.ROUND_DOWN)
          : new Decimal(row.usdtValue);
      turnover.set(row.userId, (turnover.get(row.userId) ?? new Decimal(0)).add(value));
    }
    await repo.addTurnovers(
      tx,
      [...turnover].map(([userId, usdt]) => ({ userId, usdt: usdt.toFixed() })),
      now,
    );
    return inserted.length;
  }

  /** A user's cumulative USDT turnover ('0' before their first bet). */
  async turnoverOf(userId: number, db: Queryable = this.deps.db): Promise<string> {
    return new Decimal((await repo.turnover(db, userId)) ?? 0).toFixed();
  }

  /** The oldest events not rewarded yet, locked in `tx` until it ends (the invite rewarder's read). */
  eventsToReward(limit: number, tx: Queryable) {
    return repo.eventsToReward(tx, limit);
  }

  /** How many events the invite rewarder has not dealt with yet (its backlog, for the metrics). */
  rewardBacklog(): Promise<number> {
    return repo.unrewardedCount(this.deps.db);
  }

  /** The events dealt with by the invite rewarder, in its transaction. */
  markRewarded(ids: number[], tx: Queryable) {
    return repo.markRewarded(tx, ids, this.deps.clock.now());
  }

  /** The turnover of each of `ids` ('0' for one without a bet yet). */
  async turnoversOf(ids: number[], db: Queryable = this.deps.db): Promise<Map<number, Decimal>> {
    const found = new Map<number, Decimal>(ids.map((id) => [id, new Decimal(0)]));
    for (const row of await repo.turnovers(db, [...new Set(ids)]))
      found.set(row.userId, new Decimal(row.usdt));
    return found;
  }

  /** A user's events, oldest first. */
  async eventsOf(userId: number, db: Queryable = this.deps.db) {
    return (await repo.eventsOf(db, userId)).map((row) => ({
      game: row.game,
      kind: row.kind,
      token: row.token,
      amount: new Decimal(row.amount).toFixed(),
      usdtValue: row.usdtValue === null ? null : new Decimal(row.usdtValue).toFixed(),
      ref: { type: row.refType, id: row.refId },
    }));
  }
}
