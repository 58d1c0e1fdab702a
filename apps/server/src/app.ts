// Builds the Fastify app from a parsed config and an open database. server.ts starts it; tests and
// the admin CLI build it too.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ChainRegistry } from './chain/registry';
import { systemClock, type Clock } from './clock';
import { maskSecrets, type Config } from './config';
import type { Database } from './db/client';
import { databaseId } from './db/identity';
import { httpServerFactory } from './http-server';
import { createMailer, type Mailer } from './mail/mailer';
import { adminBackupRoutes } from './modules/admin/backup-routes';
import { adminChainRoutes } from './modules/admin/chain-routes';
import { adminMarketRoutes } from './modules/admin/market-routes';
import { marketRoutes } from './modules/market/routes';
import { MarketService } from './modules/market/service';
import { SimulatedFeed } from './modules/market/simulated-feed';
import { BinanceFeed } from './modules/market/binance-feed';
import { RedisRelay, relayChannel } from './modules/market/relay';
import { GameService } from './modules/contract-game/service';
import { GameEngine } from './modules/contract-game/engine';
import { gamePairRoutes, gameRoutes } from './modules/contract-game/routes';
import { adminGameRoutes } from './modules/admin/contract-game-routes';
import { adminRoutes } from './modules/admin/routes';
import { adminWalletRoutes } from './modules/admin/wallet-routes';
import { adminWithdrawRoutes } from './modules/admin/withdraw-routes';
import { accountRoutes } from './modules/account/routes';
import { AccountService } from './modules/account/service';
import { depositRoutes } from './modules/deposit/routes';
import { Treasury } from './modules/deposit/reconcile';
import { DepositService } from './modules/deposit/service';
import { Sweeper } from './modules/deposit/sweeper';
import { Readiness } from './modules/health/readiness';
import { Metrics } from './modules/ops/metrics';
import { healthRoutes, ProbesAtDebug } from './modules/health/routes';
import { LedgerService } from './modules/ledger/service';
import { TokenRegistry } from './modules/token/registry';
import { OperatorMoney, WalletOperations } from './modules/wallet/operations';
import { MarketPriceSource, type PriceSource } from './modules/wallet/prices';
import { walletRoutes } from './modules/wallet/routes';
import { WalletService } from './modules/wallet/service';
import { AddressBook } from './modules/withdraw/address-book';
import { withdrawRoutes } from './modules/withdraw/routes';
import { WithdrawService } from './modules/withdraw/service';
import { authPlugin } from './modules/account/authenticate';
import { accountLive } from './modules/account/live';
import { gameLive } from './modules/contract-game/live';
import { FlipService } from './modules/flip/service';
import { GameEvents } from './modules/game-events/service';
import { adminFlipRoutes, flipConfigRoutes, flipRoutes } from './modules/flip/routes';
import { flipLive } from './modules/flip/live';
import { InviteService } from './modules/invite/service';
import { adminInviteRoutes, inviteRoutes } from './modules/invite/routes';
import { VipService } from './modules/vip/service';
import { adminVipRoutes, vipRoutes } from './modules/vip/routes';
import { FeedbackService } from './modules/feedback/service';
import { adminFeedbackRoutes, feedbackRoutes } from './modules/feedback/routes';
import { PushService } from './modules/push/service';
import { pushRoutes } from './modules/push/routes';
import { resolveVapidKeys } from './modules/push/vapid';
import { noticesLive } from './modules/notifications/live';
import { notificationRoutes } from './modules/notifications/routes';
import { NotificationService } from './modules/notifications/service';
import { ledgerLive } from './modules/ledger/live';
import { marketLive } from './modules/market/live';
import { playsLive } from './modules/plays/live';
import { playsRoutes } from './modules/plays/routes';
import { PlaysService } from './modules/plays/service';
import { webSocketPlugin, type WebSocketOptions } from './plugins/websocket';
import type { Listen } from './db/notifications';
import { refusingControlCharacters } from './plugins/control-characters';
import { adminListenerPlugin } from './plugins/admin-listener';
import { docsPlugin } from './plugins/docs';
import { errForLog, errorsPlugin } from './plugins/errors';
import { idempotencyPlugin } from './plugins/idempotency';
import { apiRateLimitPlugin, createRateLimiter, type RateLimiter } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import { webPlugin } from './plugins/web';
import { BlockExplorers } from './chain/explorers';

