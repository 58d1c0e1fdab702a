// Feedback (spec: content required — 'Please enter content' — contact optional): what a player sends,
// their own past feedback with the operator's reply; the operators' list and reply.
import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './envelope';

/** POST /api/app/feedback: the same schema checks the form as it is typed (useZodForm). */
export const feedbackBody = z.object({
  content: z
    .string({ error: 'validation.contentRequired' })
    .trim()
    .min(1, { error: 'validation.contentRequired' })
    .max(2000, { error: 'feedback.contentTooLong' }),
  contact: z.string().trim().max(200, { error: 'feedback.contactTooLong' }).optional(),
  /** The app's version (its build), for the operators. */
  appVersion: z.string().max(40).optional(),
});
export type FeedbackBody = z.infer<typeof feedbackBody>;

export const feedbackItem = z.object({
  id: z.string(),
  content: z.string(),
  contact: z.string().nullable(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;
export const feedbackPage = pageSchema(feedbackItem);
export const feedbackListQuery = pageQuerySchema;

export const adminFeedbackItem = feedbackItem.extend({
  email: z.string(),
  language: z.string(),
  appVersion: z.string().nullable(),
});
export const adminFeedbackPage = pageSchema(adminFeedbackItem);
export const adminFeedbackQuery = pageQuerySchema.extend({
  /** Only those not yet answered. */
  open: z.enum(['true', 'false']).optional(),
});

/** POST /api/admin/feedback/reply */
export const adminFeedbackReplyBody = z.object({
  // A feedback's number as written: a JSON number or its digits, never another type coerced (`true`
  // was feedback #1, `[2]` #2: the red team's find).
  id: z.union([
    z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    z
      .string()
      .regex(/^[1-9]\d{0,14}$/)
      .transform(Number),
  ]),
  reply: z
    .string()
    .trim()
    .min(1, { error: 'validation.contentRequired' })
    .max(2000, { error: 'feedback.contentTooLong' }),
});
