// /api/app/asset/*: precisions (public), balances, overview, the user's ledger entries and their
// history as operations (activity).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activityItem,
  activityQuery,
  assetOverview,
  balanceList,
  flowDetailQuery,
  flowEntry,
  flowListQuery,
  okEnvelope,
  pageSchema,
  precisionList,
  precisionMap,
} from '@tradeflip/contract';
import { requireUser } from '../../plugins/auth';
import type { TokenRegistry } from '../token/registry';
import type { WalletService } from './service';
import { ok, routeGroup } from '../../plugins/route-group';

export async function walletRoutes(
  base: FastifyInstance,
  { wallet, tokens }: { wallet: WalletService; tokens: TokenRegistry },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  routeGroup(app, { kind: 'user', tag: 'asset' });

  // The spec's client asks /api/app/asset/precision-map and falls back to /api/asset/precision-map.
  for (const url of ['/api/app/asset/precision-map', '/api/asset/precision-map']) {
    app.get(
      url,
      {
        config: { auth: 'none' },
        schema: {
          summary: 'Price and amount decimals per symbol (amounts also per SYMBOL__NETWORK)',
          response: { 200: okEnvelope(precisionMap) },
        },
      },
      async () => ok(await tokens.precisionMap()),
    );
  }

  app.get(
    '/api/app/asset/precisions',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Decimals per symbol and per symbol and network',
        response: { 200: okEnvelope(precisionList) },
      },
    },
    async () => ok({ list: await tokens.precisionList() }),
  );

  app.get(
    '/api/app/asset/balances',
    {
      schema: {
        summary: 'Every token with available, frozen and approximate USDT value',
        response: { 200: okEnvelope(balanceList) },
      },
    },
    async (request) => {
      const { list } = await wallet.balances(requireUser(request).id);
      return ok({ list });
    },
  );

  app.get(
    '/api/app/asset/overview',
    {
      schema: {
        summary: 'Total approximate USDT value of all balances',
        response: { 200: okEnvelope(assetOverview) },
      },
    },
    async (request) => ok(await wallet.overview(requireUser(request).id)),
  );

  app.get(
    '/api/app/asset/flows',
    {
      schema: {
        summary: "The user's ledger entries, newest first, by token and business type",
        querystring: flowListQuery,
        response: { 200: okEnvelope(pageSchema(flowEntry)) },
      },
    },
    async (request) => ok(await wallet.flows(requireUser(request).id, request.query)),
  );

  app.get(
    '/api/app/asset/activity',
    {
      schema: {
        summary:
          "The user's history of a token as operations (a withdrawal with its refund is one item), newest first, by category",
        querystring: activityQuery,
        response: { 200: okEnvelope(pageSchema(activityItem)) },
      },
    },
    async (request) => ok(await wallet.activity(requireUser(request).id, request.query)),
  );

  app.get(
    '/api/app/asset/flow',
    {
      schema: {
        summary: "One of the user's ledger entries (anyone else's answers 404)",
        querystring: flowDetailQuery,
        response: { 200: okEnvelope(flowEntry) },
      },
    },
    async (request) => ok(await wallet.flow(requireUser(request).id, request.query.id)),
  );
}
