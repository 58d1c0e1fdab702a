// Starts the server: config → database (migrated) → chains (CHAINS; the embedded default starts two
// local Anvil chains) → app → listen → background jobs. ROLE splits the last two across processes:
// `api` listens and runs no job, `worker` runs the jobs and opens no public port (the admin listener
// of ADMIN_PORT, if set, still opens on either); `all` (the default) does both. Stops cleanly on SIGINT/SIGTERM: workers
// first, then the app and database, then the chains, then the logs are written out. A stop that hangs
// still ends by SHUTDOWN_SECONDS, so the embedded database is always freed for the next start.
import type { AddressInfo } from 'node:net';
import { format } from 'node:util';
import { buildApp } from './app';
import { resolveAdminToken, adminTokenFile } from './admin-token';
import { DEV_HOT_WALLET_FLOAT } from './chain/dev-chains';
import { ChainRegistry, HotWalletMismatch } from './chain/registry';
import {
  chainSetupFromConfig,
  removeChainRecord,
  rpcUrlForLog,
  writeChainRecord,
  type ChainRecord,
} from './chain/setup';
import { ConfigError, loadConfig, loadSecrets, maskSecrets, type Config } from './config';
import { openDatabase } from './db/client';
import { DatabaseLockedError } from './db/pglite-lock';
import { LogOutput } from './log-output';
import { startJobs } from './workers/jobs';
import { listenAdmin } from './plugins/admin-listener';
import { serveMetrics } from './modules/ops/metrics-listener';
import { localUrl, removeServerRecord, writeServerRecord } from './server-record';

/** The longest the last log lines may take to be written out when the process ends. */
const LOG_FLUSH_MS = 2000;

const logs = new LogOutput();

/** Ends the process once its logs are written out (or their deadline passed). */
function exit(code: number): Promise<never> {
  return logs.close(LOG_FLUSH_MS).then(() => process.exit(code));
}

/** A start-up failure that names the setting behind it: printed as its message alone. */
class StartupError extends Error {}

/** The driver's words, without the stack (Drizzle wraps them in a "Failed query: …"). */
function reasonOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

/** Listens with `start`, or fails naming the setting whose port is taken or refused (or whose host does not resolve). */
async function listening<T>(
  setting: string,
  port: number,
  host: string,
  start: () => Promise<T>,
): Promise<T> {
  try {
    return await start();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
      // The listen address is a name the resolver does not know: the host setting is at fault.
      const hostSetting = setting.replace(/PORT$/, 'HOST');
      throw new StartupError(
        `${hostSetting}: ${host} is not a name or address this machine resolves (${code})`,
        { cause: error },
      );
    }
    if (!code || !['EADDRINUSE', 'EACCES', 'EADDRNOTAVAIL'].includes(code)) throw error;
    const why =
      code === 'EADDRINUSE'
        ? 'is already in use'
        : code === 'EACCES'
          ? 'is not permitted'
          : 'is not an address of this machine';
    throw new StartupError(`${setting}: ${host}:${port} ${why} (${code})`, { cause: error });
  }
}

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config).catch((error: unknown) => {
    if (error instanceof DatabaseLockedError || !config.databaseUrl) throw error;
    throw new StartupError(`DATABASE_URL: the database could not be opened: ${reasonOf(error)}`, {
      cause: error,
    });
  });
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
  const metricsUrl = config.metrics
    ? await listening('METRICS_PORT', config.metrics.port, config.metrics.host, () =>
        serveMetrics(app, config),
      )
    : undefined;

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
  // The local chains' hot wallets start with a float (minted with each chain): booked once, so the
  // ledger's chain accounts agree with the chains.
  if (chains && config.chains.mode === 'local') await bookLocalHotWalletFloats(app, chains);

  const serves = config.role !== 'worker';
  if (serves) {
    await listening('PORT', config.port, config.host, () =>
      app.listen({ port: config.port, host: config.host }),
    );
  } else {
    await app.ready();
    // A hosting platform may set PORT for every process: said, not refused.
    if (process.env.PORT && process.env.PORT !== '0') {
      app.log.warn({ port: process.env.PORT }, 'PORT is not used on ROLE=worker: it opens no public port');
    }
  }
  const url = serves ? localUrl(app.server.address() as AddressInfo) : undefined;
  const admin = config.admin
    ? await listening('ADMIN_PORT', config.admin.port, config.admin.host, () =>
        listenAdmin(app, config.admin),
      )
    : undefined;
  const adminUrl = admin && localUrl(admin);
  const record = writeServerRecord(config.dataDir, { role: config.role, url, adminUrl });
  // Where `npm run chain:deposit` finds the local chains while this server runs them.
  let chainRecord: ChainRecord | undefined;
  if (chains && config.chains.mode === 'local') chainRecord = writeChainRecord(config.dataDir, chains.setup);
  app.log.info(
    {
      role: config.role,
      url: url ?? 'none (ROLE=worker)',
      ...(adminUrl && { adminUrl }),
      database: database.driver === 'pglite' ? `PGlite in ${config.dataDir}/db` : 'PostgreSQL',
      mail: config.smtpUrl ? 'SMTP' : `${config.dataDir}/outbox`,
      metrics: metricsUrl ?? 'off',
      adminApi:
        !adminToken || (!serves && !adminUrl)
          ? 'off'
          : config.adminToken
            ? 'ADMIN_TOKEN'
            : adminTokenFile(config.dataDir),
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

  // Background jobs, each one leader across processes sharing the database (none on ROLE=api).
  const jobs = config.role === 'api' ? [] : startJobs(app, database.db, config);

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

async function bookLocalHotWalletFloats(app: Awaited<ReturnType<typeof buildApp>>, chains: ChainRegistry) {
  for (const network of chains.networks()) {
    const booked = await app.services.operatorMoney.fundHotWallet({
      token: 'USDT',
      network: network.network,
      amount: String(DEV_HOT_WALLET_FLOAT),
      memo: 'Float of the local chain’s hot wallet, minted with the chain',
      causeKey: `hot-wallet-float:${network.network}`,
    });
    if (!booked.replayed) app.log.info({ network: network.network }, 'the local hot wallet float was booked');
  }
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
    if (error instanceof HotWalletMismatch) throw new StartupError(error.message, { cause: error });
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    console.error(error.message);
  } else if (error instanceof StartupError) {
    console.error(maskSecrets(`TradeFlip server failed to start: ${error.message}`, loadSecrets()));
  } else {
    // The error may quote a setting (an RPC URL with its key, a connection string with its password).
    console.error(maskSecrets(format('TradeFlip server failed to start:', error), loadSecrets()));
  }
  void exit(1);
});
