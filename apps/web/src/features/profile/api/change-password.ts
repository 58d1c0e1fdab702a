import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@tradeflip/api';
import { api } from '@/lib/http';
import * as routes from '@tradeflip/api/routes';

/** Answers a new session: the old tokens are revoked. */
export function changePassword(body: ChangePasswordBody) {
  return api(routes.account.changePassword, { body, silent: true }).then(({ data }) => data);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
