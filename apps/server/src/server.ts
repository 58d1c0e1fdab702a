// Starts the server: config → database (migrated) → chains (CHAINS; the embedded default starts two
// local Anvil chains) → app → listen → background jobs. Stops cleanly on SIGINT/SIGTERM: workers
// first, then the app and database, then the chains, then the logs are written out. A stop that hangs
// still ends by SHUTDOWN_SECONDS, so the embedded database is always freed for the next start.
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { resolveAdminToken, adminTokenFile } from './admin-token';
import { ChainRegistry } from './chain/registry';
import {
  chainSetupFromConfig,
  removeChainRecord,
  rpcUrlForLog,
  writeChainRecord,
  type ChainRecord,
} from './chain/setup';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { DatabaseLockedError } from './db/pglite-lock';
import { LogOutput } from './log-output';
import { startJobs } from './workers/jobs';
import { localUrl, removeServerRecord, writeServerRecord } from './server-record';

/** The longest the last log lines may take to be written out when the process ends. */
const LOG_FLUSH_MS = 2000;

const logs = new LogOutput();

/** Ends the process once its logs are written out (or their deadline passed). */
function exit(code: number): Promise<never> {
  return logs.close(LOG_FLUSH_MS).then(() => process.exit(code));
}

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const chains = await startChains(config).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const adminToken = resolveAdminToken(config);
  const app = await buildApp({
    config,
    db: database.db,
    driver: database.driver,
    outside: database.outside,
    listen: database.listen,
    adminToken,
    chains,
    logStream: logs,
  });
  app.addHook('onClose', () => database.close());
  // After the database (hooks run in order): the workers using both are stopped before either.
  if (chains) app.addHook('onClose', () => chains.stop());

  // The embedded default's vault starts with a demo balance, once, so a newcomer can play at once.
  // Before listening: from the running-server record on, everything below is synchronous, so a stop
  // signal always finds its handler.
  if (!config.databaseUrl && Number(config.game.demoVault) > 0) {
    const funded = await app.services.operatorMoney.fundVault({
      token: 'USDT',
      amount: config.game.demoVault,
      memo: 'Demo vault of the embedded default',
      causeKey: 'demo-vault:USDT',
    });
    if (!funded.replayed) app.log.info({ usdt: config.game.demoVault }, 'the demo vault was funded');
  }

  await app.listen({ port: config.port, host: config.host });
  const url = localUrl(app.server.address() as AddressInfo);
  const record = writeServerRecord(config.dataDir, url);
  // Where `npm run chain:deposit` finds the local chains while this server runs them.
  let chainRecord: ChainRecord | undefined;
  if (chains && config.chains.mode === 'local') chainRecord = writeChainRecord(config.dataDir, chains.setup);
  app.log.info(
    {
      url,
      database: database.driver === 'pglite' ? `PGlite in ${config.dataDir}/db` : 'PostgreSQL',
      mail: config.smtpUrl ? 'SMTP' : `${config.dataDir}/outbox`,
      adminApi: adminToken ? (config.adminToken ? 'ADMIN_TOKEN' : adminTokenFile(config.dataDir)) : 'off',
      chains: chains
        ? Object.fromEntries(
            chains
              .networks()
              .map((net) => [net.network, `${rpcUrlForLog(net.rpcUrl)} (chain id ${net.chainId})`]),
          )
        : 'off',
    },
    'TradeFlip is running',
  );

  // Background jobs, each one leader across processes sharing the database.
  const jobs = startJobs(app, database.db, config);

  let stopping = false;
  const stop = (signal: string) => {
    // A terminal's Ctrl-C reaches both `npm start` and this process: act once.
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error({ seconds: config.shutdownMs / 1000 }, 'the shutdown took too long; exiting anyway');
      void exit(1);
    }, config.shutdownMs).unref();
    removeServerRecord(config.dataDir, record);
    if (chainRecord) removeChainRecord(config.dataDir, chainRecord);
    Promise.all(jobs.map((job) => job.stop()))
      .then(() => app.close())
      .then(
        () => exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          return exit(1);
        },
      );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** The chains of CHAINS (the local ones are started here), or undefined when off. */
async function startChains(config: Config): Promise<ChainRegistry | undefined> {
  let setup;
  try {
    setup = await chainSetupFromConfig(config);
  } catch (error) {
    if (config.chains.mode !== 'local') throw error;
    throw new Error(
      `The local chains did not start (CHAINS=off runs without deposits and withdrawals): ${(error as Error).message}`,
      { cause: error },
    );
  }
  if (!setup) return undefined;
  try {
    return new ChainRegistry(setup);
  } catch (error) {
    await setup.stop?.();
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    console.error(error.message);
  } else {
    console.error('TradeFlip server failed to start:', error);
  }
  void exit(1);
});
