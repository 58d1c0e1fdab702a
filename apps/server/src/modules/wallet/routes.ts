// /api/app/asset/*: precisions (public), balances, overview and the user's ledger entries.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
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

const bearer = [{ bearerAuth: [] }];

export async function walletRoutes(
  base: FastifyInstance,
  { wallet, tokens }: { wallet: WalletService; tokens: TokenRegistry },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // The spec's client asks /api/app/asset/precision-map and falls back to /api/asset/precision-map.
  for (const url of ['/api/app/asset/precision-map', '/api/asset/precision-map']) {
    app.get(
      url,
      {
        schema: {
          tags: ['asset'],
          summary: 'Price and amount decimals per symbol (amounts also per SYMBOL__NETWORK)',
          response: { 200: okEnvelope(precisionMap) },
        },
      },
      async () => ({ code: 0 as const, data: await tokens.precisionMap() }),
    );
  }

  app.get(
    '/api/app/asset/precisions',
    {
      schema: {
        tags: ['asset'],
        summary: 'Decimals per symbol and per symbol and network',
        response: { 200: okEnvelope(precisionList) },
      },
    },
    async () => ({ code: 0 as const, data: { list: await tokens.precisionList() } }),
  );

  app.get(
    '/api/app/asset/balances',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['asset'],
        summary: 'Every token with available, frozen and approximate USDT value',
        security: bearer,
        response: { 200: okEnvelope(balanceList) },
      },
    },
    async (request) => {
      const { list } = await wallet.balances(requireUser(request).id);
      return { code: 0 as const, data: { list } };
    },
  );

  app.get(
    '/api/app/asset/overview',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['asset'],
        summary: 'Total approximate USDT value of all balances',
        security: bearer,
        response: { 200: okEnvelope(assetOverview) },
      },
    },
    async (request) => ({ code: 0 as const, data: await wallet.overview(requireUser(request).id) }),
  );

  app.get(
    '/api/app/asset/flows',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['asset'],
        summary: "The user's ledger entries, newest first, by token and business type",
        security: bearer,
        querystring: flowListQuery,
        response: { 200: okEnvelope(pageSchema(flowEntry)) },
      },
    },
    async (request) => ({
      code: 0 as const,
      data: await wallet.flows(requireUser(request).id, request.query),
    }),
  );

  app.get(
    '/api/app/asset/flow',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['asset'],
        summary: "One of the user's ledger entries (anyone else's answers 404)",
        security: bearer,
        querystring: flowDetailQuery,
        response: { 200: okEnvelope(flowEntry) },
      },
    },
    async (request) => ({
      code: 0 as const,
      data: await wallet.flow(requireUser(request).id, request.query.id),
    }),
  );
}
