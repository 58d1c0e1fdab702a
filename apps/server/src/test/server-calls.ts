// Calls to a server running in a child process (test/server-process.ts), for the tests that kill it:
// a POST that answers 'dropped' when the process died under it, the sign-up code from the embedded
// default's outbox, and a funded user signed up through the API.
import fs from 'node:fs';
import path from 'node:path';
import { PASSWORD, uniqueEmail } from './harness';

export type Answer = { status: number; body: { code: number; data?: unknown } } | 'dropped';

export async function post(
  url: string,
  call: { path: string; body: unknown; token: string; key?: string },
): Promise<Answer> {
  try {
    const res = await fetch(`${url}${call.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${call.token}`,
        ...(call.key ? { 'idempotency-key': call.key } : {}),
      },
      body: JSON.stringify(call.body),
    });
    return { status: res.status, body: (await res.json()) as { code: number; data?: unknown } };
  } catch {
    return 'dropped'; // the process died under the request
  }
}

/** The newest sign-up code mailed to `email` (the embedded default writes .eml files). */
export function latestCode(dataDir: string, email: string): string {
  const outbox = path.join(dataDir, 'outbox');
  for (const name of fs.readdirSync(outbox).sort().reverse()) {
    const eml = fs.readFileSync(path.join(outbox, name), 'utf8');
    const split = eml.search(/\r?\n\r?\n/);
    if (!eml.slice(0, split).toLowerCase().includes(email)) continue;
    const code = /\b(\d{6})\b/.exec(eml.slice(split))?.[1];
    if (code) return code;
  }
  throw new Error(`no code for ${email}`);
}

/** Signs a new user up through the API and has an operator credit them `funds` USDT. */
export async function signUpFunded(
  server: { url: string; dataDir: string; adminToken: string },
  funds: string,
): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('proc');
  await post(server.url, { path: '/api/app/auth/code', body: { email, scene: 'register' }, token: '' });
  const registered = await post(server.url, {
    path: '/api/app/auth/register',
    body: { email, password: PASSWORD, code: latestCode(server.dataDir, email) },
    token: '',
  });
  if (registered === 'dropped' || registered.status !== 200) throw new Error('sign-up failed');
  const funded = await post(server.url, {
    path: '/api/admin/balances/adjust',
    body: { email, token: 'USDT', amount: funds, reason: 'test funds' },
    token: server.adminToken,
  });
  if (funded === 'dropped' || funded.status !== 200) throw new Error('funding failed');
  return { email, token: (registered.body.data as { token: string }).token };
}
