// /api/app/asset/*: precisions (public), balances, overview, the user's ledger entries and their
// history as operations (activity).
import type { FastifyInstance } from 'fastify';
import * as routes from '@tradeflip/api/routes';
import { requireUser } from '../account/authenticate';
import type { TokenRegistry } from '../token/registry';
import type { WalletService } from './service';
import { routeGroup, serveRoute } from '../../plugins/route-group';

export async function walletRoutes(
  app: FastifyInstance,
  { wallet, tokens }: { wallet: WalletService; tokens: TokenRegistry },
) {
  routeGroup(app, { kind: 'user', tag: 'asset' });

  // The spec's client asks /api/app/asset/precision-map and falls back to /api/asset/precision-map.
  for (const route of [routes.wallet.precisionMap, routes.wallet.precisionMapFallback]) {
    serveRoute(
      app,
      route,
      {
        summary: 'Price and amount decimals per symbol (amounts also per SYMBOL__NETWORK)',
        config: { auth: 'none' },
      },
      () => tokens.precisionMap(),
    );
  }

  serveRoute(
    app,
    routes.wallet.precisions,
    { summary: 'Decimals per symbol and per symbol and network', config: { auth: 'none' } },
    async () => ({ list: await tokens.precisionList() }),
  );

  serveRoute(
    app,
    routes.wallet.balances,
    { summary: 'Every token with available, frozen and approximate USDT value' },
    async (request) => {
      const { list } = await wallet.balances(requireUser(request).id);
      return { list };
    },
  );

  serveRoute(
    app,
    routes.wallet.overview,
    { summary: 'Total approximate USDT value of all balances' },
    (request) => wallet.overview(requireUser(request).id),
  );

  serveRoute(
    app,
    routes.wallet.flows,
    { summary: "The user's ledger entries, newest first, by token and business type" },
    (request) => wallet.flows(requireUser(request).id, request.query),
  );

  serveRoute(
    app,
    routes.wallet.activity,
    {
      summary:
        "The user's history of a token as operations (a withdrawal with its refund is one item), newest first, by category",
    },
    (request) => wallet.activity(requireUser(request).id, request.query),
  );

  serveRoute(
    app,
    routes.wallet.flow,
    { summary: "One of the user's ledger entries (anyone else's answers 404)" },
    (request) => wallet.flow(requireUser(request).id, request.query.id),
  );
}
