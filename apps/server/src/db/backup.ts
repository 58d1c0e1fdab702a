// The embedded database's backup (`npm run admin -- backup FILE` / `restore FILE`). A backup file is an
// ordinary tar archive (`tar tvf FILE` lists it) holding:
//   tradeflip-backup.json        what it is: its format, when it was taken, the parts it holds
//   db.tar.gz                    the PGlite data directory, dumped by PGlite itself (dumpDataDir)
//   chains/<network>.json.gz     each local chain's state (Anvil's), taken after the database
// The chains come after the database so the chains are never behind it: a restored copy then faces
// its chains as a database restored from an older copy faces a real chain (README "Backups and
// restore").
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import type { Network } from '@tradeflip/money';
import { devChainStatePath } from '../chain/dev-chains';
import { closeToOthers, migrationsFolder, type Database } from './client';
import { lockDirectory } from './pglite-lock';

export const BACKUP_FORMAT = 'tradeflip-backup';
export const BACKUP_VERSION = 1;
const MANIFEST = 'tradeflip-backup.json';
const DATABASE = 'db.tar.gz';
const chainEntry = (network: Network) => `chains/${network.toLowerCase()}.json.gz`;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** The local chains whose state it holds (none with external chains or CHAINS=off). */
  chains: Network[];
}

export interface Backup {
  manifest: BackupManifest;
  /** PGlite's gzipped tarball of its data directory. */
  database: Uint8Array;
  /** Each local chain's gzipped Anvil state, by network. */
  chains: Map<Network, Uint8Array>;
}

/** A file that is not a backup, or a backup this version cannot read: the message says which. */
export class BackupFileError extends Error {}

// ---- tar (POSIX ustar, regular files only) ----

const BLOCK = 512;

function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(BLOCK);
  const put = (text: string, offset: number, length: number) => header.write(text, offset, length, 'ascii');
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0') + '\0';
  put(name, 0, 100);
  put(octal(0o600, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12);
  put('        ', 148, 8); // the checksum counts its own field as spaces
  put('0', 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  let sum = 0;
  for (const byte of header) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return header;
}

function writeTar(entries: { name: string; data: Uint8Array }[], mtime: Date): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(tarHeader(entry.name, entry.data.length, mtime), Buffer.from(entry.data));
    const padding = (BLOCK - (entry.data.length % BLOCK)) % BLOCK;
    parts.push(Buffer.alloc(padding));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}

/** The files of a tar archive, or undefined when `data` is not one. */
function readTar(data: Buffer): Map<string, Buffer> | undefined {
  const files = new Map<string, Buffer>();
  let offset = 0;
  while (offset + BLOCK <= data.length) {
    const header = data.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return files;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
    const field = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString('ascii')
        .replace(/\0.*$/s, '')
        .trim();
    if (parseInt(field(148, 8), 8) !== sum) return undefined;
    const size = parseInt(field(124, 12), 8);
    if (!Number.isSafeInteger(size) || offset + BLOCK + size > data.length) return undefined;
    files.set(field(0, 100), data.subarray(offset + BLOCK, offset + BLOCK + size));
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return undefined; // no end-of-archive blocks: cut short
}

// ---- the backup file ----

export function packBackup(backup: Omit<Backup, 'manifest'>, createdAt: Date): Buffer {
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: createdAt.toISOString(),
    chains: [...backup.chains.keys()],
  };
  return writeTar(
    [
      { name: MANIFEST, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
      { name: DATABASE, data: backup.database },
      ...[...backup.chains].map(([network, state]) => ({ name: chainEntry(network), data: state })),
    ],
    createdAt,
  );
}

/** Reads a backup file's parts; a BackupFileError names what is wrong with `file`. */
export function unpackBackup(data: Buffer, file: string): Backup {
  const notABackup = new BackupFileError(
    `${file} is not a TradeFlip backup (one is written by \`npm run admin -- backup FILE\`)`,
  );
  const files = readTar(data);
  const manifestText = files?.get(MANIFEST);
  if (!files || !manifestText) throw notABackup;
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(manifestText.toString('utf8')) as Partial<BackupManifest>;
  } catch {
    throw notABackup;
  }
  if (manifest.format !== BACKUP_FORMAT || typeof manifest.version !== 'number') throw notABackup;
  if (manifest.version > BACKUP_VERSION) {
    throw new BackupFileError(
      `${file} is a backup of format ${manifest.version}, newer than this TradeFlip reads (${BACKUP_VERSION}): ` +
        'restore it with the version that wrote it, or a newer one',
    );
  }
  const database = files.get(DATABASE);
  const chains = new Map<Network, Uint8Array>();
  for (const network of manifest.chains ?? []) {
    if (network !== 'ERC20' && network !== 'BEP20') throw notABackup;
    const state = files.get(chainEntry(network));
    if (!state)
      throw new BackupFileError(
        `${file} is damaged: it lists the ${network} chain but holds no state for it`,
      );
    chains.set(network, state);
  }
  if (!database || !isGzip(database)) throw new BackupFileError(`${file} is damaged: it holds no database`);
  return { manifest: manifest as BackupManifest, database, chains };
}

