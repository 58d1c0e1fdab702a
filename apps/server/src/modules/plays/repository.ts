// Queries of the plays feed: the players' settings, and the newest settled flips and closed positions
// of the players not hidden, with their e-mail (masked by the service) and whether amounts show.
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { queryRows } from '../../db/rows';
import { playFeedSettings } from './schema';

export type SettingsRow = typeof playFeedSettings.$inferSelect;

export async function settingsOf(db: Queryable, userId: number): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(playFeedSettings).where(eq(playFeedSettings.userId, userId));
  return row;
}

export async function saveSettings(
  db: Queryable,
  row: { userId: number; hidden: boolean; showAmounts: boolean },
  now: Date,
) {
  await db
    .insert(playFeedSettings)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({
      target: playFeedSettings.userId,
      set: { hidden: row.hidden, showAmounts: row.showAmounts, updatedAt: now },
    });
}

/** A play as read: its money columns as NUMERIC strings. */
export interface PlayRow {
  game: 'flip' | 'contract';
  id: string | number;
  email: string;
  symbol: string;
  side: 'up' | 'down' | 'long' | 'short';
  token: string;
  leverage: number | null;
  /** A flip's result; null for a position (its PnL says). */
  result: 'won' | 'lost' | 'tie' | null;
  stake: string;
  /** A flip's realized PnL; a position's gross PnL (less profit unpaid, fees and funding below). */
  pnl: string;
  profit_unpaid: string | null;
  open_fee: string | null;
  close_fee: string | null;
  funding_paid: string | null;
  show_amounts: boolean | null;
  at: string | Date;
}

/**
 * The newest `limit` plays, newest first: of every settled flip (a refund for want of a price is no
 * play) and closed position, or only of the flips and positions named (the ones just heard of).
 */
export function newestPlays(
  db: Queryable,
  limit: number,
  only?: { flips: number[]; positions: number[] },
): Promise<PlayRow[]> {
  const visible = (alias: string) =>
    sql.raw(
      `not exists (select 1 from play_feed_settings h where h.user_id = ${alias}.user_id and h.hidden)`,
    );
  const flipIds = only ? sql`and f.id = any(${`{${only.flips.join(',')}}`}::bigint[])` : sql``;
  const positionIds = only ? sql`and p.id = any(${`{${only.positions.join(',')}}`}::bigint[])` : sql``;
  return queryRows<PlayRow>(
    db,
    sql`
    select plays.*, u.email, s.show_amounts from (
      (select 'flip' as game, f.id, f.user_id, f.symbol, f.direction as side, f.token,
         null::integer as leverage, f.result, f.stake, f.pnl, null::numeric as profit_unpaid,
         null::numeric as open_fee, null::numeric as close_fee, null::numeric as funding_paid,
         f.settled_at as at
       from flip_positions f
       where f.status <> 'open' and f.result in ('won', 'lost', 'tie') and ${visible('f')} ${flipIds}
       order by f.settled_at desc, f.id desc limit ${limit})
      union all
      (select 'contract', p.id, p.user_id, p.symbol, p.side, p.margin_token, p.leverage, null,
         p.margin, p.pnl, p.profit_unpaid, p.open_fee, p.close_fee, p.funding_paid, p.closed_at
       from game_positions p
       where p.status = 'closed' and p.pnl is not null and ${visible('p')} ${positionIds}
       order by p.closed_at desc, p.id desc limit ${limit})
    ) plays
    join users u on u.id = plays.user_id
    left join play_feed_settings s on s.user_id = plays.user_id
    order by plays.at desc, plays.game, plays.id desc
    limit ${limit}`,
  );
}
