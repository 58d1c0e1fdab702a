// The server's WebSocket messages (the contract's WsServerMessage), checked by their shape here rather
// than with the contract's zod schema: that would bring zod (28.8 KiB gzipped) into every page with live
// prices; the game page's own JavaScript went from 124 to about 95 KiB without it (npm run bench).
// ws-message.test.ts holds this check to the schema's verdicts.
import type { WsServerMessage } from '@tradeflip/api';

type Check = (m: Record<string, unknown>) => boolean;

const isString = (value: unknown): value is string => typeof value === 'string';
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const INTERVALS = new Set(['1s', '1m', '5m', '15m']);
const REASONS = new Set(['manual', 'take_profit', 'stop_loss', 'liquidation', 'operator']);
const FLIP_STATUSES = new Set(['open', 'closed', 'refunded']);
const FLIP_RESULTS = new Set(['won', 'lost', 'tie', 'no_price']);
const CANDLE_FIELDS = ['open', 'high', 'low', 'close', 'volume'] as const;
const TICKER_FIELDS = ['symbol', 'price', 'change24h', 'high24h', 'low24h'] as const;

const isSeq = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;
const REVOKE_REASONS = new Set(['logout', 'password_changed', 'password_reset', 'frozen', 'expired']);

const checks: Record<WsServerMessage['type'], Check> = {
  ticks: (m) =>
    isSeq(m.seq) &&
    Array.isArray(m.list) &&
    m.list.every(
      (t) =>
        isObject(t) &&
        TICKER_FIELDS.every((field) => isString(t[field])) &&
        (t.mark === null || isString(t.mark)) &&
        Number.isInteger(t.time),
    ),
  candle: (m) =>
    isSeq(m.seq) &&
    isString(m.symbol) &&
    INTERVALS.has(m.interval as string) &&
    isObject(m.candle) &&
    Number.isInteger(m.candle.time) &&
    CANDLE_FIELDS.every((field) => isString((m.candle as Record<string, unknown>)[field])),
  balances: (m) => isSeq(m.seq),
  position: (m) =>
    isSeq(m.seq) &&
    isString(m.id) &&
    (m.status === 'open' || m.status === 'closed') &&
    (m.closeReason === null || REASONS.has(m.closeReason as string)),
  flip: (m) =>
    isSeq(m.seq) &&
    isString(m.id) &&
    FLIP_STATUSES.has(m.status as string) &&
    (m.result === null || FLIP_RESULTS.has(m.result as string)),
  notice: (m) => isSeq(m.seq) && isString(m.id),
  // Each play's fields are checked by the feed's own (lazily loaded) code: none of it on first paint.
  plays: (m) => isSeq(m.seq) && Array.isArray(m.list) && m.list.every(isObject),
  subscribed: (m) => isString(m.channel) && isSeq(m.seq),
  unsubscribed: (m) => isString(m.channel),
  authed: (m) => isString(m.userId),
  unauthed: (m) => REVOKE_REASONS.has(m.reason as string),
  pong: (m) => Number.isSafeInteger(m.time),
  error: (m) => isString(m.reason) && isString(m.msg),
};

/** The message, when it is one the server sends; anything else is undefined (and ignored). */
export function asServerMessage(value: unknown): WsServerMessage | undefined {
  if (!isObject(value) || !isString(value.type) || !Object.hasOwn(checks, value.type)) return undefined;
  return checks[value.type as WsServerMessage['type']](value) ? (value as WsServerMessage) : undefined;
}
