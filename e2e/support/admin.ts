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
export async function adminApi<T>(path: string, body: unknown): Promise<T> {
  const token = (await readFile(join(E2E_DATA_DIR, 'admin-token'), 'utf8')).trim();
  const response = await fetch(`http://127.0.0.1:${E2E_PORT}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
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
