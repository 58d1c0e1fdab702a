// /api/admin/* for chains and deposits: each network's watcher (head, cursor, lag), every deposit with
// operator flags, and a user's deposit address (what `npm run chain:deposit` sends test USDT to).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminDeposit,
  adminDepositAddress,
  adminDepositAddressQuery,
  adminDepositListQuery,
  chainStatus,
  okEnvelope,
  pageSchema,
} from '@tradeflip/contract';
import type { DepositService } from '../deposit/service';
import { ok, routeGroup } from '../../plugins/route-group';

export async function adminChainRoutes(base: FastifyInstance, { deposits }: { deposits: DepositService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  routeGroup(app, { kind: 'admin', tag: 'admin' });

  app.get(
    '/api/admin/chain/status',
    {
      schema: {
        summary: "Each network's chain head, the deposit watcher's cursor and how far it lags",
        response: { 200: okEnvelope(chainStatus) },
      },
    },
    async () => ok(await deposits.chainStatus()),
  );

  app.get(
    '/api/admin/deposits',
    {
      schema: {
        summary:
          'Deposits of every user, newest first, with flags for operators (e.g. reversed after a reorg)',
        querystring: adminDepositListQuery,
        response: { 200: okEnvelope(pageSchema(adminDeposit)) },
      },
    },
    async (request) => ok(await deposits.adminList(request.query)),
  );

  app.get(
    '/api/admin/deposit/address',
    {
      schema: {
        summary: "A user's deposit address on a network (created when missing, so the watcher sees it)",
        querystring: adminDepositAddressQuery,
        response: { 200: okEnvelope(adminDepositAddress) },
      },
    },
    async (request) => ok(await deposits.adminAddress(request.query.email, request.query.network)),
  );
}
