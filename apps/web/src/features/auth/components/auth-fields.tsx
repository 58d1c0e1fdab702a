// The fields the sign-in, register and reset screens share: the email, and the mailed code with its
// send button. Each takes the form's bindings for its field (useZodForm's `field(name)`).
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/text-field';
import type { FieldBindings as Bindings } from '@/components/form/use-zod-form';
import { SendCodeButton } from './send-code-button';

export function EmailField(bindings: Bindings) {
  const { t } = useTranslation();
  return (
    <TextField
      {...bindings}
      label={t('auth.email')}
      type="email"
      inputMode="email"
      autoComplete="email"
      placeholder={t('auth.emailPlaceholder')}
    />
  );
}

interface CodeFieldProps extends Bindings {
  /** The send-code flow (hooks/use-send-code.ts). */
  code: { secondsLeft: number; sending: boolean; send: () => Promise<unknown> | void };
}

export function CodeField({ code, ...bindings }: CodeFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      {...bindings}
      label={t('auth.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={t('auth.codePlaceholder')}
      suffix={
        <SendCodeButton
          secondsLeft={code.secondsLeft}
          sending={code.sending}
          onSend={() => void code.send()}
        />
      }
    />
  );
}
