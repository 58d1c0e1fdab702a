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

const bearer = [{ bearerAuth: [] }];

export async function depositRoutes(base: FastifyInstance, { deposits }: { deposits: DepositService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/app/asset/deposit/options',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['deposit'],
        summary: 'Tokens and networks that take deposits, with minimums and confirmations',
        security: bearer,
        response: { 200: okEnvelope(depositOptions) },
      },
    },
    async () => ({ code: 0 as const, data: await deposits.options() }),
  );

  app.get(
    '/api/app/asset/deposit/info',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['deposit'],
        summary: "The user's own deposit address for a token on a network, with the minimum deposit",
        security: bearer,
        querystring: depositInfoQuery,
        response: { 200: okEnvelope(depositInfo) },
      },
    },
    async (request) => ({
      code: 0 as const,
      data: await deposits.info(requireUser(request).id, request.query.token, request.query.network),
    }),
  );

  app.get(
    '/api/app/asset/deposit/list',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['deposit'],
        summary: "The user's deposits, newest first",
        security: bearer,
        querystring: depositListQuery,
        response: { 200: okEnvelope(pageSchema(depositRecord)) },
      },
    },
    async (request) => ({
      code: 0 as const,
      data: await deposits.list(requireUser(request).id, request.query),
    }),
  );

  app.get(
    '/api/app/asset/deposit/detail',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['deposit'],
        summary: "One of the user's deposits (anyone else's answers 404)",
        security: bearer,
        querystring: recordIdQuery,
        response: { 200: okEnvelope(depositRecord) },
      },
    },
    async (request) => ({
      code: 0 as const,
      data: await deposits.detail(requireUser(request).id, request.query.id),
    }),
  );
}
