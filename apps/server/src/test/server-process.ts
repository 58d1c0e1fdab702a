// The server as `npm start` runs it, in a child process a test can kill -9 and start again.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { repoRoot } from '../config';
import { isProcessAlive } from '../db/pglite-lock';

export interface ServerProcess {
  /** The public listener ('' on ROLE=worker, which opens none). */
  url: string;
  /** The admin listener (ADMIN_PORT), if any. */
  adminUrl: string | undefined;
  /** The process started: the server itself, or `npm start`'s script running it. */
  child: ChildProcess;
  /** The server's own process id (the child's, unless started through `npm start`). */
  serverPid: number;
  /** The child's stdout when asked for (`stdout: 'pipe'`). */
  stdout: Readable | null;
  /** Resolves when the process has ended, however it ended. */
  exited: Promise<void>;
  /** SIGKILL: no shutdown of any kind. */
  kill(): Promise<void>;
  /** SIGTERM: the server's own clean shutdown. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** Through scripts/start.mjs, as `npm start` runs it (give WEB_DIST, or it builds the web app). */
  npmStart?: boolean;
  /** The child's stdout: ignored by default; 'pipe' hands it to the test. */
  stdout?: 'ignore' | 'pipe';
  /** The compiled server (apps/server/dist/server.js, `npm run build`), run by plain node. */
  compiled?: boolean;
}

/** The compiled server, as `npm run serve` runs it. */
export const COMPILED_SERVER = 'apps/server/dist/server.js';

/**
 * Starts apps/server/src/server.ts with `env` and answers once it is up (DATA_DIR/server.json, which
 * every role writes once started: listening, or on ROLE=worker running its jobs).
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const dataDir = env.DATA_DIR;
  if (!dataDir) throw new Error('startServerProcess needs DATA_DIR');
  const args = options.npmStart
    ? ['scripts/start.mjs']
    : options.compiled
      ? [COMPILED_SERVER]
      : ['--import', 'tsx', 'apps/server/src/server.ts'];
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', options.stdout ?? 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const record = path.join(dataDir, 'server.json');
  let written: { pid: number; url?: string; adminUrl?: string } | undefined;
  const deadline = Date.now() + 60_000;
  while (!written) {
    if (child.exitCode !== null) throw new Error(`the server exited during start-up:\n${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start within 60 s:\n${stderr}`);
    }
    try {
      const found = JSON.parse(fs.readFileSync(record, 'utf8')) as {
        pid: number;
        url?: string;
        adminUrl?: string;
        startedAt: string;
      };
      // A killed server leaves its record behind: wait for one written since this start.
      if (Date.parse(found.startedAt) >= spawnedAt) written = found;
    } catch {
      // not written yet
    }
    if (!written) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const serverPid = written.pid;
  return {
    url: written.url ?? '',
    adminUrl: written.adminUrl,
    child,
    serverPid,
    stdout: child.stdout,
    exited,
    async kill() {
      // Through `npm start`, the server is a grandchild: it must not outlive the test either.
      if (serverPid !== child.pid && isProcessAlive(serverPid)) process.kill(serverPid, 'SIGKILL');
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Starts the server with `env` expecting it to refuse: answers its exit code and stderr once it ended. */
export function runServerToExit(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server was still running after ${timeoutMs} ms:\n${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
