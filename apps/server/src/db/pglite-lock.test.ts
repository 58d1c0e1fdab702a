import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../config';
import { openPglite } from './client';
import { DatabaseLockedError, lockDirectory } from './pglite-lock';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function run(command: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('the embedded database lock', () => {
  it('refuses a second server process on the same data directory', async () => {
    const dataDir = tempDir();
    const database = await openPglite(path.join(dataDir, 'db'));
    try {
      const second = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
      });
      expect(second.code).toBe(1);
      expect(second.output).toContain(`is in use by another TradeFlip process (pid ${process.pid}`);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  });

  it('records the owner and refuses a second lock in the same process', () => {
    const dir = path.join(tempDir(), 'db');
    const lock = lockDirectory(dir);
    expect(JSON.parse(fs.readFileSync(lock.path, 'utf8'))).toMatchObject({
      pid: process.pid,
      hostname: os.hostname(),
    });
    expect(() => lockDirectory(dir)).toThrow(DatabaseLockedError);
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(false);
    lockDirectory(dir).release();
  });

  it('takes over the lock of a process that is gone', () => {
    const dir = path.join(tempDir(), 'db');
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    fs.writeFileSync(
      `${dir}.lock`,
      JSON.stringify({ pid: gone, hostname: os.hostname(), startedAt: 'earlier' }),
    );
    const lock = lockDirectory(dir);
    expect(JSON.parse(fs.readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();

    fs.writeFileSync(`${dir}.lock`, 'garbage');
    lockDirectory(dir).release();
  });

  it('respects a lock held by a live process', () => {
    const dir = path.join(tempDir(), 'db');
    fs.writeFileSync(
      `${dir}.lock`,
      JSON.stringify({ pid: process.ppid, hostname: os.hostname(), startedAt: 'now' }),
    );
    expect(() => lockDirectory(dir)).toThrow(/in use by another TradeFlip process/);
  });
});
