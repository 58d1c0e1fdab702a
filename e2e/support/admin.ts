import { execFile } from 'node:child_process';
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
