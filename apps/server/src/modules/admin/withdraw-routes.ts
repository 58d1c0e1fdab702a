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
import { ok, routeGroup } from '../../plugins/route-group';

export async function adminWithdrawRoutes(
  base: FastifyInstance,
  { withdrawals }: { withdrawals: WithdrawService },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  routeGroup(app, { kind: 'admin', tag: 'admin' });

  app.get(
    '/api/admin/withdrawals',
    {
      schema: {
        summary: 'Withdrawals of every user, newest first, optionally of one status',
        querystring: adminWithdrawListQuery,
        response: { 200: okEnvelope(pageSchema(adminWithdrawal)) },
      },
    },
    async (request) => ok(await withdrawals.adminList(request.query, request.lang)),
  );

  app.post(
    '/api/admin/withdrawals/approve',
    {
      schema: {
        summary: 'Approve a withdrawal in review: the sender signs and broadcasts it',
        body: adminWithdrawApproveBody,
        response: { 200: okEnvelope(adminWithdrawal) },
      },
    },
    async (request) => ok(await withdrawals.approve(request.body.id, request.lang, request.idempotency)),
  );

  app.post(
    '/api/admin/withdrawals/reject',
    {
      schema: {
        summary: 'Reject a withdrawal in review with a reason the user sees; the funds return',
        body: adminWithdrawRejectBody,
        response: { 200: okEnvelope(adminWithdrawal) },
      },
    },
    async (request) =>
      ok(await withdrawals.reject(request.body.id, request.body.reason, request.lang, request.idempotency)),
  );
}
