import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http';

/** Revokes the token on the server. Silent: signing out goes on locally even if this fails. */
export function logout() {
  return http.post<unknown>('/api/app/auth/logout', undefined, { silent: true, skipAuthRedirect: true });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
