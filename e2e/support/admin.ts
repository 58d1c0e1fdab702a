import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { E2E_DATA_DIR, E2E_PORT, REPO_ROOT } from './env';

const run = promisify(execFile);

/** Runs the operations CLI the way an operator does: `npm run admin -- ...`. */
export async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, PORT: String(E2E_PORT) },
  });
  return stdout;
}

/**
 * The admin API of the e2e server with the credential the CLI uses (DATA_DIR/admin-token): for
 * setting up many records quickly where one CLI call (about 4 s) each would be slow.
 */
export async function adminApi<T>(path: string, body: unknown, method: 'GET' | 'POST' = 'POST'): Promise<T> {
  const token = (await readFile(join(E2E_DATA_DIR, 'admin-token'), 'utf8')).trim();
  const response = await fetch(`http://127.0.0.1:${E2E_PORT}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await response.json()) as { code: number; msg?: string; data: T };
  if (answer.code !== 0) throw new Error(`${path}: ${answer.msg ?? response.status}`);
  return answer.data;
}

/** `npm run chain:deposit -- --email E --amount N --network NET`: test USDT to the user's deposit address. */
export async function chainDeposit(
  email: string,
  amount: string,
  network: 'ERC20' | 'BEP20',
): Promise<string> {
  const { stdout } = await run(
    'npm',
    ['run', '--silent', 'chain:deposit', '--', '--email', email, '--amount', amount, '--network', network],
    { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: E2E_DATA_DIR, PORT: String(E2E_PORT) } },
  );
  return stdout;
}

type RewardRule = { kind: 'bet' | 'profit' | 'loss'; level: 'self' | 'upline'; rate: string };

/**
 * Sets the player's own invite rewards to 0 and answers how to put them back: a game journey that
 * asserts balances to the cent is about the game's rules, not the rewards a bet earns a moment later
 * (those have their own journey and server tests). The browser tests share one server.
 */
export async function pauseOwnRewards(): Promise<() => Promise<void>> {
  const { list } = await adminApi<{ list: RewardRule[] }>('/api/admin/invite/rules', undefined, 'GET');
  const own = list.filter((rule) => rule.level === 'self');
  for (const rule of own) await adminApi('/api/admin/invite/rules', { ...rule, rate: '0' });
  return async () => {
    for (const rule of own) await adminApi('/api/admin/invite/rules', rule);
  };
}
