// A position's notice (NOTIFY on POSITIONS_CHANNEL, sent on commit): `id:userId:status:closeReason`.
// Every process hears it: the engine indexes the position or drops it, the WebSocket tells its owner,
// neither reading the row for it.
import { closeReasons, type CloseReason } from '@tradeflip/contract';
import type { PositionRow } from './repository';

/** Also written by repository.ts's INSERT_POSITION, which learns the id only as it inserts. */
export function noticePayload(row: Pick<PositionRow, 'id' | 'userId' | 'status' | 'closeReason'>) {
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
