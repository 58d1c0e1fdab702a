// The live price feed (PRICE_FEED=binance): Binance's public combined stream of aggregated trades, one
// stream per enabled pair (`wss://…/stream?streams=btcusdt@aggTrade/ethusdt@aggTrade`). Only the feed's
// leader connects. Trades are collected and handed to the market every `batchMs` (every trade, so the
// candles' highs and lows are exact; the WebSocket then pushes one frame per batch). The connection is
// partysocket's ReconnectingWebSocket (a growing delay between attempts); a stream that goes silent
// for the staleness limit is reconnected too, and the market marks its pairs stale meanwhile.
// Tested against a local server speaking the same format (market/binance-feed.test.ts).
import ReconnectingWebSocket from 'partysocket/ws';
import WebSocket from 'ws';
import { z } from 'zod';
import type { Clock } from '../../clock';
import type { FeedTick } from './service';

/** One message of a combined stream: `{ stream, data }`, data an aggTrade event. */
const combinedAggTrade = z.object({
  stream: z.string(),
  data: z.object({
    e: z.literal('aggTrade'),
    s: z.string(),
    // A negative price passes here so the market drops it with a warning (a price it can't take).
    p: z.string().regex(/^-?\d+(\.\d+)?$/),
    q: z.string().regex(/^\d+(\.\d+)?$/),
    T: z.number().int(),
  }),
});

export interface BinanceFeedOptions {
  /** The combined-stream endpoint, e.g. wss://stream.binance.com:9443/stream. */
  url: string;
  /** The pairs to stream (asked again at every connection). */
  symbols: () => string[];
  /** Takes each batch of trades (at most one call per batchMs). */
  onTicks: (ticks: FeedTick[]) => void;
  clock: Clock;
  /** A stream silent for this long is reconnected. */
  staleMs: number;
  batchMs?: number;
  /** The first retry's delay; it grows 1.6× per failed attempt up to maxRetryMs. */
  minRetryMs?: number;
  maxRetryMs?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export class BinanceFeed {
  readonly name = 'binance';
  private socket: ReconnectingWebSocket | undefined;
  private pending: FeedTick[] = [];
  private batchTimer: NodeJS.Timeout | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  private lastMessageAt = 0;
  /** Connections opened so far (the first, then each reconnection). */
  connections = 0;

  constructor(private readonly options: BinanceFeedOptions) {}

  get running(): boolean {
    return this.socket !== undefined;
  }

  private streamUrl(): string {
    const streams = this.options.symbols().map((symbol) => `${symbol.toLowerCase()}@aggTrade`);
    return `${this.options.url}?streams=${streams.join('/')}`;
  }

  /** Connects (the leader calls it at every pass; a second call does nothing). */
  start(): void {
    if (this.socket) return;
    const { options } = this;
    const socket = new ReconnectingWebSocket(() => this.streamUrl(), [], {
      WebSocket,
      minReconnectionDelay: options.minRetryMs ?? 1000,
      maxReconnectionDelay: options.maxRetryMs ?? 30_000,
      reconnectionDelayGrowFactor: 1.6,
      connectionTimeout: 10_000,
    });
    socket.addEventListener('open', () => {
      this.connections += 1;
      this.lastMessageAt = options.clock.now().getTime();
      options.log?.info({ feed: this.name, connections: this.connections }, 'price feed connected');
    });
    socket.addEventListener('close', () => {
      if (this.socket !== socket) return; // stop() closed it: nothing reconnects
      options.log?.warn({ feed: this.name }, 'price feed disconnected; reconnecting');
    });
    socket.addEventListener('message', (event) => this.receive(String(event.data)));
    this.socket = socket;
    this.batchTimer = setInterval(() => this.flushBatch(), options.batchMs ?? 250);
    this.watchdog = setInterval(
      () => {
        const silentFor = options.clock.now().getTime() - this.lastMessageAt;
        if (socket.readyState === socket.OPEN && silentFor > options.staleMs) {
          options.log?.warn({ feed: this.name, silentFor }, 'price feed silent; reconnecting');
          this.lastMessageAt = options.clock.now().getTime();
          socket.reconnect();
        }
      },
      Math.max(100, Math.floor(options.staleMs / 4)),
    );
  }

  private receive(raw: string) {
    this.lastMessageAt = this.options.clock.now().getTime();
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    const message = combinedAggTrade.safeParse(parsed);
    if (!message.success) return;
    const { s, p, q } = message.data.data;
    // The time a tick is ours is when it arrived: staleness and every settlement use this clock.
    this.pending.push({ symbol: s, price: p, volume: q, time: this.lastMessageAt });
  }

  private flushBatch() {
    if (!this.pending.length) return;
    const batch = this.pending;
    this.pending = [];
    this.options.onTicks(batch);
  }

  /** Reconnects at once (the pairs changed). */
  restart(): void {
    this.socket?.reconnect();
  }

  /** Disconnects (this process stopped leading, or is shutting down). */
  stop(): void {
    clearInterval(this.batchTimer);
    clearInterval(this.watchdog);
    // Forgotten first: close() announces the close at once, and it is no disconnection.
    const socket = this.socket;
    this.socket = undefined;
    socket?.close();
    this.pending = [];
  }
}
