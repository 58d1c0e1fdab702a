// The list of background jobs a server runs. Each job lives in its feature's folder; each is one
// leader across the processes sharing the database (a leased loop, CONVENTIONS 14).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { systemClock } from '../clock';
import { deleteExpiredIdempotencyKeys } from '../plugins/idempotency';
import { startChainWatchers } from '../modules/deposit/chain-watcher';
import { startWithdrawalSender } from '../modules/withdraw/sender';
import { startSweeper } from '../modules/deposit/sweeper';
import { startMarketFeed } from '../modules/market/feed-job';
import { startGameEngine } from '../modules/contract-game/engine-job';
import { startFlipSettler } from '../modules/flip/settle-job';
import { startInviteRewarder } from '../modules/invite/reward-job';
import { startNoticePusher } from '../modules/push/notice-pusher';
import { startPlaysFeed } from '../modules/plays/feed-job';

const MAINTENANCE_MS = 3600_000;

export interface Job {
  stop(): Promise<void>;
}

/** Starts every job; stop each (in any order) before closing the app. */
export function startJobs(app: FastifyInstance, db: Database, config: Config): Job[] {
  const jobs: Job[] = [...startChainWatchers(app, db, { log: app.log })];
  const withdrawalSender = startWithdrawalSender(app, db);
  if (withdrawalSender) jobs.push(withdrawalSender);
  jobs.push(...startSweeper(app));
  // The jobs that settle at the mark are led only by a process that hears the marks: on PostgreSQL
  // another process may (the feed's leader, one on the right Redis), and a blind leader would leave
  // liquidations and expiries to stale prices. The embedded default is one process, the feed's leader.
  const standBy = config.databaseUrl ? () => app.services.market.marksUnheard() : undefined;
  const settling = { db, clock: systemClock, log: app.log, ...(standBy && { standBy }) };
  jobs.push(startGameEngine(app.services.gameEngine, settling));
  jobs.push(startFlipSettler(app.services.flip, { ...settling, market: app.services.market }));
  jobs.push(startInviteRewarder(app.services.invite, { db, clock: systemClock, log: app.log }));
  const { push, notifications, market } = app.services;
  const priceDp = (symbol: string) => market.priceDpOf(symbol);
  jobs.push(startNoticePusher({ db, clock: systemClock, push, priceDp, notifications, log: app.log }));
  jobs.push(startPlaysFeed(app.services.plays, { db, clock: systemClock, log: app.log }));
  jobs.push(
    startMarketFeed(app.services.market, {
      db,
      clock: systemClock,
      tickMs: config.market.tickMs,
      live: app.services.liveFeed,
      log: app.log,
    }),
  );
  jobs.push(startMaintenance(app, db));
  return jobs;
}

/** Hourly: expired sessions, codes and idempotency keys are deleted. */
function startMaintenance(app: FastifyInstance, db: Database): Job {
  const timer = setInterval(() => {
    const now = new Date();
    Promise.all([app.services.accounts.deleteExpired(), deleteExpiredIdempotencyKeys(db, now)]).catch(
      (error: unknown) => app.log.warn({ err: error }, 'maintenance failed'),
    );
  }, MAINTENANCE_MS);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return Promise.resolve();
    },
  };
}
