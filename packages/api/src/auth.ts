import { z } from 'zod';
import { languages } from '@tradeflip/i18n';

// Messages are keys of the shared i18n catalog; the server and the forms localise them.
export const emailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, { error: 'validation.emailRequired' })
  .max(254, { error: 'validation.email' })
  .pipe(z.email({ error: 'validation.email' }))
  .transform((email) => email.toLowerCase());

/** 8–32 characters, at least one letter and one digit (spec §5). */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d).{8,32}$/;
export const passwordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, { error: 'validation.passwordRequired' })
  .regex(PASSWORD_RULE, { error: 'validation.passwordRule' });

export const codeSchema = z
  .string({ error: 'validation.codeRequired' })
  .trim()
  .min(1, { error: 'validation.codeRequired' })
  .regex(/^\d{6}$/, { error: 'validation.codeFormat' });

export const codeScenes = ['register', 'forgot'] as const;
export type CodeScene = (typeof codeScenes)[number];

export const sendCodeBody = z.object({
  email: emailSchema,
  scene: z.enum(codeScenes, { error: 'validation.invalidRequest' }),
});
export type SendCodeBody = z.input<typeof sendCodeBody>;

export const sendCodeResult = z.object({
  /** Seconds until another code may be sent to this email. */
  resendAfter: z.number().int(),
  /** Seconds the code stays valid. */
  expiresIn: z.number().int(),
});

export const inviteCodeSchema = z
  .string()
  .trim()
  .max(32, { error: 'errors.inviteCodeInvalid' })
  .optional()
  .transform((code) => (code ? code.toUpperCase() : undefined));

export const registerBody = z.object({
  email: emailSchema,
  code: codeSchema,
  password: passwordSchema,
  inviteCode: inviteCodeSchema,
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'validation.passwordRequired' })
    .min(1, { error: 'validation.passwordRequired' })
    .max(128),
});
export type LoginBody = z.input<typeof loginBody>;

export const forgotBody = z.object({
  email: emailSchema,
  code: codeSchema,
  password: passwordSchema,
});
export type ForgotBody = z.input<typeof forgotBody>;

export const changePasswordBody = z.object({
  oldPassword: z
    .string({ error: 'validation.oldPasswordRequired' })
    .min(1, { error: 'validation.oldPasswordRequired' })
    .max(128),
  newPassword: z
    .string({ error: 'validation.newPasswordRequired' })
    .min(1, { error: 'validation.newPasswordRequired' })
    .regex(PASSWORD_RULE, { error: 'validation.passwordRule' }),
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const languageBody = z.object({
  language: z.enum(languages, { error: 'validation.invalidRequest' }),
});
export type LanguageBody = z.input<typeof languageBody>;

export const userMe = z.object({
  id: z.string(),
  email: z.string(),
  inviteCode: z.string(),
  language: z.enum(languages),
  status: z.enum(['active', 'frozen']),
  createdAt: z.string(),
});
export type UserMe = z.infer<typeof userMe>;

export const sessionResult = z.object({
  token: z.string(),
  user: userMe,
});
export type SessionResult = z.infer<typeof sessionResult>;
