// /api/admin/game/*: the contract game's pair terms (a change applies to new positions only).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminGamePairBody, gamePairList, okEnvelope } from '@tradeflip/contract';
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
}
