// The WebSocket /api/ws (DESIGN §6, issue 10), on @fastify/websocket. Public channels: `tickers` (every
// pair's price as it ticks) and `candles` of an enabled pair and interval; the `user` channel (the
// signed-in user's own events) needs `auth` with the session token first, and stops when that session
// is revoked (logout, password change, freeze: announced by the database, so in every process). Every
// client message is checked against packages/contract (a bad one gets an error frame; the connection
// stays usable). Each message is serialised once per broadcast, numbered per channel (`seq`) so a
// client sees a gap and refetches. Exhaustion bounds (issue 16): a client whose unsent bytes pass a
// bound is dropped, so is one that stops answering pings; each socket's messages are rate-limited and
// queued to a bound (the queue goes with the socket), sign-ins are limited per address like the HTTP
// sign-in, a socket holds a bounded number of channels, and a channel nobody listens to is forgotten.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { RawData, WebSocket } from 'ws';
import {
  wsClientMessage,
  wsRevokeReasons,
  type WsChannelEvent,
  type WsClientMessage,
  type WsServerMessage,
} from '@tradeflip/contract';
import { toLanguage, translate, type Language, type MessageKey } from '@tradeflip/i18n';
import type { RateRule } from '../config';
import type { AccountService, SessionLookup } from '../modules/account/service';
import { toWireCandle } from '../modules/market/candles';
import type { MarketService } from '../modules/market/service';
import { AppError } from './errors';
import type { RateLimiter } from './rate-limit';
import { BALANCES_CHANNEL, POSITIONS_CHANNEL, SESSIONS_CHANNEL, type Listen } from '../db/notifications';

export interface WebSocketOptions {
  accounts: AccountService;
  market: MarketService;
  /** The database's LISTEN: whose balances moved, after each commit (the `user` channel's events). */
  listen?: Listen | undefined;
  /** A position the game notified about: whose it is and what became of it. */
  positionNotice?: (payload: string) => { userId: number; message: WsChannelEvent } | undefined;
  /** Counts `auth` messages per client address (`authRule`, like the HTTP sign-in's). */
  limiter?: RateLimiter | undefined;
  authRule?: RateRule | null | undefined;
  /** Unsent bytes a client may have queued before it is dropped. */
  maxBufferedBytes?: number;
  /** How often clients are pinged; one that missed the last ping is dropped. */
  heartbeatMs?: number;
  /** Messages a socket may send per second; the rest are refused unread. */
  messagesPerSecond?: number;
  /** Messages a socket may have waiting to be handled; past it the socket is closed (1008). */
  maxQueuedMessages?: number;
  /** Channels one socket may listen to at once. */
  maxSubscriptions?: number;
}

interface Client {
  socket: WebSocket;
  lang: Language;
  ip: string;
  channels: Set<string>;
  userId?: number | undefined;
  sessionId?: number | undefined;
  alive: boolean;
}

const channelOf = (message: Extract<WsClientMessage, { op: 'subscribe' | 'unsubscribe' }>) =>
  message.channel === 'candles' ? `candles:${message.symbol}:${message.interval}` : message.channel;

/** A channel's listeners and the number of its last frame. */
interface ChannelState {
  members: Set<Client>;
  seq: number;
}

/** Who listens to what; sends each message, serialised once and numbered, to a channel's clients. */
export class WebSocketHub {
  private readonly clients = new Set<Client>();
  private readonly byChannel = new Map<string, ChannelState>();
  /** Per sign-in being looked up, the sessions revoked meanwhile (its lookup may predate them). */
  private readonly lookups = new Set<Set<number>>();
  dropped = 0;

  constructor(private readonly maxBufferedBytes: number) {}

  add(client: Client) {
    this.clients.add(client);
  }

  remove(client: Client) {
    this.clients.delete(client);
    for (const channel of [...client.channels]) this.unsubscribe(client, channel);
  }

  /** Joins a channel; answers the number of its last frame (the client's next is one more). */
  subscribe(client: Client, channel: string): number {
    client.channels.add(channel);
    let state = this.byChannel.get(channel);
    if (!state) this.byChannel.set(channel, (state = { members: new Set(), seq: 0 }));
    state.members.add(client);
    return state.seq;
  }

