// The WebSocket /api/ws (DESIGN §6, issue 10), on @fastify/websocket: the hub every module's live
// events go through, knowing none of them (issue 17). A module registers the channels it owns
// (`channel`: what a subscribe names, who may join; e.g. modules/market/live.ts), the `auth` op's
// handler (`authenticate`: modules/account/live.ts, with the `user` channel), and
// publishes with `broadcast`, often from the database's notifications (`onNotification`, sent on
// commit: in every process). Every client message is checked against packages/api (a bad one
// gets an error frame; the connection stays usable). Each message is serialised once per broadcast,
// numbered per channel (`seq`) so a client sees a gap and refetches. Exhaustion bounds (issue 16): a
// client whose unsent bytes pass a bound is dropped, so is one that stops answering pings; each
// socket's messages are rate-limited and queued to a bound (the queue goes with the socket), a socket
// holds a bounded number of channels, and a channel nobody listens to is forgotten.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { RawData, WebSocket } from 'ws';
import {
  wsClientMessage,
  type ErrorReason,
  type WsChannelEvent,
  type WsClientMessage,
  type WsServerMessage,
} from '@tradeflip/api';
import { toLanguage, translate, type Language, type MessageKey } from '@tradeflip/i18n';
import { systemClock, type Clock } from '../clock';
import type { Listen } from '../db/notifications';
import { databaseUnreachable } from '../db/rows';
import { AppError } from '../errors';

export interface WebSocketOptions {
  /** The database's LISTEN, for `onNotification`. */
  listen?: Listen | undefined;
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
  /** The server's time, told in `pong` (clients count down to it, not to their own clock). */
  clock?: Clock;
}

/** Who a socket is signed in as (set by the `auth` handler through the hub's `signIn`). */
export interface LiveSession {
  readonly userId: number;
  readonly sessionId: number;
  /** When the session stops being valid (its sign-in's owner checks it before telling the user). */
  readonly expiresAt: Date;
}

/** What a module sees of a socket. */
export interface LiveClient {
  /** The language of its error frames. */
  readonly lang: Language;
  readonly ip: string;
  /** The channels it listens to, by key. */
  readonly channels: ReadonlySet<string>;
  /** Who it is signed in as; undefined until an `auth` succeeds, and again once signed out. */
  readonly session: LiveSession | undefined;
}

interface Client extends LiveClient {
  readonly socket: WebSocket;
  readonly channels: Set<string>;
  session: LiveSession | undefined;
  alive: boolean;
}

/** A message refused: answered with an error frame in the client's language. */
export interface WsRefusal {
  reason: ErrorReason;
  key: MessageKey;
  vars?: Record<string, number> | undefined;
}

/** A subscribe or unsubscribe message, and the kinds of channel there are (packages/api's). */
export type WsSubscription = Extract<WsClientMessage, { op: 'subscribe' | 'unsubscribe' }>;
export type WsChannelKind = WsSubscription['channel'];

/** What the module owning a kind of channel tells the hub. */
export interface ChannelOwner<M extends WsSubscription = WsSubscription> {
  /** The channel `message` names for this client: its listeners, and its frames' numbers, go by this key. */
  key(message: M, client: LiveClient): string;
  /** What `subscribed` and `unsubscribed` call it (default: its key). */
  shownAs?: string;
  /** Why this client may not join it, if it may not (asked before the socket's channel cap). */
  refuse?(message: M, client: LiveClient): WsRefusal | undefined;
  /**
   * The frame a client gets right after `subscribed`: the channel's state as it is now, numbered as
   * `subscribed` is (it repeats that number; the next broadcast is one more).
   */
  welcome?(message: M, client: LiveClient): Promise<WsChannelEvent | undefined>;
}

/** Answers an `auth` message (its module replies to the client itself). */
export type WsAuthenticate = (token: string, client: LiveClient) => Promise<void>;

/** A channel's listeners and the number of its last frame. */
interface ChannelState {
  members: Set<Client>;
  seq: number;
}

/** Who listens to what; sends each message, serialised once and numbered, to a channel's clients. */
export class WebSocketHub {
  private readonly clients = new Set<Client>();
  private readonly byChannel = new Map<string, ChannelState>();
  private readonly owners = new Map<WsChannelKind, ChannelOwner>();
  private authHandler: WsAuthenticate | undefined;
  private readonly stopListening: (() => Promise<void>)[] = [];
  dropped = 0;

  constructor(
    private readonly maxBufferedBytes: number,
    private readonly listen: Listen | undefined,
  ) {}

  /** Calls `handler` with every notification the database sends on `channel` (after its commit). */
  async onNotification(channel: string, handler: (payload: string) => void) {
    const stop = await this.listen?.(channel, handler);
    if (stop) this.stopListening.push(stop);
  }

  /** Makes a module the owner of a kind of channel. */
  channel<K extends WsChannelKind>(kind: K, owner: ChannelOwner<Extract<WsSubscription, { channel: K }>>) {
    if (this.owners.has(kind)) throw new Error(`the WebSocket channel ${kind} has an owner already`);
    this.owners.set(kind, owner as ChannelOwner);
  }

  ownerOf(kind: WsChannelKind): ChannelOwner | undefined {
    return this.owners.get(kind);
  }

  /** Makes a module the handler of `auth` messages. */
  authenticate(handler: WsAuthenticate) {
    if (this.authHandler) throw new Error('WebSocket sign-in has a handler already');
    this.authHandler = handler;
  }

  get authenticator(): WsAuthenticate | undefined {
    return this.authHandler;
  }

