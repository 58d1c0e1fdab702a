// Market data (DESIGN §6, issue 10): the pairs, their ticks and tickers, and stored candles. Prices
// and volumes cross the wire as decimal strings; times are epoch milliseconds in ticks and candles (a
// chart's native unit) and ISO-8601 elsewhere.
import { z } from 'zod';
import { play } from './plays';
import { UNSIGNED_DECIMAL_PATTERN } from './wallet';

/** The spec's chart timeframes (§9): time-share is drawn from 1 s candles. */
export const candleIntervals = ['1s', '1m', '5m', '15m'] as const;
export type CandleInterval = (typeof candleIntervals)[number];

/** Length of each interval in milliseconds. */
export const INTERVAL_MS: Record<CandleInterval, number> = {
  '1s': 1_000,
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
};

/** A pair symbol as the market names it: base + quote, upper-case (BTCUSDT). */
export const marketSymbol = z
  .string({ error: 'errors.pairUnknown' })
  .trim()
  .regex(/^[A-Za-z0-9]{2,20}$/, { error: 'errors.pairUnknown' })
  .transform((symbol) => symbol.toUpperCase());

/** One price at one moment. */
export const tick = z.object({
  symbol: z.string(),
  price: z.string(),
  /** Epoch milliseconds. */
  time: z.number().int(),
});
export type Tick = z.infer<typeof tick>;

export const candle = z.object({
  /** Start of the bucket, epoch milliseconds. */
  time: z.number().int(),
  open: z.string(),
  high: z.string(),
  low: z.string(),
  close: z.string(),
  /** Number of ticks in the bucket (the simulated feed has no traded volume). */
  volume: z.string(),
});
export type Candle = z.infer<typeof candle>;

/** GET /api/app/market/candles?symbol&interval&limit&before */
export const candleQuery = z.object({
  symbol: marketSymbol,
  interval: z.enum(candleIntervals, { error: 'errors.intervalUnknown' }),
  limit: z.coerce.number().int().min(1).max(1000).default(300),
  /** Epoch milliseconds: candles that start before this (paging back through history). */
  before: z.coerce.number().int().positive().optional(),
});
export const candleList = z.object({
  symbol: z.string(),
  interval: z.enum(candleIntervals),
  /** Oldest first, as charts draw them. */
  list: z.array(candle),
});

/** GET /api/app/market/tickers: each enabled pair, in display order. */
export const ticker = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  /** The last trade's price (the pair's headline price). */
  price: z.string(),
  /**
   * The mark price the games open, close and settle at (DESIGN §6: the median of the last second's
   * trades, a jump held): a position's live PnL and a flip's standing use it. Null before the first.
   */
  mark: z.string().nullable(),
  /** Change over the last 24 h in percent (12.34 = +12.34 %). */
  change24h: z.string(),
  high24h: z.string(),
  low24h: z.string(),
  /** Decimals prices of this pair show with (the precision map's price_dp). */
  priceDp: z.number().int(),
  /** Epoch milliseconds of the last tick. */
  time: z.number().int(),
  /** No tick for longer than the staleness limit: games refuse new orders ('price fetch failed'). */
  stale: z.boolean(),
});
export type Ticker = z.infer<typeof ticker>;
export const tickerList = z.object({ list: z.array(ticker) });

/**
 * A pair's ticker as a tick moved it: what GET /tickers would answer for it then, minus what a tick
 * does not change. The server works out the 24 h figures, so a client only writes them down.
 */
export const tickerMove = ticker.pick({
  symbol: true,
  price: true,
  mark: true,
  change24h: true,
  high24h: true,
  low24h: true,
  time: true,
});
export type TickerMove = z.infer<typeof tickerMove>;

// ---- Operations ----

/** POST /api/admin/market/price: pin a pair's simulated price, or release it back to the walk. */
export const adminMarketPriceBody = z.object({
  symbol: marketSymbol,
  /** A positive decimal; absent: back to the random walk. */
  price: z.string().trim().regex(UNSIGNED_DECIMAL_PATTERN, { error: 'errors.amountInvalid' }).optional(),
});

/** POST /api/admin/market/pairs: enable or disable a pair, or move it in the display order. */
export const adminMarketPairBody = z.object({
  symbol: marketSymbol,
  enabled: z.boolean().optional(),
  sort: z.number().int().min(0).max(1000).optional(),
});

export const marketPairStatus = z.object({
  symbol: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  feed: z.string(),
  price: z.string().nullable(),
  /** The mark price the games settle at (DESIGN §6); null before the first tick. */
  mark: z.string().nullable(),
  /** Milliseconds since the last tick; null before the first. */
  lastTickAgeMs: z.number().int().nullable(),
  stale: z.boolean(),
  /** Pinned by an operator (simulated feed only). */
  pinned: z.boolean(),
});
export const marketStatus = z.object({ list: z.array(marketPairStatus) });

