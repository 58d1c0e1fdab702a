// The WebSocket /api/ws (DESIGN §6, issue 10), on @fastify/websocket. Public channels: `tickers` (every
// pair's price as it ticks) and `candles` of a pair and interval; the `user` channel (the signed-in
// user's own events) needs `auth` with the session token first. Every client message is checked
// against packages/contract (a bad one gets an error frame; the connection stays usable). Each message
// is serialised once per broadcast. A client whose unsent bytes pass a bound is dropped, so a slow
// reader never holds up the others or the server's memory; a client that stops answering pings is
// dropped too.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { wsClientMessage, type WsClientMessage, type WsServerMessage } from '@tradeflip/contract';
import { toLanguage, translate, type Language, type MessageKey } from '@tradeflip/i18n';
import type { AccountService } from '../modules/account/service';
import { toWireCandle } from '../modules/market/candles';
import type { MarketService } from '../modules/market/service';
import { AppError } from './errors';
import { BALANCES_CHANNEL, POSITIONS_CHANNEL, type Listen } from '../db/notifications';

export interface WebSocketOptions {
  accounts: AccountService;
  market: MarketService;
  /** The database's LISTEN: whose balances moved, after each commit (the `user` channel's events). */
  listen?: Listen | undefined;
  /** A position the game notified about: whose it is and what became of it. */
  positionNotice?: (payload: string) => { userId: number; message: WsServerMessage } | undefined;
  /** Unsent bytes a client may have queued before it is dropped. */
  maxBufferedBytes?: number;
  /** How often clients are pinged; one that missed the last ping is dropped. */
  heartbeatMs?: number;
}

interface Client {
  socket: WebSocket;
  lang: Language;
  channels: Set<string>;
  userId?: number;
  alive: boolean;
}

const channelOf = (message: Extract<WsClientMessage, { op: 'subscribe' | 'unsubscribe' }>) =>
  message.channel === 'candles' ? `candles:${message.symbol}:${message.interval}` : message.channel;

/** Who listens to what; sends each message, serialised once, to a channel's clients. */
export class WebSocketHub {
  private readonly clients = new Set<Client>();
  private readonly byChannel = new Map<string, Set<Client>>();
  dropped = 0;

  constructor(private readonly maxBufferedBytes: number) {}

  add(client: Client) {
    this.clients.add(client);
  }

  remove(client: Client) {
    this.clients.delete(client);
    for (const channel of client.channels) this.byChannel.get(channel)?.delete(client);
    client.channels.clear();
  }

  subscribe(client: Client, channel: string) {
    client.channels.add(channel);
    let members = this.byChannel.get(channel);
    if (!members) this.byChannel.set(channel, (members = new Set()));
    members.add(client);
  }

  unsubscribe(client: Client, channel: string) {
    client.channels.delete(channel);
    this.byChannel.get(channel)?.delete(client);
  }

  /** Sends to one client, or drops it when it has fallen too far behind. */
  send(client: Client, data: string) {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > this.maxBufferedBytes) {
      this.dropped += 1;
      this.remove(client);
      client.socket.terminate();
      return;
    }
    client.socket.send(data);
  }

  reply(client: Client, message: WsServerMessage) {
    this.send(client, JSON.stringify(message));
  }

  broadcast(channel: string, message: WsServerMessage) {
    const members = this.byChannel.get(channel);
    if (!members?.size) return;
    const data = JSON.stringify(message);
    for (const client of [...members]) this.send(client, data);
  }

  get size() {
    return this.clients.size;
  }

  all() {
    return [...this.clients];
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    webSockets: WebSocketHub;
  }
}

