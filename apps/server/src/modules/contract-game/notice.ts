// A position's notice (NOTIFY on POSITIONS_CHANNEL, sent on commit): `id:userId:status:closeReason`.
// Every process hears it: the engine indexes the position or drops it, the WebSocket tells its owner,
// neither reading the row for it.
import { sql } from 'drizzle-orm';
import { closeReasons, type CloseReason } from '@tradeflip/api';
import type { Queryable } from '../../db/client';
import { POSITIONS_CHANNEL } from '../../db/notifications';

/** Also written by repository.ts's INSERT_POSITION, which learns the id only as it inserts. */
export function noticePayload(row: {
  id: number;
  userId: number;
  status: string;
  closeReason: string | null;
}) {
  return `${row.id}:${row.userId}:${row.status}:${row.closeReason ?? ''}`;
}

export function parseNotice(payload: string) {
  const match = /^(\d+):(\d+):(open|closed):([a-z_]*)$/.exec(payload);
  if (!match) return undefined;
  const closeReason = (closeReasons as readonly string[]).includes(match[4]!)
    ? (match[4] as CloseReason)
    : null;
  return {
    id: Number(match[1]),
    userId: Number(match[2]),
    status: match[3] as 'open' | 'closed',
    closeReason,
  };
}

/**
 * After commit, every process hears of the position (opened, changed, closed): the engine to index
 * it, the WebSocket to tell its owner. The payload is `id:userId:status:closeReason`, so telling the
 * owner reads nothing.
 */
export async function notifyPosition(tx: Queryable, row: Parameters<typeof noticePayload>[0]) {
  await tx.execute(sql`select pg_notify(${POSITIONS_CHANNEL}, ${noticePayload(row)})`);
}