// ---- WebSocket /api/ws ----

/**
 * What a client sends. Public channels: `tickers` (every pair's ticker as it ticks), `candles` of a
 * pair and interval and `plays` (other players' latest plays). `user`: the signed-in user's own
 * events (balances; the games add positions), after `auth` with the session token.
 */
const subscribeOp = z.enum(['subscribe', 'unsubscribe']);
export const wsClientMessage = z.union([
  z.object({ op: z.literal('auth'), token: z.string().min(1).max(512) }),
  z.object({ op: subscribeOp, channel: z.literal('tickers') }),
  z.object({
    op: subscribeOp,
    channel: z.literal('candles'),
    symbol: marketSymbol,
    interval: z.enum(candleIntervals),
  }),
  z.object({ op: subscribeOp, channel: z.literal('user') }),
  z.object({ op: subscribeOp, channel: z.literal('plays') }),
  z.object({ op: z.literal('ping') }),
]);
export type WsClientMessage = z.infer<typeof wsClientMessage>;

/**
 * Every frame of a channel carries `seq`, that channel's sequence number on this server: one more than
 * the channel's previous frame. `subscribed` gives the number reached when the client joined, so a
 * client that sees a number skipped (or reconnects) knows it missed something and refetches.
 */
const seq = z.number().int().nonnegative();

/** Why a socket's session stopped counting (the HTTP side revoked it). */
/** Why a socket was signed out: its session revoked (logout, a password change, a freeze) or expired. */
export const wsRevokeReasons = ['logout', 'password_changed', 'password_reset', 'frozen', 'expired'] as const;

/** What the server sends. */
export const wsServerMessage = z.discriminatedUnion('type', [
  /**
   * The tickers of one feed step, every pair that moved in one frame (a frame per step, not per pair):
   * each pair's price with its 24 h change, high and low as they are now.
   */
  z.object({ type: z.literal('ticks'), seq, list: z.array(tickerMove) }),
  z.object({
    type: z.literal('candle'),
    seq,
    symbol: z.string(),
    interval: z.enum(candleIntervals),
    candle,
  }),
  /** The user's balances changed: the app refetches what it shows. */
  z.object({ type: z.literal('balances'), seq }),
  /** One of the user's positions opened, changed (funding, targets) or closed (and why). */
  z.object({
    type: z.literal('position'),
    seq,
    id: z.string(),
    status: z.enum(['open', 'closed']),
    closeReason: z.enum(['manual', 'take_profit', 'stop_loss', 'liquidation', 'operator']).nullable(),
  }),
  /** One of the user's flips opened or was settled (won or lost: closed; a tie or no price: refunded). */
  z.object({
    type: z.literal('flip'),
    seq,
    id: z.string(),
    status: z.enum(['open', 'closed', 'refunded']),
    result: z.enum(['won', 'lost', 'tie', 'no_price']).nullable(),
  }),
  /**
   * A notice of the notification centre was stored (after its event's commit): the app asks for the
   * unread ones (GET /api/app/notifications), as the other frames are hints to refetch.
   */
  z.object({ type: z.literal('notice'), seq, id: z.string() }),
  /**
   * The `plays` channel: the newest plays, newest first (the whole list each time, at most one frame
   * per half second). The first, sent right after `subscribed`, repeats its number: the list as it is.
   */
  z.object({ type: z.literal('plays'), seq, list: z.array(play) }),
  z.object({ type: z.literal('subscribed'), channel: z.string(), seq }),
  z.object({ type: z.literal('unsubscribed'), channel: z.string() }),
  z.object({ type: z.literal('authed'), userId: z.string() }),
  /** The socket's session was revoked: the user channel stopped; the socket is signed out. */
  z.object({ type: z.literal('unauthed'), reason: z.enum(wsRevokeReasons) }),
  /** The answer to `ping`, with the server's time (epoch ms): clients count down to the server's clock. */
  z.object({ type: z.literal('pong'), time: z.number().int() }),
  /** A refused message; the connection stays usable. `reason` as in the HTTP envelope. */
  z.object({ type: z.literal('error'), reason: z.string(), msg: z.string() }),
]);
export type WsServerMessage = z.infer<typeof wsServerMessage>;

/** A channel's event as the server produces it, before the socket numbers it (`seq`). */
export type WsChannelEvent =
  Exclude<Extract<WsServerMessage, { seq: number }>, { type: 'subscribed' }> extends infer M
    ? M extends unknown
      ? Omit<M, 'seq'>
      : never
    : never;
