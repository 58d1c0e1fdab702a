// The app's one connection to the WebSocket /api/ws (issue 10), on partysocket's ReconnectingWebSocket
// (reconnects with a growing, jittered delay). Screens subscribe to channels (tickers, candles of a pair
// and interval); after every (re)connection the socket signs in with the session, if any, and
// subscribes again to what is still wanted. It closes while the tab is hidden (no traffic nobody sees)
// and reconnects when it shows again. Every message is checked against packages/contract before a
// screen sees it.
import { WebSocket as ReconnectingWebSocket } from 'partysocket';
import type { CandleInterval, WsServerMessage } from '@tradeflip/contract';
import { asServerMessage } from './ws-message';
import { getLanguage } from './language';
import { getToken } from './session';

export type Channel =
  | { channel: 'tickers' }
  | { channel: 'candles'; symbol: string; interval: CandleInterval }
  /** The signed-in user's own events (`balances`); the socket signs in with the session first. */
  | { channel: 'user' };
type Listener = (message: WsServerMessage) => void;

const keyOf = (c: Channel) => (c.channel === 'candles' ? `candles:${c.symbol}:${c.interval}` : c.channel);

/** Which subscribers each channel message goes to. */
function channelOfMessage(message: WsServerMessage): string | undefined {
  if (message.type === 'ticks') return 'tickers';
  if (message.type === 'balances' || message.type === 'position') return 'user';
  if (message.type === 'candle') return `candles:${message.symbol}:${message.interval}`;
  return undefined;
}

class MarketSocket {
  private socket: ReconnectingWebSocket | undefined;
  private readonly wanted = new Map<string, { channel: Channel; listeners: Set<Listener> }>();

  private url(): string {
    const { protocol, host } = window.location;
    return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/ws?lang=${getLanguage()}`;
  }

  private ensure(): ReconnectingWebSocket {
    if (this.socket) return this.socket;
    const socket = new ReconnectingWebSocket(() => this.url(), [], {
      minReconnectionDelay: 500 + Math.random() * 500,
      maxReconnectionDelay: 15_000,
      reconnectionDelayGrowFactor: 1.6,
    });
    socket.addEventListener('open', () => {
      const token = getToken();
      if (token) socket.send(JSON.stringify({ op: 'auth', token }));
      for (const { channel } of this.wanted.values())
        socket.send(JSON.stringify({ op: 'subscribe', ...channel }));
    });
    socket.addEventListener('message', (event: MessageEvent) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(event.data));
      } catch {
        return;
      }
      const message = asServerMessage(parsed);
      if (!message) return;
      const key = channelOfMessage(message);
      const entry = key ? this.wanted.get(key) : undefined;
      for (const listener of entry?.listeners ?? []) listener(message);
    });
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') socket.close();
      else if (this.wanted.size) socket.reconnect();
    });
    this.socket = socket;
    return socket;
  }

  /** Listens to a channel; the returned function stops listening (and unsubscribes when nobody is left). */
  subscribe(channel: Channel, listener: Listener): () => void {
    const key = keyOf(channel);
    let entry = this.wanted.get(key);
    const socket = this.ensure();
    if (!entry) {
      entry = { channel, listeners: new Set() };
      this.wanted.set(key, entry);
      if (socket.readyState === socket.OPEN) {
        // The session may have begun after the socket opened: sign in first (the server takes the
        // messages in order).
        const token = getToken();
        if (channel.channel === 'user' && token) socket.send(JSON.stringify({ op: 'auth', token }));
        socket.send(JSON.stringify({ op: 'subscribe', ...channel }));
      }
    }
    entry.listeners.add(listener);
    return () => {
      const current = this.wanted.get(key);
      if (!current) return;
      current.listeners.delete(listener);
      if (current.listeners.size > 0) return;
      this.wanted.delete(key);
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ op: 'unsubscribe', ...channel }));
    };
  }
}

export const marketSocket = new MarketSocket();
