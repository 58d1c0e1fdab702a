// The notification centre (issue 32 point 7): what happened to a player's money or to a request of
// theirs, stored with the event and kept until read. GET /api/app/notifications (newest first, with the
// unread count), POST /api/app/notifications/read (some ids, or all); the user channel's `notice` frame
// carries each one as it is stored.
import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './envelope';

/** What a notice tells of. */
export const noticeKinds = [
  'liquidation',
  'take_profit',
  'stop_loss',
  'operator_close',
  'flip_result',
  'deposit_credited',
  'withdrawal_approved',
  'withdrawal_rejected',
  'withdrawal_completed',
  'withdrawal_failed',
  'invite_reward',
  'feedback_reply',
] as const;
export type NoticeKind = (typeof noticeKinds)[number];

/**
 * What the text needs, every value a string (ids, amounts as exact decimals, symbols, reasons): a
 * position's `positionId`, `symbol`, `side`, `closePrice`, `pnl`, `token`; a flip's `flipId`, `symbol`,
 * `result`, `pnl`, `token`; a deposit's `depositId`, `amount`, `token`; a withdrawal's `withdrawalId`,
 * `amount`, `token` (and `reason` when rejected or failed); a reward's `amount`, `token`; a feedback's
 * `feedbackId`.
 */
export const noticeParams = z.record(z.string(), z.string());
export type NoticeParams = z.infer<typeof noticeParams>;

export const notice = z.object({
  id: z.string(),
  kind: z.enum(noticeKinds),
  params: noticeParams,
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notice = z.infer<typeof notice>;

export const noticesQuery = pageQuerySchema.extend({
  /** Only the unread ones (the app's toasts at open). */
  unread: z.enum(['true', 'false']).optional(),
});
export const noticesPage = pageSchema(notice).extend({ unread: z.number().int() });
export type NoticesPage = z.infer<typeof noticesPage>;

const noticeId = z.string().regex(/^[1-9]\d{0,17}$/, { error: 'validation.invalidRequest' });
/** POST /api/app/notifications/read: these of the caller's notices, or every one of them. */
export const noticesReadBody = z.union([
  z.object({ ids: z.array(noticeId).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type NoticesReadBody = z.infer<typeof noticesReadBody>;
export const noticesReadAnswer = z.object({ unread: z.number().int() });
