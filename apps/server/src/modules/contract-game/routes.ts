// /api/app/game/*: the contract game's pairs (public), and the signed-in user's positions: open,
// close, take-profit / stop-loss, the lists and one position. Open, close and TP / SL honour Idempotency-Key
// (their answers are committed with their effect).
import type { FastifyInstance } from 'fastify';
import * as routes from '@tradeflip/api/routes';
import { requireUser } from '../account/authenticate';
import { routeGroup, serveRoute } from '../../plugins/route-group';
import type { GameService } from './service';

export async function gamePairRoutes(app: FastifyInstance, { game }: { game: GameService }) {
  routeGroup(app, { kind: 'public', tag: 'game' });
  serveRoute(
    app,
    routes.contractGame.pairs,
    { summary: "Each pair's terms: max leverage, fee and funding rates, maintenance, margin limits" },
    () => game.pairs(),
  );
}

export async function gameRoutes(app: FastifyInstance, { game }: { game: GameService }) {
  routeGroup(app, { kind: 'user', tag: 'game' });

  serveRoute(
    app,
    routes.contractGame.open,
    {
      summary:
        'Open a position at the last price: margin frozen, open fee to the vault (spec §5 checks, in order)',
    },
    (request) => game.open(requireUser(request).id, request.body, request.idempotency),
  );

  serveRoute(
    app,
    routes.contractGame.close,
    { summary: 'Close an open position at the last price (409 once closed)' },
    (request) => game.close(requireUser(request).id, Number(request.body.id), request.idempotency),
  );

  serveRoute(
    app,
    routes.contractGame.setTargets,
    { summary: 'Set or clear (null) the take-profit and stop-loss of an open position' },
    (request) => game.setTargets(requireUser(request).id, request.body, request.idempotency),
  );

  serveRoute(
    app,
    routes.contractGame.positions,
    { summary: "The user's open or closed positions, newest first" },
    (request) => game.list(requireUser(request).id, request.query),
  );

  serveRoute(
    app,
    routes.contractGame.position,
    { summary: 'One of the user’s positions, every field, and every movement of its money' },
    (request) => game.detail(requireUser(request).id, Number(request.query.id)),
  );
}
