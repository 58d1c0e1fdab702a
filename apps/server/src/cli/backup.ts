// `npm run admin -- backup FILE` and `restore FILE`: the embedded database (DATA_DIR/db) and the local
// chains' state (DATA_DIR/chains), written to one file and brought back into an empty DATA_DIR
// (db/backup.ts holds the file's format). PGlite is one process's database: while a server holds it the
// database is dumped by that server (POST /api/admin/backup), otherwise by the CLI under the lock.
// PostgreSQL has its own tools (pg_dump, point-in-time recovery): the commands point at them.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Network } from '@tradeflip/money';
import type { Config } from '../config';
import { devChainStatePath } from '../chain/dev-chains';
import { readChainRecord } from '../chain/setup';
import {
  BackupFileError,
  dumpEmbeddedDatabase,
  packBackup,
  restoreEmbedded,
  restoreObstacles,
  unpackBackup,
} from '../db/backup';
import { readServerRecord } from '../server-record';
import { CliError, readArgs } from './command-kit';
import { openExistingDatabase, runningServer, unwrap } from './connection';

const NETWORKS = ['ERC20', 'BEP20'] as const;

/** A command run on DATA_DIR itself rather than through the admin API. */
export interface DataDirCommand {
  name: string;
  usage: string;
  summary: string;
  run(config: Config, args: readonly string[]): Promise<string>;
}

function postgresRefusal(command: string): CliError {
  return new CliError(
    `DATABASE_URL is set: \`${command}\` covers the embedded database only. Back PostgreSQL up with its ` +
      'own tools (pg_dump / pg_restore, or base backups with WAL archiving for point-in-time recovery): ' +
      'see the README, "Backups and restore".',
  );
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Anvil's state of a running local chain, gzipped JSON (the format of its --state file). */
async function dumpChainState(rpcUrl: string): Promise<Uint8Array> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_dumpState', params: [] }),
    signal: AbortSignal.timeout(60_000),
  });
  const answer = (await response.json()) as { result?: string; error?: { message: string } };
  if (typeof answer.result !== 'string') {
    throw new CliError(
      `the local chain at ${rpcUrl} gave no state: ${answer.error?.message ?? response.status}`,
    );
  }
  return Buffer.from(answer.result.replace(/^0x/, ''), 'hex');
}

async function backup(config: Config, args: readonly string[]): Promise<string> {
  const usage = 'npm run admin -- backup FILE';
  const [file] = readArgs(args, { usage, positionals: 1 }).positionals;
  if (config.databaseUrl) throw postgresRefusal('backup');
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new CliError(`${target} exists already: give the backup a new name`);

  // The database first, then the chains: the chains are never behind the database they go with.
  let database: Uint8Array;
  let via: string;
  const chains = new Map<Network, Uint8Array>();
  const server = await runningServer(config);
  if (server) {
    const response = await fetch(`${server.url}/api/admin/backup`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${server.token}`,
        'accept-language': 'en-US',
        'content-type': 'application/json',
      },
      body: '{}',
      signal: AbortSignal.timeout(600_000),
    });
    const body = Buffer.from(await response.arrayBuffer());
    if (!response.ok) unwrap(response.status, body.toString('utf8'));
    database = body;
    via = `the running server at ${server.url}`;
    for (const network of readChainRecord(config.dataDir)?.networks ?? []) {
      chains.set(network.network, await dumpChainState(network.rpcUrl));
    }
  } else {
    const handle = await openExistingDatabase(config);
    try {
      database = await dumpEmbeddedDatabase(handle.db);
    } finally {
      await handle.close();
    }
    via = `the database in ${path.join(config.dataDir, 'db')}`;
    // Stopped, the chains have written their whole state to their files.
    if (config.chains.mode === 'local') {
      for (const network of NETWORKS) {
        const state = devChainStatePath(config.dataDir, network);
        if (fs.existsSync(state)) chains.set(network, gzipSync(fs.readFileSync(state)));
      }
    }
  }

  const packed = packBackup({ database, chains }, new Date());
  // Written aside and renamed: a backup cut short never looks like one. It holds every user's data.
  const partial = `${target}.partial`;
  fs.writeFileSync(partial, packed, { mode: 0o600 });
  fs.renameSync(partial, target);
  const parts = ['the database', ...[...chains.keys()].map((network) => `the local ${network} chain`)];
  return `Backup written to ${target} (${megabytes(packed.length)}): ${parts.join(', ')}, via ${via}.`;
}

async function restore(config: Config, args: readonly string[]): Promise<string> {
  const usage = 'npm run admin -- restore FILE';
  const [file] = readArgs(args, { usage, positionals: 1 }).positionals;
  if (config.databaseUrl) throw postgresRefusal('restore');
  const source = path.resolve(file);
  let data: Buffer;
  try {
    data = fs.readFileSync(source);
  } catch (error) {
    throw new CliError(`cannot read ${source}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let restored;
  try {
    const contents = unpackBackup(data, source);
    const record = readServerRecord(config.dataDir);
    if (record) {
      throw new CliError(
        `A server is running on ${config.dataDir} (pid ${record.pid}): restore into an empty DATA_DIR, with no server on it.`,
      );
    }
    const obstacles = restoreObstacles(config.dataDir, contents);
    if (obstacles.length > 0) {
      throw new CliError(
        `${config.dataDir} is not empty: ${obstacles.join(', ')} exist(s) already. A restore never replaces ` +
          'a database: restore into an empty DATA_DIR (or move that one away first).',
      );
    }
    fs.mkdirSync(config.dataDir, { recursive: true });
    restored = { manifest: contents.manifest, ...(await restoreEmbedded(config.dataDir, contents, source)) };
  } catch (error) {
    if (error instanceof BackupFileError) throw new CliError(error.message);
    throw error;
  }
  const { applied, head } = restored.migrations;
  return [
    `Restored the backup of ${restored.manifest.createdAt} into ${config.dataDir}:`,
    `  database      ${path.join(config.dataDir, 'db')} (migrations ${applied} of ${head}` +
      `${applied < head ? '; the server applies the rest when it starts' : ''})`,
    ...restored.manifest.chains.map(
      (network) => `  ${`${network} chain`.padEnd(12)}  ${devChainStatePath(config.dataDir, network)}`,
    ),
    'Start the server on it (npm start); run `npm run audit` to check the ledger.',
  ].join('\n');
}

export const dataDirCommands: DataDirCommand[] = [
  {
    name: 'backup',
    usage: 'backup FILE',
    summary: 'Write the embedded database (and local chains) to FILE, also while the server runs',
    run: backup,
  },
  {
    name: 'restore',
    usage: 'restore FILE',
    summary: 'Bring a backup back into an empty DATA_DIR (no server running on it)',
    run: restore,
  },
];
