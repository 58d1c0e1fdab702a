// How the operator CLIs (`npm run admin`, `npm run audit`) reach the admin API: through the server
// running on this DATA_DIR (DATA_DIR/server.json) with the admin credential, or, when none runs, by
// opening the database and running the same routes in process.
import { randomBytes } from 'node:crypto';
import type { Envelope } from '@tradeflip/api';
import { buildApp } from '../app';
import { readAdminTokenFile } from '../admin-token';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { readServerRecord } from '../server-record';
import { CliError, type AdminApi } from './command-kit';

export interface Connection {
  api: AdminApi;
  via: string;
  close(): Promise<void>;
}

interface ConnectOptions {
  /** Sent with every POST of this invocation, so a retried call moves money once. */
  idempotencyKey: string;
}

function unwrap<T>(status: number, text: string): T {
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

/** The admin API of the server running on this DATA_DIR, if one runs. */
export async function viaServer(config: Config, options: ConnectOptions): Promise<Connection | undefined> {
  const record = readServerRecord(config.dataDir);
  if (!record) return undefined;
  const token = config.adminToken ?? readAdminTokenFile(config.dataDir);
  if (!token) {
    // PostgreSQL is shared by any number of processes: work on it directly.
    if (config.databaseUrl) return undefined;
    throw new CliError(
      `A server is running at ${record.url} (pid ${record.pid}) but no admin credential was found: ` +
        'set ADMIN_TOKEN to the server’s.',
    );
  }
  const alive = await fetch(`${record.url}/api/health`, { signal: AbortSignal.timeout(3000) }).then(
    (response) => response.ok,
    () => false,
  );
  if (!alive) return undefined;
  return {
    via: `the running server at ${record.url}`,
    api: {
      async call<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
        // A POST lost on the way (or still running) is sent again with the same Idempotency-Key:
        // the server answers the first result instead of moving money twice.
        for (let attempt = 1; ; attempt++) {
          let response: Response;
          try {
            response = await fetch(`${record.url}${path}`, {
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

async function inProcess(config: Config, options: ConnectOptions): Promise<Connection> {
  const database = await openDatabase(config);
  const adminToken = randomBytes(24).toString('base64url');
  const app = await buildApp({
    config: { ...config, logLevel: 'warn', rateLimits: { ...config.rateLimits, apiIp: null } },
    db: database.db,
    driver: database.driver,
    outside: database.outside,
    adminToken,
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

export async function connect(config: Config, options: ConnectOptions): Promise<Connection> {
  return (await viaServer(config, options)) ?? (await inProcess(config, options));
}
