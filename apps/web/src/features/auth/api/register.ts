import { useMutation } from '@tanstack/react-query';
import type { RegisterBody, SessionResult } from '@tradeflip/contract';
import { http } from '@/lib/http';

export function register(body: RegisterBody) {
  return http.post<SessionResult>('/api/app/auth/register', body, { skipAuthRedirect: true, silent: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
