import { useMutation } from '@tanstack/react-query';
import type { SendCodeBody } from '@tradeflip/contract';
import { http } from '@/lib/http';

export interface SendCodeResult {
  /** Seconds until another code may be sent to this email. */
  resendAfter: number;
  expiresIn: number;
}

export function sendCode(body: SendCodeBody) {
  return http.post<SendCodeResult>('/api/app/auth/code', body, { skipAuthRedirect: true, silent: true });
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
