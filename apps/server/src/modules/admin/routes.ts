// /api/admin/*: operations, authenticated by the admin credential (ADMIN_TOKEN), not a user
// session. The CLI (`npm run admin`) calls these, in process or on the running server.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminUser,
  adminUserEmailBody,
  adminUserListQuery,
  okEnvelope,
  pageSchema,
} from '@tradeflip/contract';
import type { AccountService } from '../account/service';

const adminSecurity = [{ adminToken: [] }];

export async function adminRoutes(base: FastifyInstance, { accounts }: { accounts: AccountService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/users',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary: 'List users',
        security: adminSecurity,
        querystring: adminUserListQuery,
        response: { 200: okEnvelope(pageSchema(adminUser)) },
      },
    },
    async (request) => ({ code: 0 as const, data: await accounts.listUsers(request.query) }),
  );

  app.post(
    '/api/admin/users/freeze',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary: "Freeze a user: sessions are revoked and the user's next call answers 401 user_frozen",
        security: adminSecurity,
        body: adminUserEmailBody,
        response: { 200: okEnvelope(adminUser) },
      },
    },
    async (request) => ({ code: 0 as const, data: await accounts.freeze(request.body.email) }),
  );

  app.post(
    '/api/admin/users/unfreeze',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary: 'Unfreeze a user (they sign in again)',
        security: adminSecurity,
        body: adminUserEmailBody,
        response: { 200: okEnvelope(adminUser) },
      },
    },
    async (request) => ({ code: 0 as const, data: await accounts.unfreeze(request.body.email) }),
  );
}
