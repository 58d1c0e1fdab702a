// The app's one connection to the WebSocket /api/ws (issue 10), on a ReconnectingSocket (reconnects
// with a growing, jittered delay). Screens subscribe to channels (tickers, candles of a pair
// and interval, the user's own); after every (re)connection the socket signs in with the session, if
// any, and subscribes again to what is still wanted. It closes while the tab is hidden (no traffic
// nobody sees) and reconnects when it shows again. Every message is checked against packages/api
// before a screen sees it.
//
// Live data is resynced, never trusted to arrive (issue 16, CONVENTIONS 20): the server numbers each
// channel's frames (`seq`), so a number skipped is a frame missed; a reconnect may have missed any.
// Either way the channel's listeners get `{ type: 'resync' }` and refetch what the channel covers
// (once the channel is subscribed again, so nothing falls between the refetch and the next frame).
// A frame costs no request: only reconnects, gaps and the user channel's first subscription (its
// notices sent before it are missed; refetched once the page is idle) do. A refused sign-in (too many from one address,
// a server error) refetches too, and is tried again later: the user channel is never silently absent.
// A revoked session refetches (the HTTP side's 401 rules end it), except a frozen account's: its
// listeners are told `frozen` instead, and sign out at once.
import { ReconnectingSocket as ReconnectingWebSocket } from './reconnecting-socket';
import type { CandleInterval, WsServerMessage } from '@tradeflip/api';
import { asServerMessage } from './ws-message';
import { getLanguage } from '@/lib/language';
import { whenIdle } from '@/lib/next-task';
import { noteServerTime } from '@/lib/server-clock';
import { getToken } from '@/lib/session';

export type Channel =
  | { channel: 'tickers' }
  | { channel: 'candles'; symbol: string; interval: CandleInterval }
  /** The signed-in user's own events (`balances`, `position`, `flip`, `notice`); the socket signs in with the session first. */
  | { channel: 'user' }
  /** Other players' latest plays (public); each frame is the whole list. */
  | { channel: 'plays' };

/** Told to a channel's listeners when frames may have been missed: refetch what the channel covers. */
export interface Resync {
  type: 'resync';
}
/**
 * Told to the user channel's listeners, in place of a resync, when the server says the account of the
 * session this tab holds is frozen (its revocation notice, or its sign-in refused): a refetch would
 * only meet 401s; the app signs out (spec §4).
 */
export interface AccountFrozen {
  type: 'frozen';
}
export type LiveMessage = WsServerMessage | Resync | AccountFrozen;
type Listener = (message: LiveMessage) => void;

/** The reasons an `auth` is refused for (packages/api's error reasons the sign-in answers with). */
const AUTH_REFUSALS = new Set(['rate_limited', 'unauthorized', 'user_frozen', 'unavailable', 'internal']);

const keyOf = (c: Channel) => (c.channel === 'candles' ? `candles:${c.symbol}:${c.interval}` : c.channel);

/** Which subscribers each channel message goes to. */
function channelOfMessage(message: WsServerMessage): string | undefined {
  if (message.type === 'ticks') return 'tickers';
  if (message.type === 'plays') return 'plays';
  if (
    message.type === 'balances' ||
    message.type === 'position' ||
    message.type === 'flip' ||
    message.type === 'notice'
  )
    return 'user';
  if (message.type === 'candle') return `candles:${message.symbol}:${message.interval}`;
  return undefined;
}

/** How often the socket asks the server's time (a clock drifts little in a minute). */
const PING_EVERY_MS = 60_000;

export class MarketSocket {
  private socket: ReconnectingWebSocket | undefined;
  private readonly wanted = new Map<string, { channel: Channel; listeners: Set<Listener> }>();
  /** Each channel's last frame number on this connection. */
  private readonly lastSeq = new Map<string, number>();
  /** Channels to resync once they are subscribed again (after a reconnect or a revoked session). */
  private readonly missed = new Set<string>();
  /**
   * The user channel, asked for and not yet subscribed once. Its frames are notices (refetch this), not
   * the data: one sent between a screen's first load and the subscription would leave that screen
   * stale until the next notice, so its first subscription is followed by a resync too, once the page
   * is idle (on every page load, and not in its busiest seconds). Tickers and candles need none: their
   * frames carry the prices, and the next one (a second later) brings the screen up to date.
   */
  private userFirstJoin = false;
  private opened = false;
  /** The token this connection last sent an `auth` with. */
  private authedWith: string | null = null;
  /** Tokens of `auth` messages not answered yet, oldest first (answers come in order). */
  private authsInFlight: string[] = [];
  /** When each ping still unanswered went out (answers come in order): the server's clock. */
  private pingsInFlight: number[] = [];
  private pinger: ReturnType<typeof setInterval> | undefined;
  /** The token the server holds this connection signed in with (its `authed` came back). */
  private confirmedAs: string | null = null;
  /** The user channel was asked for and neither given nor refused yet. */
  private userPending = false;
  /** A refused sign-in is tried again later (growing delays): one waits at a time. */
  private userRetry: ReturnType<typeof setTimeout> | undefined;
  private userRetries = 0;
  /** The connection is open now; screens told when it changes (onConnection). */
  private connected = false;
  private readonly connectionListeners = new Set<() => void>();

