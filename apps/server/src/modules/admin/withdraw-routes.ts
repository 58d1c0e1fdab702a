// /api/admin/withdrawals*: the operators' review of withdrawals (also `npm run admin -- withdraw:*`).
// Approve and reject act only on a withdrawal still in review; rejecting returns the funds once.
import type { FastifyInstance } from 'fastify';
import * as routes from '@tradeflip/api/routes';
import type { WithdrawService } from '../withdraw/service';
import { routeGroup, serveRoute } from '../../plugins/route-group';

export async function adminWithdrawRoutes(
  app: FastifyInstance,
  { withdrawals }: { withdrawals: WithdrawService },
) {
  routeGroup(app, { kind: 'admin', tag: 'admin' });
  const { admin } = routes;

  serveRoute(
    app,
    admin.withdrawals,
    { summary: 'Withdrawals of every user, newest first, optionally of one status' },
    (request) => withdrawals.adminList(request.query, request.lang),
  );

  serveRoute(
    app,
    admin.approveWithdrawal,
    { summary: 'Approve a withdrawal in review: the sender signs and broadcasts it' },
    (request) => withdrawals.approve(request.body.id, request.lang, request.idempotency),
  );

  serveRoute(
    app,
    admin.rejectWithdrawal,
    { summary: 'Reject a withdrawal in review with a reason the user sees; the funds return' },
    (request) => withdrawals.reject(request.body.id, request.body.reason, request.lang, request.idempotency),
  );
}
