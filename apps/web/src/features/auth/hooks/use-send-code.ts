// The send-code flow of register and forgot: checks the email, asks for a code, then waits 60 s or
// the server's resendAfter, whichever is longer (also when the server says we asked too soon).
import { useTranslation } from 'react-i18next';
import type { CodeScene } from '@tradeflip/contract';
import { emailRule } from '@/components/form/validators';
import { isApiError } from '@/lib/http';
import { useAntiRepeat } from '@/lib/anti-repeat';
import { showToast } from '@/lib/toast';
import { useSendCode } from '../api/send-code';
import { useCountdown } from './use-countdown';

export const CODE_RESEND_SECONDS = 60;

export function useSendCodeFlow(
  scene: CodeScene,
  email: () => string,
  onEmailError: (key: string) => void,
  onServerFields: (fields: Record<string, string> | undefined) => void,
) {
  const { t } = useTranslation();
  const mutation = useSendCode();
  const [secondsLeft, startCountdown] = useCountdown();

  const send = useAntiRepeat(async () => {
    const value = email();
    const problem = emailRule(value, {});
    if (problem) {
      onEmailError(problem);
      showToast(t(problem));
      return;
    }
    try {
      const result = await mutation.mutateAsync({ email: value.trim(), scene });
      startCountdown(Math.max(CODE_RESEND_SECONDS, result.resendAfter || 0));
      showToast(t('auth.codeSent'));
    } catch (err) {
      if (!isApiError(err)) return;
      onServerFields(err.fields);
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
