import { useMutation } from '@tanstack/react-query';
import type { SendCodeBody } from '@tradeflip/api';
import { api } from '@/lib/http';
import * as routes from '@tradeflip/api/routes';

export interface SendCodeResult {
  /** Seconds until another code may be sent to this email. */
  resendAfter: number;
  expiresIn: number;
}

export function sendCode(body: SendCodeBody) {
  return api(routes.account.sendCode, { body, skipAuthRedirect: true, silent: true }).then(
    ({ data }) => data,
  );
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
