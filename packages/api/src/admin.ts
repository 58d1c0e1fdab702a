// Operations API (/api/admin/*), authenticated by the admin credential, not a user session.
import { z } from 'zod';
import { languages } from '@tradeflip/i18n';
import { pageQuerySchema } from './envelope';

export const userStatuses = ['active', 'frozen'] as const;

export const adminUser = z.object({
  id: z.string(),
  email: z.string(),
  inviteCode: z.string(),
  inviterId: z.string().nullable(),
  language: z.enum(languages),
  status: z.enum(userStatuses),
  frozenAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUserListQuery = pageQuerySchema.extend({
  /** Part of an email address, case-insensitive. */
  email: z.string().trim().max(254).optional(),
  status: z.enum(userStatuses).optional(),
});

/** A user as operators name one: by their exact email, in any case. */
export const adminUserEmail = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, { error: 'validation.emailRequired' })
  .max(254, { error: 'validation.email' })
  .transform((email) => email.toLowerCase());

/** POST /api/admin/users/freeze and /unfreeze, /api/admin/ws/disconnect. */
export const adminUserEmailBody = z.object({ email: adminUserEmail });
export type AdminUserEmailBody = z.input<typeof adminUserEmailBody>;

/** POST /api/admin/ws/disconnect: how many of the user's live sockets (on the answering server) closed. */
export const adminWsDisconnected = z.object({ disconnected: z.number().int().nonnegative() });
export type AdminWsDisconnected = z.infer<typeof adminWsDisconnected>;
