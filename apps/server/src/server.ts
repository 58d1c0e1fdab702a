// Starts the server: config → database (migrated) → app → listen. Stops cleanly on SIGINT/SIGTERM.
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { resolveAdminToken, adminTokenFile } from './admin-token';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DatabaseLockedError } from './db/pglite-lock';
import { deleteExpiredIdempotencyKeys } from './plugins/idempotency';
import { localUrl, removeServerRecord, writeServerRecord } from './server-record';

const MAINTENANCE_MS = 3600_000;

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const adminToken = resolveAdminToken(config);
  const app = await buildApp({ config, db: database.db, driver: database.driver, adminToken });
  app.addHook('onClose', () => database.close());

  await app.listen({ port: config.port, host: config.host });
  const url = localUrl(app.server.address() as AddressInfo);
  const record = writeServerRecord(config.dataDir, url);
  app.log.info(
    {
      url,
      database: database.driver === 'pglite' ? `PGlite in ${config.dataDir}/db` : 'PostgreSQL',
      mail: config.smtpUrl ? 'SMTP' : `${config.dataDir}/outbox`,
      adminApi: adminToken ? (config.adminToken ? 'ADMIN_TOKEN' : adminTokenFile(config.dataDir)) : 'off',
    },
    'TradeFlip is running',
  );

  const maintenance = setInterval(() => {
    const now = new Date();
    Promise.all([
      app.services.accounts.deleteExpired(),
      deleteExpiredIdempotencyKeys(database.db, now),
    ]).catch((error: unknown) => app.log.warn({ err: error }, 'maintenance failed'));
  }, MAINTENANCE_MS);
  maintenance.unref();

  let stopping = false;
  const stop = (signal: string) => {
    // A terminal's Ctrl-C reaches both `npm start` and this process: act once.
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(maintenance);
    setTimeout(() => process.exit(1), 10_000).unref();
    removeServerRecord(config.dataDir, record);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    console.error(error.message);
  } else {
    console.error('TradeFlip server failed to start:', error);
  }
  process.exit(1);
});