export const webSocketPlugin = fp<WebSocketOptions>(
  async (app: FastifyInstance, options) => {
    const hub = new WebSocketHub(options.maxBufferedBytes ?? 1024 * 1024);
    app.decorate('webSockets', hub);
    await app.register(websocket, { options: { maxPayload: 4096 } });

    const stopTicks = options.market.onTick((batch) => {
      // One frame per step for every pair: 500 clients cost 500 sends a step, not 500 per pair.
      hub.broadcast('tickers', {
        type: 'ticks',
        list: batch.ticks.map(({ symbol, price, time }) => ({ symbol, price, time })),
      });
      for (const candle of batch.candles) {
        hub.broadcast(`candles:${candle.symbol}:${candle.interval}`, {
          type: 'candle',
          symbol: candle.symbol,
          interval: candle.interval,
          candle: toWireCandle(candle),
        });
      }
    });

    // The ledger notifies after each commit whose balances moved; those users' screens refetch.
    const balances = options.listen?.(BALANCES_CHANNEL, (payload) => {
      if (/^\d+$/.test(payload)) hub.broadcast(`user:${payload}`, { type: 'balances' });
    });
    await balances;
    const positions = options.positionNotice
      ? options.listen?.(POSITIONS_CHANNEL, (payload) => {
          const notice = options.positionNotice!(payload);
          if (notice) hub.broadcast(`user:${notice.userId}`, notice.message);
        })
      : undefined;
    await positions;

    const heartbeat = setInterval(() => {
      for (const client of hub.all()) {
        if (!client.alive) {
          hub.remove(client);
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
    }, options.heartbeatMs ?? 30_000);
    heartbeat.unref();

    app.addHook('onClose', async () => {
      stopTicks();
      await (
        await balances
      )?.();
      clearInterval(heartbeat);
      for (const client of hub.all()) client.socket.close(1001, 'server shutting down');
    });

    const refuse = (client: Client, reason: string, key: MessageKey) =>
      hub.reply(client, { type: 'error', reason, msg: translate(client.lang, key) });

    const onSocket = (socket: WebSocket, request: FastifyRequest) => {
      const header = request.headers['x-lang'] ?? request.headers['accept-language'];
      const query = request.query as { lang?: string };
      const client: Client = {
        socket,
        lang: toLanguage(
          typeof query.lang === 'string' ? query.lang : Array.isArray(header) ? header[0] : header,
        ),
        channels: new Set(),
        alive: true,
      };
      hub.add(client);
      socket.on('pong', () => (client.alive = true));
      socket.on('close', () => hub.remove(client));
      // One message at a time, in order: a `subscribe` to the user channel sent right after `auth`
      // waits for the session to be resolved instead of overtaking it.
      let queue: Promise<unknown> = Promise.resolve();
      socket.on('message', (raw, isBinary) => {
        queue = queue
          .then(async () => {
            let parsed: unknown;
            try {
              parsed = isBinary ? undefined : JSON.parse(raw.toString());
            } catch {
              parsed = undefined;
            }
            const result = wsClientMessage.safeParse(parsed);
            if (!result.success) return refuse(client, 'validation', 'validation.invalidRequest');
            const message = result.data;
            switch (message.op) {
              case 'ping':
                return hub.reply(client, { type: 'pong' });
              case 'auth': {
                const session = await options.accounts.resolveSession(message.token);
                if (session.status !== 'valid') {
                  return refuse(
                    client,
                    session.status === 'frozen' ? 'user_frozen' : 'unauthorized',
                    'errors.unauthorized',
                  );
                }
                // Signed in as someone else now: the previous user's events stop here.
                if (client.userId !== undefined && client.userId !== session.user.id) {
                  const previous = `user:${client.userId}`;
                  if (client.channels.has(previous)) {
                    hub.unsubscribe(client, previous);
                    hub.subscribe(client, `user:${session.user.id}`);
                  }
                }
                client.userId = session.user.id;
                return hub.reply(client, { type: 'authed', userId: String(session.user.id) });
              }
              case 'subscribe': {
                if (message.channel === 'user') {
                  if (client.userId === undefined)
                    return refuse(client, 'unauthorized', 'errors.signInFirst');
                  hub.subscribe(client, `user:${client.userId}`);
                  return hub.reply(client, { type: 'subscribed', channel: 'user' });
                }
                const channel = channelOf(message);
                hub.subscribe(client, channel);
                return hub.reply(client, { type: 'subscribed', channel });
              }
              case 'unsubscribe': {
                const channel =
                  message.channel === 'user' ? `user:${client.userId ?? ''}` : channelOf(message);
                hub.unsubscribe(client, channel);
                return hub.reply(client, {
                  type: 'unsubscribed',
                  channel: message.channel === 'user' ? 'user' : channel,
                });
              }
            }
          })
          // A failure (the database, say) is answered like any refusal; the next message still runs.
          .catch(() => refuse(client, 'internal', 'errors.internal'));
      });
    };

    app.route({
      method: 'GET',
      url: '/api/ws',
      config: { auth: 'none' },
      schema: { hide: true },
      // A plain HTTP request (no upgrade) is told to upgrade, in the envelope every call answers.
      handler: async () => {
        throw new AppError(426, 'upgrade_required', 'errors.upgradeRequired');
      },
      wsHandler: onSocket,
    });
  },
  { name: 'websocket', dependencies: ['auth'] },
);
