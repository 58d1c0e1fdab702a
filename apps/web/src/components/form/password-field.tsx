// A password input (TextField hides it until its eye is pressed) that tells the browser's password
// manager what it is for: the saved password to sign in or confirm with, or a new one being chosen.
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './text-field';
import type { FieldBindings } from './use-zod-form';

interface PasswordFieldProps extends FieldBindings, Pick<TextFieldProps, 'enterKeyHint'> {
  label: string;
  /** `new` is a password being chosen (its placeholder says the rules), `repeat` the same one again. */
  purpose: 'current' | 'new' | 'repeat';
  /** What a `current` field asks for; new and repeated ones say the rules. */
  placeholder?: string;
}

export function PasswordField({ purpose, placeholder, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      {...props}
      type="password"
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      placeholder={
        placeholder ??
        (purpose === 'repeat' ? t('auth.confirmPasswordPlaceholder') : t('auth.newPasswordPlaceholder'))
      }
    />
  );
}
