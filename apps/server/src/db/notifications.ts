// PostgreSQL's LISTEN/NOTIFY, on both drivers: a notification sent inside a transaction is delivered
// only when it commits, to every process connected to the database. The ledger uses it to say whose
// balances moved (after the money is really there), the account module which sessions were revoked,
// and each API process's WebSocket tells those users' screens (or signs their sockets out), without
// Redis and across processes alike.
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/** Whose balances moved: the payload is the user's id. */
export const BALANCES_CHANNEL = 'tradeflip_balances';
/** A contract-game position opened, changed or closed: the payload is its id. */
export const POSITIONS_CHANNEL = 'tradeflip_positions';
/** A Lightning Flip opened or settled: the payload is `id:userId:status:result`. */
export const FLIPS_CHANNEL = 'tradeflip_flips';

/** Sessions revoked (logout, password change or reset, freeze): the payload is `sessionId:reason`. */
export const SESSIONS_CHANNEL = 'tradeflip_sessions';

/** Calls `onPayload` with every notification on `channel`; the answer stops listening. */
export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;

export function pgliteListen(client: PGlite): Listen {
  return async (channel, onPayload) => {
    const stop = await client.listen(channel, onPayload);
    return async () => {
      await stop().catch(() => undefined);
    };
  };
}

/**
 * A connection of its own (outside the pool, which it would hold forever), reconnected after a
 * loss; notifications sent while it was away are missed, which is harmless for "refetch now" hints.
 */
export function postgresListen(url: string): Listen {
  return async (channel, onPayload) => {
    let client: pg.Client | undefined;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async () => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      });
      next.on('error', () => {
        void next.end().catch(() => undefined);
        if (client === next) client = undefined;
        if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 1000);
      });
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (stopped) {
        await next.end();
        return;
      }
      client = next;
    };
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    };
  };
}
