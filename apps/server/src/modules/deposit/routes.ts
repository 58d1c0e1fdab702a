// /api/app/asset/deposit/*: where a token can be deposited, the user's own address, and their records.
import type { FastifyInstance } from 'fastify';
import * as routes from '@tradeflip/api/routes';
import { requireUser } from '../account/authenticate';
import type { DepositService } from './service';
import { routeGroup, serveRoute } from '../../plugins/route-group';

export async function depositRoutes(app: FastifyInstance, { deposits }: { deposits: DepositService }) {
  routeGroup(app, { kind: 'user', tag: 'deposit' });

  serveRoute(
    app,
    routes.deposit.options,
    { summary: 'Tokens and networks that take deposits, with minimums and confirmations' },
    () => deposits.options(),
  );

  serveRoute(
    app,
    routes.deposit.info,
    { summary: "The user's own deposit address for a token on a network, with the minimum deposit" },
    (request) => deposits.info(requireUser(request).id, request.query.token, request.query.network),
  );

  serveRoute(app, routes.deposit.list, { summary: "The user's deposits, newest first" }, (request) =>
    deposits.list(requireUser(request).id, request.query),
  );

  serveRoute(
    app,
    routes.deposit.detail,
    { summary: "One of the user's deposits (anyone else's answers 404)" },
    (request) => deposits.detail(requireUser(request).id, request.query.id),
  );
}
