import { useMutation } from '@tanstack/react-query';
import type { ForgotBody } from '@tradeflip/api';
import { api } from '@/lib/http';
import * as routes from '@tradeflip/api/routes';

export function resetPassword(body: ForgotBody) {
  return api(routes.account.forgot, { body, skipAuthRedirect: true, silent: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
