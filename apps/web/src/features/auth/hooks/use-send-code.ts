// The send-code flow of register and forgot: checks the email, asks for a code, then waits 60 s or
// the server's resendAfter, whichever is longer (also when the server says we asked too soon).
import { useTranslation } from 'react-i18next';
import type { CodeScene } from '@tradeflip/api';
import { isApiError } from '@/lib/http';
import { useAntiRepeat } from '@/lib/anti-repeat';
import { showError, showToast } from '@/lib/toast';
import { useSendCode } from '../api/send-code';
import { useCountdown } from './use-countdown';

export const CODE_RESEND_SECONDS = 60;

/** What the flow needs of the form it sits in: its email field, checked by the form's own rules. */
interface EmailForm {
  check: (name: 'email') => Promise<string | null>;
  getValues: (name: 'email') => string;
  setServerErrors: (fields: Record<string, string> | undefined) => boolean;
}

export function useSendCodeFlow(scene: CodeScene, form: EmailForm) {
  const { t } = useTranslation();
  const mutation = useSendCode();
  const [secondsLeft, startCountdown] = useCountdown();

  const send = useAntiRepeat(async () => {
    // A wrong email is said under the field (the check puts it there), not in a toast as well.
    if (await form.check('email')) return;
    try {
      const result = await mutation.mutateAsync({ email: form.getValues('email').trim(), scene });
      startCountdown(Math.max(CODE_RESEND_SECONDS, result.resendAfter || 0));
      showToast(t('auth.codeSent'));
    } catch (err) {
      if (!isApiError(err)) return;
      // The server's words once: under the email when they are about it, else as a toast.
      if (!form.setServerErrors(err.fields)) showError(err);
      const wait = retryAfterSeconds(err.body);
      if (wait > 0) startCountdown(wait);
    }
  });

  return { secondsLeft, sending: mutation.isPending, send };
}

/** Seconds the server asks us to wait, when it says (data.resendAfter / retryAfter). */
function retryAfterSeconds(body: unknown): number {
  const data = (body as { data?: Record<string, unknown> } | undefined)?.data;
  for (const key of ['resendAfter', 'retryAfter']) {
    const v = data?.[key];
    if (typeof v === 'number' && Number.isFinite(v) && v > 0) return Math.ceil(v);
  }
  return 0;
}
