// /api/admin/* for chains and deposits: each network's watcher (head, cursor, lag), every deposit with
// operator flags, the ledger against the chain, a sweep by hand, and a user's deposit address (what `npm run chain:deposit` sends test USDT to).
import type { FastifyInstance } from 'fastify';
import * as routes from '@tradeflip/api/routes';
import type { Treasury } from '../deposit/reconcile';
import type { DepositService } from '../deposit/service';
import type { Sweeper } from '../deposit/sweeper';
import { routeGroup, serveRoute } from '../../plugins/route-group';

export async function adminChainRoutes(
  app: FastifyInstance,
  {
    deposits,
    treasury,
    sweeper,
    unsweepable,
  }: { deposits: DepositService; treasury: Treasury; sweeper: Sweeper | undefined; unsweepable: string },
) {
  routeGroup(app, { kind: 'admin', tag: 'admin' });
  const { admin } = routes;

  serveRoute(
    app,
    admin.chainStatus,
    { summary: "Each network's chain head, the deposit watcher's cursor and how far it lags" },
    async () => ({ ...(await deposits.chainStatus()), treasury: await treasury.reconcile() }),
  );

  serveRoute(
    app,
    admin.chainSweep,
    { summary: 'One pass of the sweeper on each network: deposit addresses’ tokens into the hot wallet' },
    async () =>
      sweeper ? { unavailable: null, list: await sweeper.tick() } : { unavailable: unsweepable, list: [] },
  );

  serveRoute(
    app,
    admin.deposits,
    {
      summary: 'Deposits of every user, newest first, with flags for operators (e.g. reversed after a reorg)',
    },
    (request) => deposits.adminList(request.query),
  );

  serveRoute(
    app,
    admin.depositAddress,
    { summary: "A user's deposit address on a network (created when missing, so the watcher sees it)" },
    (request) => deposits.adminAddress(request.query.email, request.query.network),
  );
}
