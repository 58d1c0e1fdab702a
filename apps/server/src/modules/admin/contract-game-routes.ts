// /api/admin/game/*: the contract game's pair terms (a change applies to new positions only).
import type { FastifyInstance } from 'fastify';
import * as routes from '@tradeflip/api/routes';
import type { GameService } from '../contract-game/service';
import { routeGroup, serveRoute } from '../../plugins/route-group';

export async function adminGameRoutes(app: FastifyInstance, { game }: { game: GameService }) {
  routeGroup(app, { kind: 'admin', tag: 'admin' });
  const { admin } = routes;

  serveRoute(app, admin.gamePairs, { summary: "Each pair's game terms" }, () => game.pairs());

  serveRoute(
    app,
    admin.setGamePair,
    { summary: "Change a pair's game terms (new positions only): leverage, rates, margins, enabled" },
    (request) => {
      const { symbol, ...changes } = request.body;
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      return game.updatePair(symbol.toUpperCase(), defined);
    },
  );

  serveRoute(
    app,
    admin.gamePositions,
    { summary: "Every user's positions (or one user's by email), open or closed, newest first" },
    (request) => game.adminPositions(request.query),
  );

  serveRoute(
    app,
    admin.closePosition,
    { summary: 'Close a position at the last price, as the operator (409 once closed)' },
    (request) => game.operatorClose(Number(request.body.id)),
  );

  serveRoute(
    app,
    admin.gameExposure,
    { summary: 'Per margin token: open positions, their margins, the most they could win, the vault' },
    () => game.exposure(),
  );
}
