// `npm run admin -- <command> [args]`: operations from the command line. When a server runs on
// this DATA_DIR (DATA_DIR/server.json), the CLI calls its admin API with the admin credential; the
// embedded database is locked by that server. Otherwise the CLI opens the database itself and
// runs the same admin routes in process.
import { randomBytes } from 'node:crypto';
import { buildApp } from '../app';
import { readAdminTokenFile } from '../admin-token';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase } from '../db/client';
import { DatabaseLockedError } from '../db/pglite-lock';
import { readServerRecord } from '../server-record';
import { CliError, commands, type AdminApi } from './commands';

interface Connection {
  api: AdminApi;
  via: string;
  close(): Promise<void>;
}

function unwrap<T>(status: number, text: string): T {
  let body: { code?: number; msg?: string; data?: T };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new CliError(`unexpected answer (HTTP ${status}): ${text.slice(0, 200)}`);
  }
  if (body.code !== 0) throw new CliError(body.msg ?? `failed with HTTP ${status}`);
  return body.data as T;
}

async function viaServer(config: Config): Promise<Connection | undefined> {
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
        const response = await fetch(`${record.url}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            'accept-language': 'en-US',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        return unwrap<T>(response.status, await response.text());
      },
    },
    close: async () => undefined,
  };
}

async function inProcess(config: Config): Promise<Connection> {
  const database = await openDatabase(config);
  const adminToken = randomBytes(24).toString('base64url');
  const app = await buildApp({
    config: { ...config, logLevel: 'warn', rateLimits: { ...config.rateLimits, apiIp: null } },
    db: database.db,
    driver: database.driver,
    adminToken,
  });
  return {
    via: database.driver === 'pglite' ? `the database in ${config.dataDir}/db` : 'the PostgreSQL database',
    api: {
      async call<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
        const response = await app.inject({
          method,
          url: path,
          headers: { authorization: `Bearer ${adminToken}`, 'accept-language': 'en-US' },
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

function usage(): string {
  const width = Math.max(...commands.map((command) => command.usage.length));
  return [
    'Usage: npm run admin -- <command> [arguments]',
    '',
    ...commands.map((command) => `  ${command.usage.padEnd(width)}  ${command.summary}`),
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    console.log(usage());
    return name ? 0 : 2;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    console.error(`Unknown command: ${name}\n\n${usage()}`);
    return 2;
  }
  const config = loadConfig();
  const connection = (await viaServer(config)) ?? (await inProcess(config));
  try {
    const output = await command.run(connection.api, args);
    console.log(output);
    console.error(`(via ${connection.via})`);
    return 0;
  } finally {
    await connection.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CliError || error instanceof ConfigError || error instanceof DatabaseLockedError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
