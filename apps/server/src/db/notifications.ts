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

/**
 * A notice of the notification centre stored (modules/notifications): the payload is the stored row as
 * JSON (`id`, `userId`, `kind`, `params`, `createdAt`), or only `id` and `userId` when it would not fit
 * a notification (then the row is read).
 */
export const NOTICES_CHANNEL = 'tradeflip_notices';

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

/** The listening connection's name in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'tradeflip-listen';

/**
 * One connection of its own for every channel of a database handle (outside the pool, which it would
 * hold forever; one per channel and app would take a process's share of the server's connections),
 * reconnected after a loss with every channel listened again; notifications sent while it was away
 * are missed, which is harmless for "refetch now" hints. It closes when the last listener stops.
 */
/** As the pools' (db/client.ts): a connect the cut network never answers fails after 5 s. */
const CONNECT_TIMEOUT_MS = 5000;

export function postgresListen(url: string): Listen {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let retry: NodeJS.Timeout | undefined;
  const listenSql = (verb: 'LISTEN' | 'UNLISTEN', channel: string) =>
    `${verb} ${pg.escapeIdentifier(channel)}`;

  const lost = (gone: pg.Client) => {
    void gone.end().catch(() => undefined);
    if (client !== gone) return;
    client = undefined;
    const again = () => {
      retry = undefined;
      if (listeners.size === 0 || client || connecting) return;
      connect().catch(() => {
        retry = setTimeout(again, 1000);
      });
    };
    retry = setTimeout(again, 1000);
  };

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      // A connect with no answer (the network cut) fails, so the retry below comes round.
      const next = new pg.Client({
        connectionString: url,
        application_name: LISTEN_APPLICATION_NAME,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      });
      next.on('notification', (message) => {
        for (const onPayload of listeners.get(message.channel) ?? []) onPayload(message.payload ?? '');
      });
      next.on('error', () => lost(next));
      try {
        await next.connect();
        for (const channel of listeners.keys()) await next.query(listenSql('LISTEN', channel));
      } catch (error) {
        void next.end().catch(() => undefined);
        throw error;
      }
      if (listeners.size === 0) {
        // Every listener stopped while it connected (a reconnect's): nobody needs it.
        void next.end().catch(() => undefined);
        throw new Error('nothing to listen to');
      }
      client = next;
      return next;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  };

  return async (channel, onPayload) => {
    let channelListeners = listeners.get(channel);
    const first = channelListeners === undefined;
    if (!channelListeners) listeners.set(channel, (channelListeners = new Set()));
    const mine = channelListeners;
    mine.add(onPayload);
    try {
      const connected = client ?? (await connect());
      // Listening twice is harmless (a connect just made listened to every channel already).
      if (first) await connected.query(listenSql('LISTEN', channel));
    } catch (error) {
      mine.delete(onPayload);
      if (mine.size === 0) listeners.delete(channel);
      throw error;
    }
    return async () => {
      if (!mine.delete(onPayload) || mine.size > 0 || listeners.get(channel) !== mine) return;
      listeners.delete(channel);
      if (listeners.size > 0) {
        await client?.query(listenSql('UNLISTEN', channel)).catch(() => undefined);
        return;
      }
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    };
  };
}

/** A player changed their say in the live plays feed (hidden, amounts): the payload is the user's id. */
export const PLAY_SETTINGS_CHANNEL = 'tradeflip_play_settings';
/** The live plays feed's newest plays, from its builder to every process: the payload is `{ list }`. */
export const PLAYS_CHANNEL = 'tradeflip_plays';
