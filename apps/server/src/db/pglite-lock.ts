// PGlite is one process's database: a lock file beside the data directory refuses a second
// process. The lock names its owner (pid, host); a lock whose process is gone is taken over.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
}

export class DatabaseLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly owner: LockOwner,
  ) {
    super(
      `The embedded database at ${path.dirname(lockPath)} is in use by another TradeFlip process ` +
        `(pid ${owner.pid} on ${owner.hostname}, since ${owner.startedAt}). PGlite allows one process at a time: ` +
        'stop that process first, or use `npm run admin`, which talks to the running server.',
    );
    this.name = 'DatabaseLockedError';
  }
}

export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(lockPath: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid === 'number' && typeof owner.hostname === 'string') {
      return { pid: owner.pid, hostname: owner.hostname, startedAt: String(owner.startedAt ?? '?') };
    }
  } catch {
    // unreadable or half-written: treated as stale below
  }
  return undefined;
}

function isStale(owner: LockOwner | undefined): boolean {
  if (!owner) return true;
  if (owner.hostname !== os.hostname()) return false; // cannot check another machine's process
  return owner.pid !== process.pid && !isProcessAlive(owner.pid);
}

export interface DirectoryLock {
  path: string;
  release(): void;
}

/** Takes `<dir>.lock` for this process; throws DatabaseLockedError while a live process holds it. */
export function lockDirectory(dir: string): DirectoryLock {
  const lockPath = `${dir.replace(/[\\/]+$/, '')}.lock`;
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  const me: LockOwner = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
  const tmpPath = `${lockPath}.${process.pid}.tmp`;
  fs.writeFileSync(tmpPath, JSON.stringify(me));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        // link() is atomic and fails when the lock exists, so two starters cannot both win.
        fs.linkSync(tmpPath, lockPath);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const owner = readOwner(lockPath);
        if (owner && owner.pid === process.pid && owner.hostname === me.hostname) {
          throw new DatabaseLockedError(lockPath, owner); // this process opened it already
        }
        if (!isStale(owner)) throw new DatabaseLockedError(lockPath, owner!);
        fs.rmSync(lockPath, { force: true });
      }
    }
  } finally {
    fs.rmSync(tmpPath, { force: true });
  }
  const owner = readOwner(lockPath);
  if (!owner || owner.pid !== me.pid || owner.startedAt !== me.startedAt) {
    throw new DatabaseLockedError(lockPath, owner ?? me);
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    const current = readOwner(lockPath);
    if (current && current.pid === me.pid && current.startedAt === me.startedAt)
      fs.rmSync(lockPath, { force: true });
  };
  process.on('exit', release);
  return { path: lockPath, release };
}
