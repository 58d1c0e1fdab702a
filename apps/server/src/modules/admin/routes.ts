// /api/admin/*: operations, authenticated by the admin credential (ADMIN_TOKEN), not a user
// session. The CLI (`npm run admin`) calls these, in process or on the running server.
import type { FastifyInstance } from 'fastify';
import * as routes from '@tradeflip/api/routes';
import type { AccountService } from '../account/service';
import { routeGroup, serveRoute } from '../../plugins/route-group';

export async function adminRoutes(app: FastifyInstance, { accounts }: { accounts: AccountService }) {
  routeGroup(app, { kind: 'admin', tag: 'admin' });
  const { admin } = routes;

  serveRoute(app, admin.users, { summary: 'List users' }, (request) => accounts.listUsers(request.query));

  serveRoute(
    app,
    admin.freezeUser,
    { summary: "Freeze a user: sessions are revoked and the user's next call answers 401 user_frozen" },
    (request) => accounts.freeze(request.body.email),
  );

  serveRoute(app, admin.unfreezeUser, { summary: 'Unfreeze a user (they sign in again)' }, (request) =>
    accounts.unfreeze(request.body.email),
  );

  serveRoute(
    app,
    admin.disconnectSockets,
    {
      summary:
        "Close the user's signed-in WebSockets on this server (they reconnect and refetch what they show)",
    },
    async (request) => {
      const userId = await accounts.userIdByEmail(request.body.email);
      return { disconnected: app.liveSessions.disconnect(userId) };
    },
  );
}
