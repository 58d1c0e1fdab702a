// /api/app/market/*: the tickers of the enabled pairs and the stored candles of a pair (public: the
// Home screen shows prices to visitors too).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { candleList, candleQuery, okEnvelope, tickerList } from '@tradeflip/contract';
import { ok, routeGroup } from '../../plugins/route-group';
import type { MarketService } from './service';

export async function marketRoutes(base: FastifyInstance, { market }: { market: MarketService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  routeGroup(app, { kind: 'public', tag: 'market' });

  app.get(
    '/api/app/market/tickers',
    {
      schema: {
        summary: 'Each enabled pair in display order: last price, 24 h change, high and low, stale or not',
        response: { 200: okEnvelope(tickerList) },
      },
    },
    async () => ok(await market.tickers()),
  );

  app.get(
    '/api/app/market/candles',
    {
      schema: {
        summary:
          'Candles of a pair and interval (1s time-share, 1m, 5m, 15m), oldest first; page back with before',
        querystring: candleQuery,
        response: { 200: okEnvelope(candleList) },
      },
    },
    async (request) => ok(await market.candles(request.query)),
  );
}
