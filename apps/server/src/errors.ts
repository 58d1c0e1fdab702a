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

export function rateLimited(retryAfterSeconds: number): AppError {
  const s = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(429, 'rate_limited', 'errors.tooManyRequestsIn', {
    vars: { s },
    data: { retryAfter: s },
    // Refused for rate: the connection closes too, so a flood holds no sockets open.
    headers: { 'retry-after': String(s), connection: 'close' },
  });
}
