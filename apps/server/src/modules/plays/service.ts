// The live feed of other players' plays (issue 32, point 11; BC.Game's bets feed): the newest
// settled flips and closed positions, each player masked (ab***) and their amounts shown only if they
// chose to. One process builds it (feed-job.ts, a lease) from what the database notifies on commit
// (FLIPS_CHANNEL, POSITIONS_CHANNEL: the ids only; the rows are read by id) and publishes each new
// list with NOTIFY on PLAYS_CHANNEL, which every process sharing the database hears, PostgreSQL or
// the embedded PGlite alike: no Redis needed. Each process keeps the last list for a socket's first
// frame (live.ts). A frame is the whole list (at most PLAYS_SHOWN), so a missed one costs nothing.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { play, type Play, type PlayFeedSettings } from '@tradeflip/api';
import { Decimal, realizedPnl } from '@tradeflip/money';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import {
  FLIPS_CHANNEL,
  PLAY_SETTINGS_CHANNEL,
  PLAYS_CHANNEL,
  POSITIONS_CHANNEL,
  type Listen,
} from '../../db/notifications';
import { parseNotice } from '../contract-game/notice';
import { flipNotices } from '../flip/notice';
import { publicNicknameOf } from '../invite/service';
import * as repo from './repository';

/** Plays in the feed (and in each frame). */
export const PLAYS_SHOWN = 10;
/** Ids heard but not yet read past which the builder reads the newest afresh instead. */
const MAX_PENDING = 1000;

const frame = z.object({ list: z.array(play) });
const amount = (value: Decimal) => value.toFixed();

function toPlay(row: repo.PlayRow): Play {
  const realized =
    row.game === 'flip'
      ? new Decimal(row.pnl)
      : realizedPnl({
          pnl: row.pnl,
          profitUnpaid: row.profit_unpaid,
          openFee: row.open_fee ?? '0',
          closeFee: row.close_fee,
          fundingPaid: row.funding_paid ?? '0',
        });
  const outcome = row.result ?? (realized.gt(0) ? 'won' : realized.lt(0) ? 'lost' : 'tie');
  const shown = row.show_amounts === true;
  return {
    id: `${row.game === 'flip' ? 'flip' : 'position'}-${row.id}`,
    game: row.game,
    player: publicNicknameOf(row.email),
    symbol: row.symbol,
    side: row.side,
    token: row.token,
    leverage: row.leverage === null ? null : Number(row.leverage),
    outcome,
    stake: shown ? amount(new Decimal(row.stake)) : null,
    result: shown ? amount(realized) : null,
    time: new Date(row.at).getTime(),
  };
}

const newestFirst = (a: Play, b: Play) => b.time - a.time || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export class PlaysService {
  /** The last list published (heard, or read when none was heard yet). */
  private latest: Play[] | undefined;
  private reading: Promise<Play[]> | undefined;
  private readonly listeners = new Set<(list: Play[]) => void>();
  /** Settled flips and closed positions heard since the builder's last pass. */
  private readonly pending = { flips: new Set<number>(), positions: new Set<number>() };
  /** Read the newest afresh at the next pass (a player's settings changed, or too much was heard). */
  private rebuild = false;
  private readonly stops: (() => Promise<void>)[] = [];

  constructor(private readonly deps: { db: Database; clock: Clock }) {}

  /** Listens to the games' notices (for the builder) and to the published lists (for the sockets). */
  async attach(listen: Listen | undefined) {
    if (!listen) return;
    const heard = (set: Set<number>, id: number) => {
      if (set.size >= MAX_PENDING) this.rebuild = true;
      else set.add(id);
    };
    this.stops.push(
      await listen(FLIPS_CHANNEL, (payload) => {
        for (const notice of flipNotices(payload))
          if (notice.message.type === 'flip' && notice.message.status !== 'open')
            heard(this.pending.flips, Number(notice.message.id));
      }),
      await listen(POSITIONS_CHANNEL, (payload) => {
        const notice = parseNotice(payload);
        if (notice?.status === 'closed') heard(this.pending.positions, notice.id);
      }),
      await listen(PLAY_SETTINGS_CHANNEL, () => (this.rebuild = true)),
      await listen(PLAYS_CHANNEL, (payload) => this.heard(payload)),
    );
  }

  async detach() {
    for (const stop of this.stops.splice(0)) await stop();
  }

  private heard(payload: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const result = frame.safeParse(parsed);
    if (!result.success) return;
    this.latest = result.data.list;
    for (const listener of this.listeners) listener(result.data.list);
  }

  /** Calls `listener` with every list published; the answer stops it. */
  onPlays(listener: (list: Play[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The newest plays now (read once if this process has heard none yet). */
  async current(): Promise<Play[]> {
    if (this.latest) return this.latest;
    this.reading ??= this.readNewest()
      .then((list) => (this.latest ??= list))
      .finally(() => (this.reading = undefined));
    return this.latest ?? (await this.reading);
  }

  private async readNewest(only?: { flips: number[]; positions: number[] }): Promise<Play[]> {
    return (await repo.newestPlays(this.deps.db, PLAYS_SHOWN, only)).map(toPlay);
  }

  /** A follower's pass: what it heard is the leader's to read. */
  forgetHeard() {
    this.pending.flips.clear();
    this.pending.positions.clear();
    this.rebuild = false;
  }

  /**
   * The builder's pass (feed-job.ts, twice a second at most): the plays heard since the last are read
   * by id and merged into the list; a new list is published. Answers whether one was.
   */
  async buildPass(): Promise<boolean> {
    const flips = [...this.pending.flips];
    const positions = [...this.pending.positions];
    const afresh = this.rebuild || !this.latest;
    if (!afresh && flips.length === 0 && positions.length === 0) return false;
    this.forgetHeard();
    const before = this.latest;
    let next: Play[];
    try {
      if (afresh) next = await this.readNewest();
      else {
        const heard = await this.readNewest({ flips, positions });
        const ids = new Set(heard.map((p) => p.id));
        next = [...heard, ...before!.filter((p) => !ids.has(p.id))].sort(newestFirst).slice(0, PLAYS_SHOWN);
      }
    } catch (error) {
      this.rebuild = true;
      throw error;
    }
    if (before && JSON.stringify(before) === JSON.stringify(next)) return false;
    // Kept here too: the next pass merges into it even before this process hears its own frame.
    this.latest = next;
    await this.deps.db.execute(sql`select pg_notify(${PLAYS_CHANNEL}, ${JSON.stringify({ list: next })})`);
    return true;
  }

  /** GET /api/app/plays/settings: off until the player chooses (shown in the feed, without amounts). */
  async settingsOf(userId: number): Promise<PlayFeedSettings> {
    const row = await repo.settingsOf(this.deps.db, userId);
    return { hidden: row?.hidden ?? false, showAmounts: row?.showAmounts ?? false };
  }

  /** PUT /api/app/plays/settings: the feed is built again with them at its next pass. */
  async saveSettings(userId: number, settings: PlayFeedSettings): Promise<PlayFeedSettings> {
    await this.deps.db.transaction(async (tx) => {
      await repo.saveSettings(tx, { userId, ...settings }, this.deps.clock.now());
      await tx.execute(sql`select pg_notify(${PLAY_SETTINGS_CHANNEL}, ${String(userId)})`);
    });
    return settings;
  }
}
