import { useMutation } from '@tanstack/react-query';
import type { LoginBody, SessionResult } from '@tradeflip/contract';

// The HTTP client is not part of the sign-in page's first load: it is fetched when the form is
// first focused (preloadLogin), or at the first sign-in.
const loadHttp = () => import('@/lib/http');

export function preloadLogin(): void {
  void loadHttp().catch(() => undefined);
}

export async function login(body: LoginBody) {
  const { http } = await loadHttp();
  return http.post<SessionResult>('/api/app/auth/login', body, { skipAuthRedirect: true, silent: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
