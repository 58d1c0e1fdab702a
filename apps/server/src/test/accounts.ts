// What many suites set up around a user's money: a user credited through the operators' balance
// adjustment (as an operator funds one), their balance of a token as the app shows it, and the admin
// CLI's commands calling the app in this process (as `npm run admin` calls the server).
import { expect } from 'vitest';
import { commands, type AdminApi } from '../cli/commands';
import { adminCall, call, registerUser, type TestApp } from './harness';

export interface Balance {
  available: string;
  frozen: string;
}

/** Credits a user's balance through POST /api/admin/balances/adjust (failing the test if refused). */
export async function credit(t: TestApp, email: string, amount: string, token = 'USDT') {
  const res = await adminCall(t.app, 'POST', '/api/admin/balances/adjust', {
    body: { email, token, amount, reason: 'test funds' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A newly registered user holding `amount` of a token. */
export async function fundedUser(t: TestApp, amount: string, token = 'USDT') {
  const user = await registerUser(t);
  await credit(t, user.email, amount, token);
  return user;
}

/** A signed-in user's balance of a token, as GET /api/app/asset/balances answers it. */
export async function balanceOf(t: TestApp, userToken: string, token = 'USDT'): Promise<Balance> {
  const res = await call(t.app, 'GET', '/api/app/asset/balances', { token: userToken });
  const row = (res.body.data!.list as (Balance & { token: string })[]).find((b) => b.token === token)!;
  return { available: row.available, frozen: row.frozen };
}

/** The admin CLI's API, calling the app in process as `npm run admin` calls the server. */
export function adminApi(t: TestApp): AdminApi {
  return {
    async call<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
      const res = await adminCall(t.app, method, path, { body });
      if (res.body.code !== 0) throw new Error(res.body.msg);
      return res.body.data as T;
    },
  };
}

/** An admin CLI command by name. */
export const adminCommand = (name: string) => commands.find((c) => c.name === name)!;
