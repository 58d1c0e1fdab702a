// /api/app/asset/withdraw*: the user's withdrawal config, request, records and record detail.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  okEnvelope,
  pageSchema,
  recordIdQuery,
  withdrawBody,
  withdrawConfig,
  withdrawConfigQuery,
  withdrawListQuery,
  withdrawalRecord,
} from '@tradeflip/contract';
import { requireUser } from '../../plugins/auth';
import type { WithdrawService } from './service';

const bearer = [{ bearerAuth: [] }];

export async function withdrawRoutes(
  base: FastifyInstance,
  { withdrawals }: { withdrawals: WithdrawService },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  // The spec's client asks /withdraw/config and falls back to /withdrawConfig on a 404.
  for (const url of ['/api/app/asset/withdraw/config', '/api/app/asset/withdrawConfig']) {
    app.get(
      url,
      {
        config: { auth: 'required' },
        schema: {
          tags: ['asset'],
          summary: "Each network's minimum withdrawal, fee, decimals and availability, and the balance",
          security: bearer,
          querystring: withdrawConfigQuery,
          response: { 200: okEnvelope(withdrawConfig) },
        },
      },
      async (request) => ({
        code: 0 as const,
        data: await withdrawals.config(requireUser(request).id, request.query.token),
      }),
    );
  }

  app.post(
    '/api/app/asset/withdraw',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['asset'],
        summary: 'Request a withdrawal (confirmed with the login password); amount + fee are frozen',
        security: bearer,
        body: withdrawBody,
        response: { 200: okEnvelope(withdrawalRecord) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return {
        code: 0 as const,
        data: await withdrawals.submit(
          { id: user.id, passwordHash: user.row.passwordHash },
          request.body,
          request.lang,
          request.idempotency,
        ),
      };
    },
  );

  app.get(
    '/api/app/asset/withdraw/list',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['asset'],
        summary: "The user's withdrawals, newest first",
        security: bearer,
        querystring: withdrawListQuery,
        response: { 200: okEnvelope(pageSchema(withdrawalRecord)) },
      },
    },
    async (request) => ({
      code: 0 as const,
      data: await withdrawals.list(requireUser(request).id, request.query, request.lang),
    }),
  );

  app.get(
    '/api/app/asset/withdraw/detail',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['asset'],
        summary: "One of the user's withdrawals (anyone else's answers 404)",
        security: bearer,
        querystring: recordIdQuery,
        response: { 200: okEnvelope(withdrawalRecord) },
      },
    },
    async (request) => ({
      code: 0 as const,
      data: await withdrawals.detail(requireUser(request).id, request.query.id, request.lang),
    }),
  );
}
