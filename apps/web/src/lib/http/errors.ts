// The error every failed call rejects with, and the silent cancel error.
import type { Envelope } from '@tradeflip/api';

export type ApiErrorKind = 'envelope' | 'http' | 'network' | 'timeout';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The envelope's code when the server answered one, else the HTTP status, else -1 (no answer). */
  readonly code: number;
  /** The envelope's machine word, e.g. 'user_frozen', 'validation'. */
  readonly reason?: string;
  readonly status?: number;
  /** The response body as received. */
  readonly body?: unknown;
  /** Per-field messages of a validation failure (`data.fields`). */
  readonly fields?: Record<string, string>;
  readonly kind: ApiErrorKind;

  constructor(
    message: string,
    init: { code: number; kind: ApiErrorKind; reason?: string; status?: number; body?: unknown },
  ) {
    super(message);
    this.code = init.code;
    this.kind = init.kind;
    if (init.reason !== undefined) this.reason = init.reason;
    if (init.status !== undefined) this.status = init.status;
    if (init.body !== undefined) this.body = init.body;
    const fields = fieldsOf(init.body);
    if (fields) this.fields = fields;
  }
}

/** Rejection of a call superseded by an identical one, or aborted by its caller. Never toasted. */
export class CancelError extends Error {
  override readonly name = 'CancelError';
  readonly __cancel = true;
  constructor(message = 'Request cancelled') {
    super(message);
  }
}

export function isCancel(err: unknown): boolean {
  return (
    err instanceof CancelError ||
    (typeof err === 'object' && err !== null && (err as { __CANCEL__?: unknown }).__CANCEL__ === true)
  );
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

function fieldsOf(body: unknown): Record<string, string> | undefined {
  if (!isEnvelope(body)) return undefined;
  const data = body.data as { fields?: unknown } | undefined;
  const fields = data?.fields;
  if (typeof fields !== 'object' || fields === null) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) if (typeof v === 'string') out[k] = v;
  return out;
}
