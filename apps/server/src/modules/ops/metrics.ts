// The operators' figures in Prometheus's text (METRICS_PORT; metrics-listener.ts serves them): HTTP
// latency by route, live sockets, ticks and mark age per pair, how late settlements come, and, read
// from the database at each scrape (a few grouped counts), open bets and what the vaults promised,
// the rewarder's backlog, each chain watcher's lag, withdrawals by status and the leases held here.
// Each app has its own registry (prom-client's default is global): tests build several apps in one
// process. Amounts are floats here, as Prometheus keeps them: figures to watch, never money to move.
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { Decimal } from '@tradeflip/money';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { leases } from '../../workers/lease';
import type { GameEngine } from '../contract-game/engine';
import type { GameService } from '../contract-game/service';
import type { DepositService } from '../deposit/service';
import type { FlipService } from '../flip/service';
import type { GameEvents } from '../game-events/service';
import { vaultAccount } from '../ledger/accounts';
import type { LedgerService } from '../ledger/service';
import type { MarketService } from '../market/service';
import type { TokenRegistry } from '../token/registry';
import type { WithdrawService } from '../withdraw/service';

/** Seconds from a settlement's due moment (expiry, trigger crossed) to its commit. */
const LAG_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300];

export interface MetricSources {
  db: Database;
  market: MarketService;
  game: GameService;
  gameEngine: GameEngine;
  flip: FlipService;
  gameEvents: GameEvents;
  ledger: LedgerService;
  tokens: TokenRegistry;
  deposits: DepositService;
  withdrawals: WithdrawService;
  /** Open WebSocket connections now. */
  socketClients: () => number;
  log?: { warn(obj: object, msg: string): void };
}

export class Metrics {
  readonly registry = new Registry();
  private readonly http: Histogram<'method' | 'route' | 'status_class'>;
  /** A lease's holder names its host and process (workers/leased-loop.ts). */
  private readonly holderPrefix = `${os.hostname()}:${process.pid}:`;
  /** The figures read from the database before each scrape (see `watch`). */
  private readonly reads: (() => Promise<void>)[] = [];

