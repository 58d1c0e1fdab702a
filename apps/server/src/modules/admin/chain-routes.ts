// /api/admin/* for chains and deposits: each network's watcher (head, cursor, lag), every deposit with
// operator flags, and a user's deposit address (what `npm run chain:deposit` sends test USDT to).
import type { FastifyInstance } from 'fastify';
import * as routes from '@tradeflip/api/routes';
import type { DepositService } from '../deposit/service';
import { routeGroup, serveRoute } from '../../plugins/route-group';

export async function adminChainRoutes(app: FastifyInstance, { deposits }: { deposits: DepositService }) {
  routeGroup(app, { kind: 'admin', tag: 'admin' });
  const { admin } = routes;

  serveRoute(
    app,
    admin.chainStatus,
    { summary: "Each network's chain head, the deposit watcher's cursor and how far it lags" },
    () => deposits.chainStatus(),
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
