// The server as `npm start` runs it, in a child process a test can kill -9 and start again.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../config';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves when the process has ended, however it ended. */
  exited: Promise<void>;
  /** SIGKILL: no shutdown of any kind. */
  kill(): Promise<void>;
  /** SIGTERM: the server's own clean shutdown. */
  stop(): Promise<void>;
}

/** Starts apps/server/src/server.ts with `env` and answers once it is listening (DATA_DIR/server.json). */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = env.DATA_DIR;
  if (!dataDir) throw new Error('startServerProcess needs DATA_DIR');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const record = path.join(dataDir, 'server.json');
  let url: string | undefined;
  const deadline = Date.now() + 60_000;
  while (!url) {
    if (child.exitCode !== null) throw new Error(`the server exited during start-up:\n${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start within 60 s:\n${stderr}`);
    }
    try {
      const written = JSON.parse(fs.readFileSync(record, 'utf8')) as { pid: number; url: string };
      // A killed server leaves its record behind: wait for this process's own.
      if (written.pid === child.pid) url = written.url;
    } catch {
      // not written yet
    }
    if (!url) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    child,
    exited,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
