import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@tradeflip/api';
import * as routes from '@tradeflip/api/routes';

// The HTTP client is not part of the sign-in page's first load: it is fetched when the form is
// first focused (preloadLogin), or at the first sign-in.
const loadHttp = () => import('@/lib/http');

export function preloadLogin(): void {
  void loadHttp().catch(() => undefined);
}

export async function login(body: LoginBody) {
  const { api } = await loadHttp();
  const { data } = await api(routes.account.login, { body, skipAuthRedirect: true, silent: true });
  return data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
