// The register and reset forms: the server's bodies (packages/api), with the repeated password
// the form adds, and 'Please enter a new password' for the reset's new one (as change-password says).
import { z } from 'zod';
import { changePasswordBody, forgotBody, registerBody } from '@tradeflip/api';
import { repeatOf } from '@/components/form/repeat';

export const registerForm = registerBody
  .extend({ confirmPassword: z.string() })
  .superRefine(repeatOf('password', 'confirmPassword'));

export const forgotForm = forgotBody.extend({ password: changePasswordBody.shape.newPassword });
