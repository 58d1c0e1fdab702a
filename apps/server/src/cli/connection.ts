// How the operator CLIs (`npm run admin`, `npm run audit`) reach the admin API: through the server
// running on this DATA_DIR (DATA_DIR/server.json) with the admin credential, or, when none runs, by
// opening the database and running the same routes in process.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Envelope } from '@tradeflip/api';
import { buildApp } from '../app';
import { ChainRegistry } from '../chain/registry';
import { chainSetupFromConfig } from '../chain/setup';
import { readAdminTokenFile } from '../admin-token';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { adminUrlOf, readServerRecord } from '../server-record';
import { CliError, type AdminApi } from './command-kit';

export interface Connection {
  api: AdminApi;
  via: string;
  close(): Promise<void>;
}

interface ConnectOptions {
  /** Sent with every POST of this invocation, so a retried call moves money once. */
  idempotencyKey: string;
  /** In process: the chains the app reaches (the real networks of CHAINS=external). */
  chains?: ChainRegistry;
}

export function unwrap<T>(status: number, text: string): T {
  let body: Partial<Envelope<T>>;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new CliError(`unexpected answer (HTTP ${status}): ${text.slice(0, 200)}`);
  }
  if (body.code !== 0) throw new CliError(body.msg ?? `failed with HTTP ${status}`);
  return body.data as T;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server running on this DATA_DIR and its admin credential, if one runs and answers. */
export async function runningServer(config: Config): Promise<{ url: string; token: string } | undefined> {
  const record = readServerRecord(config.dataDir);
  // A worker listens nowhere: its database is PostgreSQL, shared.
  const url = record && adminUrlOf(record);
  if (!record || !url) return undefined;
  const token = config.adminToken ?? readAdminTokenFile(config.dataDir);
  if (!token) {
    // PostgreSQL is shared by any number of processes: work on it directly, saying so.
    if (config.databaseUrl) {
      console.error(
        `A server is running at ${url} (pid ${record.pid}) but no ADMIN_TOKEN was given: ` +
          'working on the PostgreSQL database directly.',
      );
      return undefined;
    }
    throw new CliError(
      `A server is running at ${url} (pid ${record.pid}) but no admin credential was found: ` +
        'set ADMIN_TOKEN to the server’s.',
    );
  }
  const alive = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(3000) }).then(
    (response) => response.ok,
    () => false,
  );
  return alive ? { url, token } : undefined;
}

/** The admin API of the server running on this DATA_DIR, if one runs. */
export async function viaServer(config: Config, options: ConnectOptions): Promise<Connection | undefined> {
  const server = await runningServer(config);
  if (!server) return undefined;
  const { url, token } = server;
  return {
    via: `the running server at ${url}`,
    api: {
      async call<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
        // A POST lost on the way (or still running) is sent again with the same Idempotency-Key:
        // the server answers the first result instead of moving money twice.
        for (let attempt = 1; ; attempt++) {
          let response: Response;
          try {
            response = await fetch(`${url}${path}`, {
              method,
              headers: {
                authorization: `Bearer ${token}`,
                'accept-language': 'en-US',
                ...(method === 'POST' ? { 'idempotency-key': options.idempotencyKey } : {}),
                ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              },
              body: body === undefined ? undefined : JSON.stringify(body),
              signal: AbortSignal.timeout(120_000),
            });
          } catch (error) {
            if (attempt < 3) {
              await pause(500 * attempt);
              continue;
            }
            throw error;
          }
          const text = await response.text();
          if (response.status === 409 && text.includes('idempotency_in_flight') && attempt < 20) {
            await pause(500);
            continue;
          }
          return unwrap<T>(response.status, text);
        }
      },
    },
    close: async () => undefined,
  };
}

/**
 * The database itself, when no server answers: PostgreSQL, or the embedded one in DATA_DIR/db only
 * if it exists. Opening a missing one would create it empty, and the CLI would answer from that
 * ("0 user(s)") as if it were the operator's.
 */
export async function openExistingDatabase(config: Config) {
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) {
    throw new CliError(
      `No server is running on ${config.dataDir} and there is no database in ${path.join(config.dataDir, 'db')}: ` +
        'start the server first (npm start), or set DATA_DIR (or DATABASE_URL) to the one it uses.',
    );
  }
  return openDatabase(config);
}

async function inProcess(config: Config, options: ConnectOptions): Promise<Connection> {
  const database = await openExistingDatabase(config);
  const adminToken = randomBytes(24).toString('base64url');
  const app = await buildApp({
    // Called in process: no listener of its own for the admin routes.
    config: {
      ...config,
      admin: undefined,
      logLevel: 'warn',
      rateLimits: { ...config.rateLimits, apiIp: null },
    },
    db: database.db,
    driver: database.driver,
    outside: database.outside,
    adminToken,
    // A command's stdout is its answer (`npm run audit -- --json` is parsed): warnings go to stderr.
    logStream: process.stderr,
    ...(options.chains && { chains: options.chains }),
  });
  return {
    via: database.driver === 'pglite' ? `the database in ${config.dataDir}/db` : 'the PostgreSQL database',
    api: {
      async call<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
        const response = await app.inject({
          method,
          url: path,
          headers: {
            authorization: `Bearer ${adminToken}`,
            'accept-language': 'en-US',
            ...(method === 'POST' ? { 'idempotency-key': options.idempotencyKey } : {}),
          },
          ...(body === undefined ? {} : { payload: body as object }),
        });
        return unwrap<T>(response.statusCode, response.body);
      },
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The running server's admin API, else the same routes in process. In process, the real networks of
 * CHAINS=external are reached from here too (chain:status, the audit's chain check); the local chains
 * run only inside the server.
 */
export async function connect(config: Config, options: ConnectOptions): Promise<Connection> {
  const server = await viaServer(config, options);
  if (server) return server;
  if (options.chains || config.chains.mode !== 'external') return inProcess(config, options);
  const setup = await chainSetupFromConfig(config);
  return inProcess(config, { ...options, ...(setup && { chains: new ChainRegistry(setup) }) });
}
