// /api/app/market/*: the tickers of the enabled pairs and the stored candles of a pair (public: the
// Home screen shows prices to visitors too).
import type { FastifyInstance } from 'fastify';
import * as routes from '@tradeflip/api/routes';
import { routeGroup, serveRoute } from '../../plugins/route-group';
import type { MarketService } from './service';

export async function marketRoutes(app: FastifyInstance, { market }: { market: MarketService }) {
  routeGroup(app, { kind: 'public', tag: 'market' });

  serveRoute(
    app,
    routes.market.tickers,
    { summary: 'Each enabled pair in display order: last price, 24 h change, high and low, stale or not' },
    () => market.tickers(),
  );

  serveRoute(
    app,
    routes.market.candles,
    {
      summary:
        'Candles of a pair and interval (1s time-share, 1m, 5m, 15m), oldest first; page back with before',
    },
    (request) => market.candles(request.query),
  );
}
