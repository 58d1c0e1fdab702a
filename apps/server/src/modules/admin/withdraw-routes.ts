// /api/admin/withdrawals*: the operators' review of withdrawals (also `npm run admin -- withdraw:*`).
// Approve and reject act only on a withdrawal still in review; rejecting returns the funds once.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminWithdrawal,
  adminWithdrawApproveBody,
  adminWithdrawListQuery,
  adminWithdrawRejectBody,
  okEnvelope,
  pageSchema,
} from '@tradeflip/contract';
import type { WithdrawService } from '../withdraw/service';

const adminSecurity = [{ adminToken: [] }];

export async function adminWithdrawRoutes(
  base: FastifyInstance,
  { withdrawals }: { withdrawals: WithdrawService },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/withdrawals',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary: 'Withdrawals of every user, newest first, optionally of one status',
        security: adminSecurity,
        querystring: adminWithdrawListQuery,
        response: { 200: okEnvelope(pageSchema(adminWithdrawal)) },
      },
    },
    async (request) => ({
      code: 0 as const,
      data: await withdrawals.adminList(request.query, request.lang),
    }),
  );

  app.post(
    '/api/admin/withdrawals/approve',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary: 'Approve a withdrawal in review: the sender signs and broadcasts it',
        security: adminSecurity,
        body: adminWithdrawApproveBody,
        response: { 200: okEnvelope(adminWithdrawal) },
      },
    },
    async (request) => ({
      code: 0 as const,
      data: await withdrawals.approve(request.body.id, request.lang, request.idempotency),
    }),
  );

  app.post(
    '/api/admin/withdrawals/reject',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary: 'Reject a withdrawal in review with a reason the user sees; the funds return',
        security: adminSecurity,
        body: adminWithdrawRejectBody,
        response: { 200: okEnvelope(adminWithdrawal) },
      },
    },
    async (request) => ({
      code: 0 as const,
      data: await withdrawals.reject(request.body.id, request.body.reason, request.lang, request.idempotency),
    }),
  );
}
