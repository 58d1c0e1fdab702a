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
import { ok, routeGroup } from '../../plugins/route-group';

export async function withdrawRoutes(
  base: FastifyInstance,
  { withdrawals }: { withdrawals: WithdrawService },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  routeGroup(app, { kind: 'user', tag: 'asset' });

  // The spec's client asks /withdraw/config and falls back to /withdrawConfig on a 404.
  for (const url of ['/api/app/asset/withdraw/config', '/api/app/asset/withdrawConfig']) {
    app.get(
      url,
      {
        schema: {
          summary: "Each network's minimum withdrawal, fee, decimals and availability, and the balance",
          querystring: withdrawConfigQuery,
          response: { 200: okEnvelope(withdrawConfig) },
        },
      },
      async (request) => ok(await withdrawals.config(requireUser(request).id, request.query.token)),
    );
  }

  app.post(
    '/api/app/asset/withdraw',
    {
      schema: {
        summary: 'Request a withdrawal (confirmed with the login password); amount + fee are frozen',
        body: withdrawBody,
        response: { 200: okEnvelope(withdrawalRecord) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(
        await withdrawals.submit(
          { id: user.id, passwordHash: user.row.passwordHash },
          request.body,
          request.lang,
          request.idempotency,
        ),
      );
    },
  );

  app.get(
    '/api/app/asset/withdraw/list',
    {
      schema: {
        summary: "The user's withdrawals, newest first",
        querystring: withdrawListQuery,
        response: { 200: okEnvelope(pageSchema(withdrawalRecord)) },
      },
    },
    async (request) => ok(await withdrawals.list(requireUser(request).id, request.query, request.lang)),
  );

  app.get(
    '/api/app/asset/withdraw/detail',
    {
      schema: {
        summary: "One of the user's withdrawals (anyone else's answers 404)",
        querystring: recordIdQuery,
        response: { 200: okEnvelope(withdrawalRecord) },
      },
    },
    async (request) => ok(await withdrawals.detail(requireUser(request).id, request.query.id, request.lang)),
  );
}
