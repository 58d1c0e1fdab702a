// A flip's notice (NOTIFY on FLIPS_CHANNEL, sent on commit): `id:userId:status:result`. The WebSocket
// tells its owner's screens without reading the row. A batch of settlements sends its notices
// joined by `;`, as few messages as fit a NOTIFY's payload: each message is read, queued and handed
// to every listening process on its own (500 a batch were a fifth of PGlite's reading time).
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

/** A NOTIFY payload is at most 8,000 bytes; the notices are ASCII. */
const PAYLOAD_BYTES = 7_900;

/** One statement for a whole batch of settlements. */
export async function notifyFlips(tx: Queryable, rows: Parameters<typeof flipNoticePayload>[0][]) {
  if (rows.length === 0) return;
  const messages: string[] = [];
  let message = '';
  for (const row of rows) {
    const notice = flipNoticePayload(row);
    if (message && message.length + 1 + notice.length > PAYLOAD_BYTES) {
      messages.push(message);
      message = notice;
    } else message = message ? `${message};${notice}` : notice;
  }
  messages.push(message);
  const payloads = `{${messages.map((m) => `"${m}"`).join(',')}}`;
  await tx.execute(sql`select pg_notify(${FLIPS_CHANNEL}, p) from unnest(${payloads}::text[]) as p`);
}

/** Each flip a message on FLIPS_CHANNEL tells of (one it cannot read is left out). */
export function flipNotices(payload: string): { userId: number; message: WsChannelEvent }[] {
  return payload.split(';').flatMap((one) => flipNotice(one) ?? []);
}

/** What the user channel says of one flip's notice. */
function flipNotice(payload: string): { userId: number; message: WsChannelEvent } | undefined {
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
