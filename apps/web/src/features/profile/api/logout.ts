import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/http';
import * as routes from '@tradeflip/api/routes';

/** Revokes the token on the server. Silent: signing out goes on locally even if this fails. */
export function logout() {
  return api(routes.account.logout, { silent: true, skipAuthRedirect: true });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