const isGzip = (data: Uint8Array) => data[0] === 0x1f && data[1] === 0x8b;

// ---- the embedded database ----

/**
 * PGlite's data directory as a gzipped tarball, taken by PGlite itself while no statement or
 * transaction runs (PGlite's transaction lock, which every query and transaction takes, is held), so
 * the copy is the database at one moment; after a checkpoint, so little WAL is left to replay on open.
 */
export async function dumpEmbeddedDatabase(db: Database): Promise<Uint8Array> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) throw new Error('not an embedded (PGlite) database');
  await client.exec('CHECKPOINT');
  const tarball = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
  return new Uint8Array(await tarball.arrayBuffer());
}

interface Journal {
  entries: { tag: string; when: number }[];
}

/** The migrations this version has, oldest first (drizzle's journal). */
function journal(): Journal['entries'] {
  return (JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal)
    .entries;
}

/** What is in the way of a restore into `dataDir`: an existing database or local chains' state. */
export function restoreObstacles(dataDir: string, backup: Backup): string[] {
  const found: string[] = [];
  const db = path.join(dataDir, 'db');
  if (fs.existsSync(db) && fs.readdirSync(db).length > 0) found.push(db);
  for (const network of backup.chains.keys()) {
    const state = devChainStatePath(dataDir, network);
    if (fs.existsSync(state)) found.push(state);
  }
  return found;
}

export interface RestoreResult {
  /** Migrations the copy has, and those this version has (the server applies the rest on start). */
  migrations: { applied: number; head: number };
}

/**
 * Writes `backup` into DATA_DIR (db/ and chains/), which must hold neither (restoreObstacles), and
 * checks the database opens and is not newer than this version's migrations. On failure nothing of it
 * stays behind.
 */
export async function restoreEmbedded(dataDir: string, backup: Backup, file: string): Promise<RestoreResult> {
  const dbDir = path.join(dataDir, 'db');
  const written: string[] = [dbDir];
  // A server starting meanwhile would create an empty database here: the lock keeps it out.
  const lock = lockDirectory(dbDir);
  try {
    let client: PGlite | undefined;
    let applied: { tag: string; when: number }[];
    try {
      closeToOthers(dbDir);
      client = new PGlite(dbDir, { loadDataDir: new Blob([backup.database]) });
      await client.waitReady;
      const rows = await client.query<{ created_at: string }>(
        'select created_at::text from drizzle.__drizzle_migrations order by created_at',
      );
      // The copy is a database of its own: a new identity, so its processes' price stream (named by it,
      // market/relay.ts) never mixes with the original's when both run on one Redis.
      // (A backup from before the identity existed gets one from the migrations at the first start.)
      const identity = await client.query<{ table: string | null }>(
        "select to_regclass('database_identity')::text as table",
      );
      if (identity.rows[0]?.table)
        await client.query('update database_identity set id = gen_random_uuid()::text');
      const known = new Map(journal().map((entry) => [entry.when, entry]));
      applied = rows.rows.map(
        (row) => known.get(Number(row.created_at)) ?? { tag: '?', when: Number(row.created_at) },
      );
    } catch (error) {
      throw new BackupFileError(`${file} holds a database that does not open: ${(error as Error).message}`);
    } finally {
      await client?.close().catch(() => undefined);
    }
    const head = journal();
    const unknown = applied.filter((entry) => entry.tag === '?');
    if (unknown.length > 0) {
      throw new BackupFileError(
        `${file} was taken from a newer TradeFlip: its database has ${unknown.length} migration(s) this version ` +
          'does not know. Restore it with that version (or a newer one).',
      );
    }
    for (const [network, state] of backup.chains) {
      const target = devChainStatePath(dataDir, network);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      written.push(target);
      fs.writeFileSync(target, gunzipSync(state));
    }
    return { migrations: { applied: applied.length, head: head.length } };
  } catch (error) {
    for (const target of written) fs.rmSync(target, { recursive: true, force: true });
    throw error;
  } finally {
    lock.release();
  }
}
