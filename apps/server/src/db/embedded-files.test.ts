// The embedded database's directory holds every user's data and the ledger; PGlite writes its files
// readable and writable by anyone (0666), so the directory itself must keep other local users out,
// as PostgreSQL's own data directory does (0700).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dumpEmbeddedDatabase, packBackup, restoreEmbedded, unpackBackup } from './backup';
import { openPglite } from './client';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-files-'));
  dirs.push(dir);
  return dir;
}

const othersMay = (dir: string) => fs.statSync(dir).mode & 0o077;

describe('the embedded database directory', () => {
  it('is created closed to other users', async () => {
    const dbDir = path.join(dataDir(), 'db');
    const database = await openPglite(dbDir);
    await database.close();
    expect(othersMay(dbDir)).toBe(0);
  });

  it('is closed on opening when an earlier release left it open', async () => {
    const dbDir = path.join(dataDir(), 'db');
    await (await openPglite(dbDir)).close();
    fs.chmodSync(dbDir, 0o755);
    await (await openPglite(dbDir)).close();
    expect(othersMay(dbDir)).toBe(0);
  });

  it('is restored closed to other users', async () => {
    const original = await openPglite(path.join(dataDir(), 'db'));
    const database = await dumpEmbeddedDatabase(original.db);
    await original.close();
    const backup = unpackBackup(packBackup({ database, chains: new Map() }, new Date()), 'copy');
    const target = dataDir();
    await restoreEmbedded(target, backup, 'copy');
    expect(othersMay(path.join(target, 'db'))).toBe(0);
  });
});
