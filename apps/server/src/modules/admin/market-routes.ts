// /api/admin/market/*: each pair's feed, last tick age and staleness; pinning a simulated price (demos
// and scripted game tests); enabling pairs and their display order.
import type { FastifyInstance } from 'fastify';
import * as routes from '@tradeflip/api/routes';
import type { MarketService } from '../market/service';
import { routeGroup, serveRoute } from '../../plugins/route-group';

export async function adminMarketRoutes(app: FastifyInstance, { market }: { market: MarketService }) {
  routeGroup(app, { kind: 'admin', tag: 'admin' });
  const { admin } = routes;

  serveRoute(
    app,
    admin.marketStatus,
    { summary: 'Per pair: enabled, order, feed, last price, last tick age, stale, pinned' },
    () => market.status(),
  );

  serveRoute(
    app,
    admin.pinPrice,
    { summary: "Pin a pair's simulated price (every tick is then that price), or release it (no price)" },
    (request) => market.pin(request.body.symbol, request.body.price),
  );

  serveRoute(
    app,
    admin.setMarketPair,
    { summary: 'Enable or disable a pair, or set its display order' },
    (request) =>
      market.setPair(request.body.symbol, { enabled: request.body.enabled, sort: request.body.sort }),
  );
}
