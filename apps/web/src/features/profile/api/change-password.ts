import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody, SessionResult } from '@tradeflip/contract';
import { http } from '@/lib/http';

/** Answers a new session: the old tokens are revoked. */
export function changePassword(body: ChangePasswordBody) {
  return http.post<SessionResult>('/api/app/user/password', body, { silent: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
