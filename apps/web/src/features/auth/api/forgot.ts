import { useMutation } from '@tanstack/react-query';
import type { ForgotBody } from '@tradeflip/contract';
import { http } from '@/lib/http';

export function resetPassword(body: ForgotBody) {
  return http.post<unknown>('/api/app/auth/forgot', body, { skipAuthRedirect: true, silent: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
