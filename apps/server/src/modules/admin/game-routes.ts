// /api/admin/game/*: the contract game's pair terms (a change applies to new positions only).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminGamePairBody,
  adminPositionPage,
  adminPositionQuery,
  gameExposure,
  gamePairList,
  okEnvelope,
  position,
  positionIdBody,
} from '@tradeflip/contract';
import type { GameService } from '../game/service';
import { ok, routeGroup } from '../../plugins/route-group';

export async function adminGameRoutes(base: FastifyInstance, { game }: { game: GameService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  routeGroup(app, { kind: 'admin', tag: 'admin' });

  app.get(
    '/api/admin/game/pairs',
    { schema: { summary: "Each pair's game terms", response: { 200: okEnvelope(gamePairList) } } },
    async () => ok(await game.pairs()),
  );

  app.post(
    '/api/admin/game/pairs',
    {
      schema: {
        summary: "Change a pair's game terms (new positions only): leverage, rates, margins, enabled",
        body: adminGamePairBody,
        response: { 200: okEnvelope(gamePairList) },
      },
    },
    async (request) => {
      const { symbol, ...changes } = request.body;
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      return ok(await game.updatePair(symbol.toUpperCase(), defined));
    },
  );

  app.get(
    '/api/admin/game/positions',
    {
      schema: {
        summary: "Every user's positions (or one user's by email), open or closed, newest first",
        querystring: adminPositionQuery,
        response: { 200: okEnvelope(adminPositionPage) },
      },
    },
    async (request) => ok(await game.adminPositions(request.query)),
  );

  app.post(
    '/api/admin/game/close',
    {
      schema: {
        summary: 'Close a position at the last price, as the operator (409 once closed)',
        body: positionIdBody,
        response: { 200: okEnvelope(position) },
      },
    },
    async (request) => ok(await game.operatorClose(Number(request.body.id))),
  );

  app.get(
    '/api/admin/game/exposure',
    {
      schema: {
        summary: 'Per margin token: open positions, their margins, the most they could win, the vault',
        response: { 200: okEnvelope(gameExposure) },
      },
    },
    async () => ok(await game.exposure()),
  );
}
