import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '@tradeflip/api';
import { api } from '@/lib/http';
import * as routes from '@tradeflip/api/routes';

export function register(body: RegisterBody) {
  return api(routes.account.register, { body, skipAuthRedirect: true, silent: true }).then(
    ({ data }) => data,
  );
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
