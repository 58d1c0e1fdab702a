// /api/app/asset/deposit/*: where a token can be deposited, the user's own address, and their records.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  depositInfo,
  depositInfoQuery,
  depositListQuery,
  depositOptions,
  depositRecord,
  okEnvelope,
  pageSchema,
  recordIdQuery,
} from '@tradeflip/contract';
import { requireUser } from '../../plugins/auth';
import type { DepositService } from './service';
import { ok, routeGroup } from '../../plugins/route-group';

export async function depositRoutes(base: FastifyInstance, { deposits }: { deposits: DepositService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  routeGroup(app, { kind: 'user', tag: 'deposit' });

  app.get(
    '/api/app/asset/deposit/options',
    {
      schema: {
        summary: 'Tokens and networks that take deposits, with minimums and confirmations',
        response: { 200: okEnvelope(depositOptions) },
      },
    },
    async () => ok(await deposits.options()),
  );

  app.get(
    '/api/app/asset/deposit/info',
    {
      schema: {
        summary: "The user's own deposit address for a token on a network, with the minimum deposit",
        querystring: depositInfoQuery,
        response: { 200: okEnvelope(depositInfo) },
      },
    },
    async (request) =>
      ok(await deposits.info(requireUser(request).id, request.query.token, request.query.network)),
  );

  app.get(
    '/api/app/asset/deposit/list',
    {
      schema: {
        summary: "The user's deposits, newest first",
        querystring: depositListQuery,
        response: { 200: okEnvelope(pageSchema(depositRecord)) },
      },
    },
    async (request) => ok(await deposits.list(requireUser(request).id, request.query)),
  );

  app.get(
    '/api/app/asset/deposit/detail',
    {
      schema: {
        summary: "One of the user's deposits (anyone else's answers 404)",
        querystring: recordIdQuery,
        response: { 200: okEnvelope(depositRecord) },
      },
    },
    async (request) => ok(await deposits.detail(requireUser(request).id, request.query.id)),
  );
}
