// /api/admin/market/*: each pair's feed, last tick age and staleness; pinning a simulated price (demos
// and scripted game tests); enabling pairs and their display order.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminMarketPairBody, adminMarketPriceBody, marketStatus, okEnvelope } from '@tradeflip/contract';
import type { MarketService } from '../market/service';
import { ok, routeGroup } from '../../plugins/route-group';

export async function adminMarketRoutes(base: FastifyInstance, { market }: { market: MarketService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  routeGroup(app, { kind: 'admin', tag: 'admin' });

  app.get(
    '/api/admin/market/status',
    {
      schema: {
        summary: 'Per pair: enabled, order, feed, last price, last tick age, stale, pinned',
        response: { 200: okEnvelope(marketStatus) },
      },
    },
    async () => ok(await market.status()),
  );

  app.post(
    '/api/admin/market/price',
    {
      schema: {
        summary: "Pin a pair's simulated price (every tick is then that price), or release it (no price)",
        body: adminMarketPriceBody,
        response: { 200: okEnvelope(marketStatus) },
      },
    },
    async (request) => ok(await market.pin(request.body.symbol, request.body.price)),
  );

  app.post(
    '/api/admin/market/pairs',
    {
      schema: {
        summary: 'Enable or disable a pair, or set its display order',
        body: adminMarketPairBody,
        response: { 200: okEnvelope(marketStatus) },
      },
    },
    async (request) =>
      ok(
        await market.setPair(request.body.symbol, { enabled: request.body.enabled, sort: request.body.sort }),
      ),
  );
}