  add(client: Client) {
    this.clients.add(client);
  }

  remove(client: LiveClient) {
    const own = client as Client;
    this.clients.delete(own);
    for (const channel of [...own.channels]) this.unsubscribe(own, channel);
  }

  /** Records who a socket is signed in as (its session goes with the socket). */
  signIn(client: LiveClient, session: LiveSession) {
    (client as Client).session = session;
  }

  signOut(client: LiveClient) {
    (client as Client).session = undefined;
  }

  /** Joins a channel; answers the number of its last frame (the client's next is one more). */
  subscribe(client: LiveClient, channel: string): number {
    const own = client as Client;
    own.channels.add(channel);
    let state = this.byChannel.get(channel);
    if (!state) this.byChannel.set(channel, (state = { members: new Set(), seq: 0 }));
    state.members.add(own);
    return state.seq;
  }

  unsubscribe(client: LiveClient, channel: string) {
    const own = client as Client;
    own.channels.delete(channel);
    const state = this.byChannel.get(channel);
    if (!state) return;
    state.members.delete(own);
    // Forgotten once empty: made-up channel names can't pile up.
    if (state.members.size === 0) this.byChannel.delete(channel);
  }

  /** Sends to one client, or drops it when it has fallen too far behind. */
  private send(client: Client, data: string) {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > this.maxBufferedBytes) {
      this.dropped += 1;
      this.remove(client);
      client.socket.terminate();
      return;
    }
    client.socket.send(data);
  }

  reply(client: LiveClient, message: WsServerMessage) {
    this.send(client as Client, JSON.stringify(message));
  }

  refuse(client: LiveClient, { reason, key, vars }: WsRefusal) {
    this.reply(client, { type: 'error', reason, msg: translate(client.lang, key, vars) });
  }

  /** The sockets listening to a channel. */
  members(channel: string): LiveClient[] {
    return [...(this.byChannel.get(channel)?.members ?? [])];
  }

  /** Whether anyone listens to a channel (a publisher can skip working out a frame nobody gets). */
  has(channel: string): boolean {
    return (this.byChannel.get(channel)?.members.size ?? 0) > 0;
  }

  broadcast(channel: string, event: WsChannelEvent) {
    const state = this.byChannel.get(channel);
    if (!state?.members.size) return;
    state.seq += 1;
    const data = JSON.stringify({ ...event, seq: state.seq });
    for (const client of [...state.members]) this.send(client, data);
  }

  /** Closes a socket (it leaves its channels at once). */
  close(client: LiveClient, code: number, reason: string) {
    this.remove(client);
    (client as Client).socket.close(code, reason);
  }

  get size() {
    return this.clients.size;
  }

  /** Channels someone listens to (each is held in memory). */
  get channelCount() {
    return this.byChannel.size;
  }

  all(): LiveClient[] {
    return [...this.clients];
  }

  /** Drops the clients that missed the last ping, and pings the others. */
  heartbeat() {
    for (const client of [...this.clients]) {
      if (!client.alive) {
        this.remove(client);
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }

  async shutDown() {
    for (const stop of this.stopListening.splice(0)) await stop();
    for (const client of this.clients) client.socket.close(1001, 'server shutting down');
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
    const hub = new WebSocketHub(options.maxBufferedBytes ?? 1024 * 1024, options.listen);
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

    const heartbeat = setInterval(() => hub.heartbeat(), options.heartbeatMs ?? 30_000);
    heartbeat.unref();

    app.addHook('onClose', async () => {
      clearInterval(heartbeat);
      await hub.shutDown();
    });

    const refuse = (client: Client, reason: ErrorReason, key: MessageKey, vars?: Record<string, number>) =>
      hub.refuse(client, { reason, key, vars });

    const handle = async (client: Client, message: WsClientMessage) => {
      switch (message.op) {
        case 'ping':
          return hub.reply(client, { type: 'pong', time: (options.clock ?? systemClock).now().getTime() });
        case 'auth': {
          const authenticate = hub.authenticator;
          if (!authenticate) return refuse(client, 'unauthorized', 'errors.unauthorized');
          return authenticate(message.token, client);
        }
        case 'subscribe': {
          const owner = hub.ownerOf(message.channel);
          if (!owner) return refuse(client, 'validation', 'validation.invalidRequest');
          const channel = owner.key(message, client);
          const refusal = owner.refuse?.(message, client);
          if (refusal) return hub.refuse(client, refusal);
          if (!client.channels.has(channel) && client.channels.size >= maxSubscriptions)
            return refuse(client, 'validation', 'errors.tooManySubscriptions', { max: maxSubscriptions });
          const welcome = await owner.welcome?.(message, client);
          const seq = hub.subscribe(client, channel);
          hub.reply(client, { type: 'subscribed', channel: owner.shownAs ?? channel, seq });
          if (welcome) hub.reply(client, { ...welcome, seq } as WsServerMessage);
          return;
        }
        case 'unsubscribe': {
          const owner = hub.ownerOf(message.channel);
          if (!owner) return refuse(client, 'validation', 'validation.invalidRequest');
          const channel = owner.key(message, client);
          hub.unsubscribe(client, channel);
          return hub.reply(client, { type: 'unsubscribed', channel: owner.shownAs ?? channel });
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
        session: undefined,
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
          await handle(client, message).catch((error: unknown) =>
            databaseUnreachable(error)
              ? refuse(client, 'unavailable', 'errors.unavailable')
              : refuse(client, 'internal', 'errors.internal'),
          );
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
