// /api/app/game/*: the contract game's pairs (public), and the signed-in user's positions: open,
// close, take-profit / stop-loss, the lists and one position. Open, close and TP / SL honour Idempotency-Key
// (their answers are committed with their effect).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  gamePairList,
  okEnvelope,
  openPositionBody,
  position,
  positionDetail,
  positionDetailQuery,
  positionIdBody,
  positionListQuery,
  positionPage,
  tpslBody,
} from '@tradeflip/contract';
import { requireUser } from '../../plugins/auth';
import { ok, routeGroup } from '../../plugins/route-group';
import type { GameService } from './service';

export async function gamePairRoutes(base: FastifyInstance, { game }: { game: GameService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  routeGroup(app, { kind: 'public', tag: 'game' });
  app.get(
    '/api/app/game/pairs',
    {
      schema: {
        summary: "Each pair's terms: max leverage, fee and funding rates, maintenance, margin limits",
        response: { 200: okEnvelope(gamePairList) },
      },
    },
    async () => ok(await game.pairs()),
  );
}

export async function gameRoutes(base: FastifyInstance, { game }: { game: GameService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  routeGroup(app, { kind: 'user', tag: 'game' });

  app.post(
    '/api/app/game/open',
    {
      schema: {
        summary:
          'Open a position at the last price: margin frozen, open fee to the vault (spec §5 checks, in order)',
        body: openPositionBody,
        response: { 200: okEnvelope(position) },
      },
    },
    async (request) => ok(await game.open(requireUser(request).id, request.body, request.idempotency)),
  );

  app.post(
    '/api/app/game/close',
    {
      schema: {
        summary: 'Close an open position at the last price (409 once closed)',
        body: positionIdBody,
        response: { 200: okEnvelope(position) },
      },
    },
    async (request) =>
      ok(await game.close(requireUser(request).id, Number(request.body.id), request.idempotency)),
  );

  app.post(
    '/api/app/game/tpsl',
    {
      schema: {
        summary: 'Set or clear (null) the take-profit and stop-loss of an open position',
        body: tpslBody,
        response: { 200: okEnvelope(position) },
      },
    },
    async (request) => ok(await game.setTargets(requireUser(request).id, request.body, request.idempotency)),
  );

  app.get(
    '/api/app/game/positions',
    {
      schema: {
        summary: "The user's open or closed positions, newest first",
        querystring: positionListQuery,
        response: { 200: okEnvelope(positionPage) },
      },
    },
    async (request) => ok(await game.list(requireUser(request).id, request.query)),
  );

  app.get(
    '/api/app/game/position',
    {
      schema: {
        summary: 'One of the user’s positions, every field, and every movement of its money',
        querystring: positionDetailQuery,
        response: { 200: okEnvelope(positionDetail) },
      },
    },
    async (request) => ok(await game.detail(requireUser(request).id, Number(request.query.id))),
  );
}
