// Field rules of the auth and password forms (spec §5), from the same zod schemas the server uses, so
// both say the same words. Each returns an i18n key.
import {
  changePasswordBody,
  codeSchema,
  emailSchema,
  inviteCodeSchema,
  passwordSchema,
} from '@tradeflip/contract';
import { fromSchema, type Validator } from './use-form';

export const emailRule = fromSchema(emailSchema);
export const codeRule = fromSchema(codeSchema);
export const passwordRule = fromSchema(passwordSchema);
export const inviteCodeRule = fromSchema(inviteCodeSchema);
export const requiredPasswordRule: Validator<string> = (value) =>
  value ? undefined : 'validation.passwordRequired';

/** A new password: 'Please enter a new password', then the 8–32 letters-and-numbers rule. */
export const newPasswordRule = fromSchema(changePasswordBody.shape.newPassword);
export const oldPasswordRule = fromSchema(changePasswordBody.shape.oldPassword);

/** The repeated password must be there and match the field `of`. */
export function repeatRule<K extends string>(of: K): Validator<K> {
  return (value, values) => {
    if (!value) return 'validation.confirmPasswordRequired';
    return value === values[of] ? undefined : 'validation.passwordMismatch';
  };
}
