import { useMutation } from '@tanstack/react-query';
import type { LoginBody, SessionResult } from '@tradeflip/contract';
import { http } from '@/lib/http';

export function login(body: LoginBody) {
  return http.post<SessionResult>('/api/app/auth/login', body, { skipAuthRedirect: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
