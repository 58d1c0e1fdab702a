// The failure a caller sees as is (DESIGN §3's envelope: status, reason, localised message). Any layer
// throws it and it knows no domain; plugins/errors.ts answers it over HTTP.
import type { ErrorReason } from '@tradeflip/api';
import type { MessageKey } from '@tradeflip/i18n';

export type Vars = Record<string, string | number>;

/** A failure the caller should see as is. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    statusCode: number,
    readonly reason: ErrorReason,
    readonly msgKey: MessageKey,
    readonly options: {
      vars?: Vars;
      /** Field messages (i18n keys) shown beside form fields. */
      fields?: Record<string, MessageKey>;
      data?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(msgKey);
    this.statusCode = statusCode;
    this.name = 'AppError';
  }
}

/**
 * 429 with the wait: the spec's words in seconds (sign-in codes); `inMinutes` for a limit counted in
 * hours (feedback), whose "in 3188s" a person cannot read, in whole minutes rounded up.
 */
export function rateLimited(retryAfterSeconds: number, { inMinutes = false } = {}): AppError {
  const s = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(
    429,
    'rate_limited',
    inMinutes ? 'errors.tooManyRequestsInMinutes' : 'errors.tooManyRequestsIn',
    {
      vars: inMinutes ? { m: Math.ceil(s / 60) } : { s },
      data: { retryAfter: s },
      // Refused for rate: the connection closes too, so a flood holds no sockets open.
      headers: { 'retry-after': String(s), connection: 'close' },
    },
  );
}