  constructor(private readonly clock: Clock) {
    this.http = new Histogram({
      name: 'tradeflip_http_request_duration_seconds',
      help: 'HTTP request latency by route pattern',
      labelNames: ['method', 'route', 'status_class'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [this.registry],
    });
  }

  /** Times every request: before any route is registered, so each one is timed. */
  timeRequests(app: FastifyInstance): void {
    // A plain callback, not an async hook: no promise per request on the hot path.
    app.addHook('onResponse', (request, reply, done) => {
      this.http.observe(
        {
          method: request.method,
          // The pattern, not the URL: one series per route however many ids it is called with.
          route: request.routeOptions.url ?? 'unmatched',
          status_class: `${Math.floor(reply.statusCode / 100)}xx`,
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
  }

  /** Follows the services' events and reads their figures at each scrape. */
  watch(sources: MetricSources): void {
    const registers = [this.registry];
    const now = () => this.clock.now().getTime();

    // The figures from the database are read side by side before each scrape is written; one that
    // cannot be read (the database away, say) is left out of that scrape and counted, instead of
    // failing the whole scrape: the others still answer.
    const failures = new Counter({
      name: 'tradeflip_metrics_read_failures_total',
      help: 'Scrapes in which a figure could not be read, per metric (it is left out of that scrape)',
      labelNames: ['metric'],
      registers,
    });
    const databaseGauge = (
      configuration: { name: string; help: string; labelNames?: string[] },
      read: (gauge: Gauge<string>) => Promise<void>,
    ) => {
      const gauge = new Gauge({ ...configuration, registers });
      this.reads.push(async () => {
        try {
          await read(gauge);
        } catch (error) {
          gauge.reset();
          failures.inc({ metric: configuration.name });
          sources.log?.warn(
            { err: error, metric: configuration.name },
            'metrics: a figure could not be read',
          );
        }
      });
    };

    new Gauge({
      name: 'tradeflip_socket_clients',
      help: 'Open WebSocket connections',
      registers,
      collect() {
        this.set(sources.socketClients());
      },
    });

    const ticks = new Counter({
      name: 'tradeflip_market_ticks_total',
      help: 'Price ticks applied, per pair',
      labelNames: ['symbol'],
      registers,
    });
    sources.market.onTick((batch) => {
      for (const tick of batch.ticks) ticks.inc({ symbol: tick.symbol });
    });
    new Gauge({
      name: 'tradeflip_market_mark_age_seconds',
      help: 'Seconds since the last mark price of each pair',
      labelNames: ['symbol'],
      registers,
      collect() {
        this.reset();
        for (const symbol of sources.market.feedSymbols()) {
          const mark = sources.market.markPrice(symbol);
          if (mark) this.set({ symbol }, Math.max(0, (now() - mark.time) / 1000));
        }
      },
    });

    const flipLag = new Histogram({
      name: 'tradeflip_flip_settlement_lag_seconds',
      help: 'Seconds from a flip’s expiry to its settlement',
      buckets: LAG_BUCKETS,
      registers,
    });
    sources.flip.onSettled((flips) => {
      for (const flip of flips) {
        flipLag.observe(Math.max(0, (flip.settledAt.getTime() - flip.expiresAt.getTime()) / 1000));
      }
    });
    const positionLag = new Histogram({
      name: 'tradeflip_position_close_lag_seconds',
      help: 'Seconds from the mark crossing a position’s trigger (liquidation, stop-loss, take-profit) to its close',
      buckets: LAG_BUCKETS,
      registers,
    });
    sources.gameEngine.onSettled((closed, crossedAt) => {
      const lag = Math.max(0, (now() - crossedAt) / 1000);
      for (let i = 0; i < closed; i++) positionLag.observe(lag);
    });

    databaseGauge(
      {
        name: 'tradeflip_open_positions',
        help: 'Open bets per game and margin token',
        labelNames: ['game', 'token'],
      },
      async (gauge) => {
        const [contract, flips, tokens] = await Promise.all([
          sources.game.exposure(),
          sources.flip.exposure(),
          sources.tokens.all(),
        ]);
        gauge.reset();
        // A zero for every game and token, so an alert on a series finds it before the first bet.
        for (const token of tokens) {
          for (const game of ['contract', 'flip']) gauge.set({ game, token: token.symbol }, 0);
        }
        for (const row of contract.list) gauge.set({ game: 'contract', token: row.token }, row.open);
        for (const row of flips) gauge.set({ game: 'flip', token: row.token }, Number(row.open));
      },
    );
    // Prometheus values are floating point by definition: the exact figures become numbers only here.
    const loadVaultFigures = async () => {
      const tokens = await sources.tokens.all();
      return Promise.all(
        tokens.map(async (token) => ({
          token: token.symbol,
          promised: new Decimal(await sources.ledger.exposureOf(token.symbol)).toNumber(),
          available: new Decimal(await sources.ledger.availableIn(vaultAccount(token.symbol))).toNumber(),
        })),
      );
    };
    // Both vault gauges are read for one scrape: they share one read.
    let vaultRead: ReturnType<typeof loadVaultFigures> | undefined;
    const vaultFigures = () => (vaultRead ??= loadVaultFigures().finally(() => (vaultRead = undefined)));
    databaseGauge(
      {
        name: 'tradeflip_vault_promised',
        help: 'What each vault’s open bets could still win from it, per token',
        labelNames: ['token'],
      },
      async (gauge) => {
        const figures = await vaultFigures();
        gauge.reset();
        for (const row of figures) gauge.set({ token: row.token }, row.promised);
      },
    );
    databaseGauge(
      {
        name: 'tradeflip_vault_available',
        help: 'Each vault’s available balance, per token (the promised payouts are paid from it)',
        labelNames: ['token'],
      },
      async (gauge) => {
        const figures = await vaultFigures();
        gauge.reset();
        for (const row of figures) gauge.set({ token: row.token }, row.available);
      },
    );

    databaseGauge(
      {
        name: 'tradeflip_rewarder_backlog',
        help: 'Game events the invite rewarder has not dealt with yet',
      },
      async (gauge) => {
        gauge.set(await sources.gameEvents.rewardBacklog());
      },
    );
    // Read with the watchers' lag: a node that does not answer has no lag to show, and says so here.
    const nodeUp = new Gauge({
      name: 'tradeflip_chain_node_up',
      help: 'Whether each network’s node answered its head within 1 s at this scrape (1) or not (0)',
      labelNames: ['network'],
      registers,
    });
    databaseGauge(
      {
        name: 'tradeflip_chain_watcher_lag_blocks',
        help: 'Blocks between each network’s head and the last block its watcher scanned',
        labelNames: ['network'],
      },
      async (gauge) => {
        const lags = await sources.deposits.watcherLag();
        gauge.reset();
        nodeUp.reset();
        for (const lag of lags) {
          nodeUp.set({ network: lag.network }, lag.head === null ? 0 : 1);
          if (lag.head !== null && lag.scanned !== null) {
            gauge.set({ network: lag.network }, Math.max(0, lag.head - lag.scanned));
          }
        }
      },
    );
    databaseGauge(
      {
        name: 'tradeflip_withdrawals',
        help: 'Withdrawals per status',
        labelNames: ['status'],
      },
      async (gauge) => {
        const counts = await sources.withdrawals.countByStatus();
        gauge.reset();
        for (const row of counts) gauge.set({ status: row.status }, row.count);
      },
    );
    const holderPrefix = this.holderPrefix;
    databaseGauge(
      {
        name: 'tradeflip_lease_held',
        help: 'Whether this process holds each job’s lease (1) or another does (0)',
        labelNames: ['name'],
      },
      async (gauge) => {
        const rows = await leases(sources.db);
        gauge.reset();
        for (const lease of rows) {
          // Leases run on the system clock (workers/jobs.ts).
          const held = lease.holder.startsWith(holderPrefix) && lease.expiresAt.getTime() > Date.now();
          gauge.set({ name: lease.name }, held ? 1 : 0);
        }
      },
    );
  }

  /** The scrape: Prometheus's text format, the database's figures read first. */
  async text(): Promise<string> {
    await Promise.all(this.reads.map((read) => read()));
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
