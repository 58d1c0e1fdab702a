// A flip's notice (NOTIFY on FLIPS_CHANNEL, sent on commit): `id:userId:status:result`. The WebSocket
// tells its owner's screens without reading the row.
import { sql } from 'drizzle-orm';
import { flipResults, type WsChannelEvent } from '@tradeflip/api';
import type { Queryable } from '../../db/client';
import { FLIPS_CHANNEL } from '../../db/notifications';

export function flipNoticePayload(row: {
  id: number;
  userId: number;
  status: string;
  result: string | null;
}) {
  return `${row.id}:${row.userId}:${row.status}:${row.result ?? ''}`;
}

export async function notifyFlip(tx: Queryable, row: Parameters<typeof flipNoticePayload>[0]) {
  await notifyFlips(tx, [row]);
}

/** One statement for a whole batch of settlements. */
export async function notifyFlips(tx: Queryable, rows: Parameters<typeof flipNoticePayload>[0][]) {
  if (rows.length === 0) return;
  const payloads = `{${rows.map((row) => `"${flipNoticePayload(row)}"`).join(',')}}`;
  await tx.execute(sql`select pg_notify(${FLIPS_CHANNEL}, p) from unnest(${payloads}::text[]) as p`);
}

/** What the user channel says of a flip the database notified about. */
export function flipNotice(payload: string): { userId: number; message: WsChannelEvent } | undefined {
  const match = /^(\d+):(\d+):(open|closed|refunded):([a-z_]*)$/.exec(payload);
  if (!match) return undefined;
  const result = (flipResults as readonly string[]).includes(match[4]!)
    ? (match[4] as (typeof flipResults)[number])
    : null;
  return {
    userId: Number(match[2]),
    message: {
      type: 'flip',
      id: match[1]!,
      status: match[3] as 'open' | 'closed' | 'refunded',
      result,
    },
  };
}