export interface AppOptions {
  config: Config;
  db: Database;
  driver: 'pglite' | 'postgres';
  /** PostgreSQL's pool for statements that commit on their own (DatabaseHandle.outside): required there. */
  outside?: Database | undefined;
  /** The database's LISTEN (the ledger's after-commit balance notices reach the WebSocket by it). */
  listen?: Listen | undefined;
  /** The admin credential in force (ADMIN_TOKEN, or the embedded default's generated one). */
  adminToken?: string;
  clock?: Clock;
  mailer?: Mailer;
  limiter?: RateLimiter;
  /** USDT prices of balances; default: the tokens' reference prices until the market feed exists. */
  prices?: PriceSource;
  /** The EVM networks (CHAINS); without them deposits and withdrawals are unavailable. */
  chains?: ChainRegistry;
  /** WebSocket limits (tests make them small). */
  webSocket?: Pick<
    WebSocketOptions,
    'maxBufferedBytes' | 'heartbeatMs' | 'messagesPerSecond' | 'maxQueuedMessages' | 'maxSubscriptions'
  >;
  /** Where the logs go (default: stdout; server.ts gives its LogOutput); tests read them. */
  logStream?: DestinationStream;
}

export interface Services {
  accounts: AccountService;
  tokens: TokenRegistry;
  /** The only writer of balances: every feature moves money through it. */
  ledger: LedgerService;
  wallet: WalletService;
  walletOperations: WalletOperations;
  operatorMoney: OperatorMoney;
  /** The EVM networks served, if any (server.ts starts their workers). */
  chains: ChainRegistry | undefined;
  deposits: DepositService;
  /** The ledger's chain accounts against the chains (the audit, chain:status). */
  treasury: Treasury;
  /** Collects deposits into the hot wallet; undefined without chains, a hot wallet or a deposit mnemonic. */
  sweeper: Sweeper | undefined;
  withdrawals: WithdrawService;
  addressBook: AddressBook;
  /** Prices, tickers and candles; server.ts runs its feed. */
  market: MarketService;
  /** The live exchange feed (PRICE_FEED=binance); its leader connects it. */
  liveFeed: BinanceFeed | undefined;
  game: GameService;
  /** Closes positions on the leader (workers/game-engine.ts starts it leading). */
  gameEngine: GameEngine;
  /** Lightning Flip; its settler (modules/flip/settle-job.ts) runs on the leader. */
  flip: FlipService;
  /** Each play's bet, profit or loss and the players' turnover (the games write them). */
  gameEvents: GameEvents;
  /** Invite codes' friends and rewards; its rewarder (modules/invite/reward-job.ts) runs on the leader. */
  invite: InviteService;
  /** VIP levels from the turnover. */
  vip: VipService;
  feedback: FeedbackService;
  /** Web Push to the players' devices (off on PostgreSQL without VAPID keys). */
  push: PushService;
  notifications: NotificationService;
  /** The live feed of the players' plays; its builder (modules/plays/feed-job.ts) runs on the leader. */
  plays: PlaysService;
  /** Whether this process can serve: /api/ready and the metrics listener's /ready answer it. */
  readiness: Readiness;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Every route as registered (method and URL pattern), for tests and tooling. */
    registeredRoutes: { method: string; url: string }[];
    /** The Prometheus figures (METRICS_PORT set), served by modules/ops/metrics-listener.ts. */
    metrics: Metrics | undefined;
  }
}

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/** Requests Node cannot even parse (bad HTTP, oversized headers) still get the envelope. */
function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({ code: status, msg: 'The request is invalid', reason: 'bad_request' });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** `stream` with every secret and URL password of each line replaced by *** (maskSecrets). */
function maskingStream(stream: DestinationStream, secrets: readonly string[]): DestinationStream {
  return { write: (line: string) => stream.write(maskSecrets(line, secrets)) };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;

  // No secret of the configuration reaches a log line, whatever logged it (an RPC error quoting its
  // URL, say); the default stdout is kept as it is when there is nothing to hide.
  const logStream =
    options.logStream || config.secrets.length > 0
      ? maskingStream(options.logStream ?? process.stdout, config.secrets)
      : undefined;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { err: errForLog },
      ...(logStream && { stream: logStream }),
    },
    bodyLimit: config.bodyLimit,
    serverFactory: httpServerFactory(config),
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Every request is logged as it comes and completes, but the probes (health, ready) at debug.
    logController: new ProbesAtDebug(),
    requestIdHeader: false,
    // The web app sends X-Request-Id; use it in the logs when it looks like one.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    clientErrorHandler,
  });
  app.setValidatorCompiler(refusingControlCharacters(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);

  const routes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      routes.push({ method, url: route.url });
    }
  });

  // Kept only when they are served: the figures cost each request a little.
  const metrics = config.metrics ? new Metrics(clock) : undefined;
  app.decorate('metrics', metrics);
  metrics?.timeRequests(app);

  const mailer = options.mailer ?? createMailer(config, clock, app.log);
  const limiter = options.limiter ?? createRateLimiter({ redisUrl: config.redisUrl });
  const accounts = new AccountService({ db, config, clock, mailer, limiter });
  const tokens = new TokenRegistry({ db, clock });
  if (options.driver === 'postgres' && !options.outside) {
    throw new Error("buildApp: on PostgreSQL pass the database handle's `outside` pool");
  }
  const ledger = new LedgerService({ db, clock, tokens, outside: options.outside });

  // With REDIS_URL, the feed's leader publishes its ticks to every other API process (DESIGN §6).
  // Its channel is named by the database's own id: the processes that share one share the stream.
  const relay = config.redisUrl
    ? new RedisRelay(config.redisUrl, app.log, relayChannel(await databaseId(db)))
    : undefined;
  if (config.databaseUrl && !config.redisUrl) {
    // Only the feed's leader hears its prices without the relay: a second API process would refuse
    // every order ('price fetch failed'). One process is fine; several need REDIS_URL.
    app.log.warn(
      'DATABASE_URL without REDIS_URL: run one API process, or set REDIS_URL for several (without it only the feed leader has prices)',
    );
  }
  const live = config.market.feed === 'binance';
  const market = new MarketService({
    db,
    clock,
    feed: live ? null : new SimulatedFeed(config.market.seed),
    liveFeedName: config.market.feed,
    relay,
    staleMs: config.market.staleMs,
    mark: config.market.mark,
    executionBand: config.market.executionBand,
    log: app.log,
    tokens,
  });
  // Only the leader's loop (workers/market-feed.ts) starts it.
  const liveFeed = live
    ? new BinanceFeed({
        url: config.market.binanceUrl,
        symbols: () => market.feedSymbols(),
        onTicks: (ticks) => {
          market.ingest(ticks).catch((err: unknown) => app.log.warn({ err }, 'price feed: ticks not taken'));
        },
        clock,
        staleMs: config.market.staleMs,
        batchMs: config.market.tickMs,
        log: app.log,
      })
    : undefined;
  // A pair switched on or off changes the streams the live feed asks for.
  if (liveFeed) market.onPairsChange(() => liveFeed.restart());
  const prices = options.prices ?? new MarketPriceSource({ tokens, clock, market });
  const wallet = new WalletService({
    db,
    clock,
    tokens,
    prices,
    ledger,
    // The games are built below; Total assets counts the open positions' unrealised PnL, Home the
    // open positions and flips.
    openPositions: (userId) => game.openSummary(userId),
    openFlips: (userId, limit) => flip.openSummary(userId, limit),
  });
  const operatorMoney = new OperatorMoney({ ledger, tokens });
  const chains = options.chains;
  if (config.role !== 'worker') {
    // Withdrawals are offered only on a network with a hot wallet: said once, not found by a player.
    for (const network of chains?.networks() ?? []) {
      if (network.hotWalletAddress) continue;
      app.log.warn(
        { network: network.network },
        config.role === 'api'
          ? 'withdrawals are not offered on this network: set HOT_WALLET_ADDRESS to the address of the worker’s hot wallet'
          : 'withdrawals are not offered on this network: no hot wallet (HOT_WALLET_PRIVATE_KEY or HOT_WALLET_MNEMONIC)',
      );
    }
  }
  const walletOperations = new WalletOperations({
    db,
    tokens,
    ledger,
    money: operatorMoney,
    accounts,
    chains,
  });
  const explorers = new BlockExplorers(config.chains.explorers);
  const deposits = new DepositService({ db, clock, tokens, chains, explorers, accounts });
  const withdrawals = new WithdrawService({
    db,
    clock,
    tokens,
    ledger,
    accounts,
    chains,
    explorers,
    limiter,
    passwordRule: config.rateLimits.loginEmail,
  });
  const addressBook = new AddressBook({ db, clock, chains });
  const treasury = new Treasury({
    db,
    chains,
    tokens,
    ledger,
    withdrawals,
    tolerance: config.chains.reconcileTolerance,
    lowGas: config.chains.lowGas,
  });
  const unsweepable = !chains
    ? 'no chains are served (CHAINS)'
    : !chains.canSweep
      ? 'the deposit key is an xpub (DEPOSIT_XPUB): deposits are watched, not swept; set DEPOSIT_MNEMONIC to sweep'
      : 'no hot wallet is configured (HOT_WALLET_PRIVATE_KEY or HOT_WALLET_MNEMONIC)';
  const sweeper =
    chains?.canSweep && chains.networks().some((network) => network.hotWallet)
      ? new Sweeper({
          db,
          chains,
          tokens,
          minAmount: config.chains.sweepMin,
          clock,
          log: app.log.child({ worker: 'sweeper' }),
          crashAt: config.crashAt,
        })
      : undefined;
  // Each play's bet, profit or loss, valued in USDT by the wallet's prices (turnover, rewards).
  const gameEvents = new GameEvents({
    db,
    clock,
    usdtPrice: async (token) => (await prices.getPrice(token))?.price,
  });
  // Keys of the configuration, or the embedded default's kept in DATA_DIR/vapid.json.
  const push = new PushService({
    db,
    clock,
    accounts,
    keys: resolveVapidKeys({
      configured: config.push.vapid,
      embedded: !config.databaseUrl,
      dataDir: config.dataDir,
    }),
    subject: config.push.subject,
    origins: config.push.endpointOrigins,
    log: app.log.child({ module: 'push' }),
  });
  // The games play against the same vaults, with the same share of a vault per bet.
  const games = {
    events: gameEvents,
    db,
    clock,
    ledger,
    tokens,
    accounts,
    market,
    vaultShare: config.game.vaultShare,
    crashAt: config.crashAt,
  };
  const game = new GameService(games);
  const gameEngine = new GameEngine({ db, clock, game, market, log: app.log });
  const flip = new FlipService(games);
  const vip = new VipService({ db, clock, events: gameEvents });
  const feedback = new FeedbackService({
    db,
    clock,
    accounts,
    limiter,
    rule: config.rateLimits.feedbackUser,
  });
  const notifications = new NotificationService({ db, clock, listen: options.listen });
  const invite = new InviteService({
    db,
    clock,
    ledger,
    tokens,
    accounts,
    events: gameEvents,
    vip,
    crashAt: config.crashAt,
  });
  await gameEngine.attach(options.listen);
  const plays = new PlaysService({ db, clock });
  await plays.attach(options.listen);
  metrics?.watch({
    db,
    market,
    game,
    gameEngine,
    flip,
    gameEvents,
    ledger,
    tokens,
    deposits,
    withdrawals,
    socketClients: () => app.webSockets.size,
    log: app.log,
  });

  const readiness = new Readiness({ db, market, redis: Boolean(config.redisUrl), log: app.log });
  app.decorate('services', {
    accounts,
    tokens,
    ledger,
    wallet,
    walletOperations,
    operatorMoney,
    chains,
    deposits,
    treasury,
    sweeper,
    withdrawals,
    addressBook,
    market,
    liveFeed,
    game,
    gameEngine,
    flip,
    gameEvents,
    invite,
    vip,
    feedback,
    push,
    notifications,
    plays,
    readiness,
  });
  app.addHook('onClose', async () => {
    if (!options.mailer) await mailer.close();
    if (!options.limiter) await limiter.close();
    liveFeed?.stop();
    await gameEngine.detach();
    await relay?.close();
    await market.close();
    await notifications.close();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    // API answers hold sessions, balances and orders: no browser, proxy or service worker keeps them.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });

  await app.register(errorsPlugin);
  await app.register(adminListenerPlugin, { config });
  await app.register(securityPlugin, { webDist: config.webDist });
  await app.register(compress, {
    globalDecompression: false,
    threshold: 1024,
    // Static files are compressed per request: a fast brotli level keeps that cheap.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(apiRateLimitPlugin, { limiter, rule: config.rateLimits.apiIp });
  await app.register(authPlugin, {
    accounts,
    adminToken: options.adminToken,
    limiter,
    adminAuthRule: config.rateLimits.adminAuthIp,
  });
  await app.register(idempotencyPlugin, {
    db,
    clock,
    claimMs: config.idempotencyClaimSeconds * 1000,
    crashAt: config.crashAt,
  });
  await app.register(docsPlugin);
  await app.register(webPlugin, { webDist: config.webDist });

  await app.register(healthRoutes, { driver: options.driver, clock, readiness });
  await app.register(accountRoutes, { accounts });
  await app.register(walletRoutes, { wallet, tokens });
  await app.register(adminRoutes, { accounts });
  await app.register(adminWalletRoutes, { operations: walletOperations, db, treasury });
  await app.register(depositRoutes, { deposits });
  await app.register(adminChainRoutes, { deposits, treasury, sweeper, unsweepable });
  await app.register(marketRoutes, { market });
  await app.register(webSocketPlugin, { listen: options.listen, clock, ...(options.webSocket ?? {}) });
  await app.register(accountLive, {
    accounts,
    limiter,
    authRule: config.rateLimits.wsAuthIp,
    now: () => clock.now(),
  });
  await app.register(marketLive, { market });
  await app.register(ledgerLive);
  await app.register(gameLive);
  await app.register(adminMarketRoutes, { market });
  await app.register(gamePairRoutes, { game });
  await app.register(gameRoutes, { game });
  await app.register(adminGameRoutes, { game });
  await app.register(flipLive);
  await app.register(playsLive, { plays });
  await app.register(playsRoutes, { plays });
  await app.register(flipConfigRoutes, { flip });
  await app.register(flipRoutes, { flip });
  await app.register(adminFlipRoutes, { flip });
  await app.register(inviteRoutes, { invite });
  await app.register(adminInviteRoutes, { invite });
  await app.register(vipRoutes, { vip });
  await app.register(adminVipRoutes, { vip });
  await app.register(feedbackRoutes, { feedback });
  await app.register(adminFeedbackRoutes, { feedback });
  await app.register(pushRoutes, { push });
  await app.register(noticesLive);
  await app.register(notificationRoutes, { notifications });
  await app.register(withdrawRoutes, { withdrawals, addressBook });
  await app.register(adminWithdrawRoutes, { withdrawals });
  await app.register(adminBackupRoutes, { db, driver: options.driver });
  return app;
}
