import { z } from 'zod';

/** Stable machine words for every failure (DESIGN §3). `msg` carries the localised text. */
export const errorReasons = [
  'validation',
  'bad_request',
  'unauthorized',
  'user_frozen',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'upgrade_required',
  'feed_live',
  'price_unavailable',
  'conflict',
  'idempotency_mismatch',
  'idempotency_in_flight',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'invalid_credentials',
  'account_frozen',
  'code_invalid',
  'email_taken',
  'email_not_registered',
  'invite_code_invalid',
  'old_password_wrong',
  'insufficient_balance',
  'insufficient_fee',
  'unavailable',
  'internal',
] as const;
export type ErrorReason = (typeof errorReasons)[number];

/** Every answer: code 0 is success; any other code is the HTTP status of a failure. */
export interface Envelope<T = unknown> {
  code: number;
  msg?: string;
  reason?: ErrorReason;
  data?: T;
}

export const errorEnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string().optional(),
  reason: z.enum(errorReasons).optional(),
  /** Per-field messages for validation failures, keyed by the request field. */
  data: z
    .object({ fields: z.record(z.string(), z.string()).optional() })
    .passthrough()
    .optional(),
});

export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(0), msg: z.string().optional(), data });
}

/** A success without data (logout, forgot, language). */
export const okEmptyEnvelope = z.object({ code: z.literal(0), msg: z.string().optional() });

/**
 * A row id in a body: digits as a string, or a whole JSON number; answered as a string. Nothing
 * else ("0x0A", "1e1", " 2 ", ["2"]), so no route reads an id its caller did not write.
 */
export const idInput = z
  .union([z.string().regex(/^\d{1,18}$/), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)])
  .transform(String);

/**
 * A page number or size: digits only (as ids are), from 1 to `max`. Number() read "0x10", "1e2",
 * " 5" and "10." as numbers, so a list answered a page its caller did not write.
 */
const pageNumber = (max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/)
    .default(String(fallback))
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

/** Lists are paged the same way everywhere. */
export const pageQuerySchema = z.object({
  page: pageNumber(100000, 1),
  pageSize: pageNumber(100, 20),
});
/** One page of a list, as `pageSchema(item)` answers it. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