  private setConnected(value: boolean) {
    if (this.connected === value) return;
    this.connected = value;
    for (const listener of this.connectionListeners) listener();
  }

  /**
   * The live connection is lost (it was open and is not, or the device is offline): a price that stops
   * is then this side's doing, not the market's, and the screens say so.
   */
  readonly isConnectionLost = (): boolean =>
    (this.opened && !this.connected) || (typeof navigator !== 'undefined' && navigator.onLine === false);

  /** Calls `listener` when isConnectionLost may have changed; returns the function that stops it. */
  readonly onConnection = (listener: () => void): (() => void) => {
    this.connectionListeners.add(listener);
    window.addEventListener('online', listener);
    window.addEventListener('offline', listener);
    return () => {
      this.connectionListeners.delete(listener);
      window.removeEventListener('online', listener);
      window.removeEventListener('offline', listener);
    };
  };

  private url(): string {
    const { protocol, host } = window.location;
    return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/ws?lang=${getLanguage()}`;
  }

  private send(socket: ReconnectingWebSocket, message: object) {
    socket.send(JSON.stringify(message));
  }

  private join(socket: ReconnectingWebSocket, channel: Channel) {
    if (channel.channel === 'user') this.userPending = true;
    this.send(socket, { op: 'subscribe', ...channel });
  }

  /**
   * The user channel was refused (its sign-in refused: too many from this address, the database away, a server error, or
   * the session is gone). Its screens refetch now (they meet a 401 if the session is gone); a refusal
   * for now is tried again later on this connection, where nothing else would.
   */
  private userRefused(socket: ReconnectingWebSocket, reason: string, refusedToken: string | undefined) {
    this.userPending = false;
    // Frozen: the tab's own session, not one it held before.
    if (reason === 'user_frozen' && refusedToken !== undefined && refusedToken === getToken()) {
      return this.tell('user', { type: 'frozen' });
    }
    this.resync('user');
    if (reason !== 'rate_limited' && reason !== 'unavailable' && reason !== 'internal') return;
    if (this.userRetry !== undefined) return;
    const delay = Math.min(60_000, 5000 * 2 ** this.userRetries++);
    this.userRetry = setTimeout(() => {
      this.userRetry = undefined;
      if (socket.readyState !== socket.OPEN || !this.wanted.has('user') || !getToken()) return;
      if (this.userPending || this.lastSeq.has('user')) return;
      this.missed.add('user');
      this.signIn(socket);
      this.join(socket, { channel: 'user' });
    }, delay);
  }

  private signIn(socket: ReconnectingWebSocket) {
    const token = getToken();
    this.authedWith = token;
    if (!token) return;
    this.authsInFlight.push(token);
    this.send(socket, { op: 'auth', token });
  }

  /** This tab's session is signed in on this connection, or its `auth` is on its way. */
  private signedInOrSigningIn(): boolean {
    const token = getToken();
    return token !== null && (this.confirmedAs === token || this.authsInFlight.includes(token));
  }

  /**
   * This tab still holds the session the server has this connection signed in with (not one it sent
   * an `auth` for that is still on its way: a notice about the old session must not end the new).
   */
  private holdsAuthedSession(): boolean {
    return this.confirmedAs !== null && getToken() === this.confirmedAs;
  }

  private tell(key: string, message: LiveMessage) {
    for (const listener of this.wanted.get(key)?.listeners ?? []) listener(message);
  }

  private resync(key: string) {
    this.tell(key, { type: 'resync' });
  }

  private receive(socket: ReconnectingWebSocket, message: WsServerMessage) {
    if (message.type === 'pong') {
      const sentAt = this.pingsInFlight.shift();
      if (sentAt !== undefined) noteServerTime(message.time, sentAt, Date.now());
      return;
    }
    if (message.type === 'subscribed') {
      if (message.channel === 'user') {
        this.userPending = false;
        this.userRetries = 0;
      }
      this.lastSeq.set(message.channel, message.seq);
      const first = message.channel === 'user' && this.userFirstJoin;
      if (first) this.userFirstJoin = false;
      if (this.missed.delete(message.channel)) this.resync(message.channel);
      else if (first) whenIdle(() => this.wanted.has('user') && this.resync('user'));
      return;
    }
    if (message.type === 'authed') {
      this.confirmedAs = this.authsInFlight.shift() ?? this.confirmedAs;
      return;
    }
    if (message.type === 'error') {
      // Answers come in order: the first refusal after an `auth` is its answer, and the server then
      // holds no session for this connection.
      const refusedToken = AUTH_REFUSALS.has(message.reason) ? this.authsInFlight.shift() : undefined;
      if (refusedToken !== undefined) this.confirmedAs = null;
      // A refusal (not a malformed message's) while the user channel is on its way is its sign-in's.
      if (this.userPending && this.wanted.has('user') && message.reason !== 'validation') {
        this.userRefused(socket, message.reason, refusedToken);
      }
      return;
    }
    if (message.type === 'unauthed') {
      // This connection's session was revoked (or expired). A new session in this tab (a password
      // change) signs in again and refetches; without one, the user's screens refetch and meet the
      // HTTP side's 401. The notice wins over the resync when it says why no refetch can help: the
      // session this tab holds, confirmed by the server, was frozen.
      const frozen = message.reason === 'frozen' && this.holdsAuthedSession();
      this.confirmedAs = null;
      this.lastSeq.delete('user');
      const token = getToken();
      if (token && token !== this.authedWith && this.wanted.has('user')) {
        this.missed.add('user');
        this.signIn(socket);
        this.join(socket, { channel: 'user' });
      } else {
        this.authedWith = null;
        if (frozen) this.tell('user', { type: 'frozen' });
        else this.resync('user');
      }
      return;
    }
    const key = channelOfMessage(message);
    if (!key || !('seq' in message)) return;
    const last = this.lastSeq.get(key);
    this.lastSeq.set(key, message.seq);
    this.tell(key, message);
    // A frame repeating the number of `subscribed` is the channel's state as it is (plays' first).
    if (last !== undefined && message.seq !== last + 1 && message.seq !== last) this.resync(key);
  }

  private ensure(): ReconnectingWebSocket {
    if (this.socket) return this.socket;
    const socket = new ReconnectingWebSocket(() => this.url(), {
      minReconnectionDelay: 500 + Math.random() * 500,
      maxReconnectionDelay: 15_000,
      reconnectionDelayGrowFactor: 1.6,
    });
    socket.addEventListener('open', () => {
      // Numbers start afresh on every connection; a reconnect may have missed anything.
      this.lastSeq.clear();
      this.authsInFlight = [];
      this.confirmedAs = null;
      this.pingsInFlight = [];
      this.ping(socket);
      if (this.opened) for (const key of this.wanted.keys()) this.missed.add(key);
      this.opened = true;
      this.setConnected(true);
      this.signIn(socket);
      this.userPending = false;
      for (const { channel } of this.wanted.values()) this.join(socket, channel);
    });
    socket.addEventListener('close', () => this.setConnected(false));
    socket.addEventListener('message', (event) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String((event as MessageEvent).data));
      } catch {
        return;
      }
      const message = asServerMessage(parsed);
      if (message) this.receive(socket, message);
    });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') socket.close();
      else if (this.wanted.size) socket.reconnect();
    });
    this.socket = socket;
    return socket;
  }

  /** Asks the server's time now, and every minute while the socket lives (lib/server-clock.ts). */
  private ping(socket: ReconnectingWebSocket) {
    const send = () => {
      if (socket.readyState !== socket.OPEN) return;
      this.pingsInFlight.push(Date.now());
      this.send(socket, { op: 'ping' });
    };
    send();
    this.pinger ??= setInterval(send, PING_EVERY_MS);
  }

  /** Listens to a channel; the returned function stops listening (and unsubscribes when nobody is left). */
  subscribe(channel: Channel, listener: Listener): () => void {
    const key = keyOf(channel);
    let entry = this.wanted.get(key);
    const socket = this.ensure();
    if (!entry) {
      entry = { channel, listeners: new Set() };
      this.wanted.set(key, entry);
      if (channel.channel === 'user') this.userFirstJoin = true;
      if (socket.readyState === socket.OPEN) {
        // The session may have begun after the socket opened: sign in first (the server takes the
        // messages in order). Not again when the socket's opening already signed this session in:
        // each `auth` counts against the server's sign-in limit per address.
        if (channel.channel === 'user' && getToken() && !this.signedInOrSigningIn()) this.signIn(socket);
        this.join(socket, channel);
      }
    }
    entry.listeners.add(listener);
    return () => {
      const current = this.wanted.get(key);
      if (!current) return;
      current.listeners.delete(listener);
      if (current.listeners.size > 0) return;
      this.wanted.delete(key);
      this.lastSeq.delete(key);
      this.missed.delete(key);
      if (socket.readyState === socket.OPEN) this.send(socket, { op: 'unsubscribe', ...channel });
    };
  }
}

export const marketSocket = new MarketSocket();
