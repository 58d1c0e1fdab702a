// What the withdrawal suites share: an address to withdraw to, and a user's withdrawal request as the
// web app sends it (USDT on ERC20, with the test password).
import { expect } from 'vitest';
import { call, PASSWORD, type TestApp } from '../../test/harness';

export const RECIPIENT = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

/** Requests a USDT withdrawal to RECIPIENT on ERC20; answers its id (failing the test if refused). */
export async function requestWithdrawal(t: TestApp, userToken: string, amount: string): Promise<string> {
  const res = await call(t.app, 'POST', '/api/app/asset/withdraw', {
    token: userToken,
    body: { token: 'USDT', network: 'ERC20', address: RECIPIENT, amount, password: PASSWORD },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { id: string }).id;
}
