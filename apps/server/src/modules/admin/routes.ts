// /api/admin/*: operations, authenticated by the admin credential (ADMIN_TOKEN), not a user
// session. The CLI (`npm run admin`) calls these, in process or on the running server.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminUser,
  adminUserEmailBody,
  adminUserListQuery,
  adminWsDisconnected,
  okEnvelope,
  pageSchema,
} from '@tradeflip/contract';
import type { AccountService } from '../account/service';
import { ok, routeGroup } from '../../plugins/route-group';

export async function adminRoutes(base: FastifyInstance, { accounts }: { accounts: AccountService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  routeGroup(app, { kind: 'admin', tag: 'admin' });

  app.get(
    '/api/admin/users',
    {
      schema: {
        summary: 'List users',
        querystring: adminUserListQuery,
        response: { 200: okEnvelope(pageSchema(adminUser)) },
      },
    },
    async (request) => ok(await accounts.listUsers(request.query)),
  );

  app.post(
    '/api/admin/users/freeze',
    {
      schema: {
        summary: "Freeze a user: sessions are revoked and the user's next call answers 401 user_frozen",
        body: adminUserEmailBody,
        response: { 200: okEnvelope(adminUser) },
      },
    },
    async (request) => ok(await accounts.freeze(request.body.email)),
  );

  app.post(
    '/api/admin/users/unfreeze',
    {
      schema: {
        summary: 'Unfreeze a user (they sign in again)',
        body: adminUserEmailBody,
        response: { 200: okEnvelope(adminUser) },
      },
    },
    async (request) => ok(await accounts.unfreeze(request.body.email)),
  );

  app.post(
    '/api/admin/ws/disconnect',
    {
      schema: {
        summary:
          "Close the user's signed-in WebSockets on this server (they reconnect and refetch what they show)",
        body: adminUserEmailBody,
        response: { 200: okEnvelope(adminWsDisconnected) },
      },
    },
    async (request) => {
      const userId = await accounts.userIdByEmail(request.body.email);
      return ok({ disconnected: app.webSockets.disconnect(userId) });
    },
  );
}