  unsubscribe(client: Client, channel: string) {
    client.channels.delete(channel);
    const state = this.byChannel.get(channel);
    if (!state) return;
    state.members.delete(client);
    // Forgotten once empty: made-up channel names can't pile up.
    if (state.members.size === 0) this.byChannel.delete(channel);
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

  broadcast(channel: string, event: WsChannelEvent) {
    const state = this.byChannel.get(channel);
    if (!state?.members.size) return;
    state.seq += 1;
    const data = JSON.stringify({ ...event, seq: state.seq });
    for (const client of [...state.members]) this.send(client, data);
  }

  /**
   * Signs out the sockets authed with a revoked session: their user channel stops at once and they
   * are told why.
   */
  revoke(sessionId: number, reason: (typeof wsRevokeReasons)[number]) {
    for (const revoked of this.lookups) revoked.add(sessionId);
    for (const client of this.clients) {
      if (client.sessionId !== sessionId) continue;
      this.unsubscribe(client, `user:${client.userId}`);
      client.userId = undefined;
      client.sessionId = undefined;
      this.reply(client, { type: 'unauthed', reason });
    }
  }

  /**
   * Runs a sign-in's session lookup; answers it with whether that session was revoked while it ran
   * (a revocation announced before the sign-in takes effect would otherwise miss its socket).
   */
  async lookUp(lookup: () => Promise<SessionLookup>): Promise<[SessionLookup, boolean]> {
    const revoked = new Set<number>();
    this.lookups.add(revoked);
    try {
      const answer = await lookup();
      return [answer, answer.status === 'valid' && revoked.has(answer.sessionId)];
    } finally {
      this.lookups.delete(revoked);
    }
  }

  /** Closes the sockets signed in as a user (an operator's tool); answers how many. */
  disconnect(userId: number): number {
    let closed = 0;
    for (const client of this.all()) {
      if (client.userId !== userId) continue;
      this.remove(client);
      client.socket.close(1012, 'disconnected by the operator');
      closed += 1;
    }
    return closed;
  }

  get size() {
    return this.clients.size;
  }

  /** Channels someone listens to (each is held in memory). */
  get channelCount() {
    return this.byChannel.size;
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

/** The ws library's protocol errors (e.g. an oversized frame) and a peer gone mid-write: the client's doing. */
const isClientError = (error: Error & { code?: string }) =>
  typeof error.code === 'string' &&
  (error.code.startsWith('WS_ERR_') || error.code === 'ECONNRESET' || error.code === 'EPIPE');

export const webSocketPlugin = fp<WebSocketOptions>(
  async (app: FastifyInstance, options) => {
    const hub = new WebSocketHub(options.maxBufferedBytes ?? 1024 * 1024);
    const messagesPerSecond = options.messagesPerSecond ?? 20;
    const maxQueued = options.maxQueuedMessages ?? 32;
    const maxSubscriptions = options.maxSubscriptions ?? 16;
    app.decorate('webSockets', hub);
    await app.register(websocket, {
      options: { maxPayload: 4096 },
      // A client's bad frame (too large: closed with 1009 by ws itself) is the client's error, logged
      // like a 4xx; anything else is ours.
      errorHandler: (error, socket, request) => {
        if (isClientError(error)) {
          request.log.info({ err: error }, 'client error');
          return;
        }
        request.log.error({ err: error }, 'websocket failed');
        socket.terminate();
      },
    });

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
    const stopListening = await Promise.all([
      options.listen?.(BALANCES_CHANNEL, (payload) => {
        if (/^\d+$/.test(payload)) hub.broadcast(`user:${payload}`, { type: 'balances' });
      }),
      options.positionNotice
        ? options.listen?.(POSITIONS_CHANNEL, (payload) => {
            const notice = options.positionNotice!(payload);
            if (notice) hub.broadcast(`user:${notice.userId}`, notice.message);
          })
        : undefined,
      options.listen?.(SESSIONS_CHANNEL, (payload) => {
        const match = /^(\d+):([a-z_]+)$/.exec(payload);
        const reason = wsRevokeReasons.find((known) => known === match?.[2]);
        if (match && reason) hub.revoke(Number(match[1]), reason);
      }),
    ]);

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
      for (const stop of stopListening) await stop?.();
      clearInterval(heartbeat);
      for (const client of hub.all()) client.socket.close(1001, 'server shutting down');
    });

    const refuse = (client: Client, reason: string, key: MessageKey, vars?: Record<string, number>) =>
      hub.reply(client, { type: 'error', reason, msg: translate(client.lang, key, vars) });

    const handle = async (client: Client, message: WsClientMessage) => {
      switch (message.op) {
        case 'ping':
          return hub.reply(client, { type: 'pong' });
        case 'auth': {
          // Each sign-in reads the database: limited per address like the HTTP sign-in.
          const decision = options.limiter
            ? await options.limiter.consume('ws-auth-ip', client.ip, options.authRule ?? null)
            : undefined;
          if (decision && !decision.allowed) {
            return refuse(client, 'rate_limited', 'errors.tooManyRequestsIn', {
              s: decision.retryAfterSeconds,
            });
          }
          const [session, revoked] = await hub.lookUp(() => options.accounts.resolveSession(message.token));
          if (session.status !== 'valid' || revoked) {
            return refuse(
              client,
              session.status === 'frozen' ? 'user_frozen' : 'unauthorized',
              'errors.unauthorized',
            );
          }
          const previous = client.userId;
          client.userId = session.user.id;
          client.sessionId = session.sessionId;
          hub.reply(client, { type: 'authed', userId: String(session.user.id) });
          // Signed in as someone else now: the previous user's events stop here, the new user's
          // channel starts (numbered afresh).
          if (
            previous !== undefined &&
            previous !== session.user.id &&
            client.channels.has(`user:${previous}`)
          ) {
            hub.unsubscribe(client, `user:${previous}`);
            const seq = hub.subscribe(client, `user:${session.user.id}`);
            hub.reply(client, { type: 'subscribed', channel: 'user', seq });
          }
          return;
        }
        case 'subscribe': {
          const channel = message.channel === 'user' ? `user:${client.userId ?? ''}` : channelOf(message);
          if (message.channel === 'user' && client.userId === undefined)
            return refuse(client, 'unauthorized', 'errors.signInFirst');
          if (message.channel === 'candles' && !options.market.enabledSymbols().includes(message.symbol))
            return refuse(client, 'validation', 'errors.pairUnknown');
          if (!client.channels.has(channel) && client.channels.size >= maxSubscriptions)
            return refuse(client, 'validation', 'errors.tooManySubscriptions', { max: maxSubscriptions });
          const seq = hub.subscribe(client, channel);
          return hub.reply(client, {
            type: 'subscribed',
            channel: message.channel === 'user' ? 'user' : channel,
            seq,
          });
        }
        case 'unsubscribe': {
          const channel = message.channel === 'user' ? `user:${client.userId ?? ''}` : channelOf(message);
          hub.unsubscribe(client, channel);
          return hub.reply(client, {
            type: 'unsubscribed',
            channel: message.channel === 'user' ? 'user' : channel,
          });
        }
      }
    };

    const parse = (raw: RawData, isBinary: boolean): WsClientMessage | undefined => {
      let parsed: unknown;
      try {
        parsed = isBinary ? undefined : JSON.parse(raw.toString());
      } catch {
        parsed = undefined;
      }
      const result = wsClientMessage.safeParse(parsed);
      return result.success ? result.data : undefined;
    };

    const onSocket = (socket: WebSocket, request: FastifyRequest) => {
      const header = request.headers['x-lang'] ?? request.headers['accept-language'];
      const query = request.query as { lang?: string };
      const client: Client = {
        socket,
        lang: toLanguage(
          typeof query.lang === 'string' ? query.lang : Array.isArray(header) ? header[0] : header,
        ),
        ip: request.ip,
        channels: new Set(),
        alive: true,
      };
      hub.add(client);
      // One message at a time, in order: a `subscribe` to the user channel sent right after `auth`
      // waits for the session to be resolved instead of overtaking it. The queue is bounded and goes
      // with the socket.
      const queue: WsClientMessage[] = [];
      let running = false;
      let windowStart = 0;
      let inWindow = 0;
      socket.on('pong', () => (client.alive = true));
      socket.on('close', () => {
        queue.length = 0;
        hub.remove(client);
      });
      const drain = async () => {
        running = true;
        for (let message = queue.shift(); message; message = queue.shift()) {
          // A failure (the database, say) is answered like any refusal; the next message still runs.
          await handle(client, message).catch(() => refuse(client, 'internal', 'errors.internal'));
        }
        running = false;
      };
      socket.on('message', (raw, isBinary) => {
        const now = Date.now();
        if (now - windowStart >= 1000) {
          windowStart = now;
          inWindow = 0;
        }
        inWindow += 1;
        if (inWindow > messagesPerSecond) {
          // Refused unread; told once per second, so the refusals are no flood of their own.
          if (inWindow === messagesPerSecond + 1) refuse(client, 'rate_limited', 'errors.tooManyRequests');
          return;
        }
        const message = parse(raw, isBinary);
        if (!message) return refuse(client, 'validation', 'validation.invalidRequest');
        if (queue.length >= maxQueued) {
          queue.length = 0;
          socket.close(1008, 'too many messages');
          return;
        }
        queue.push(message);
        if (!running) void drain();
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
