// /api/app/auth/* and /api/app/user/* (DESIGN §3), as the route table declares them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as routes from '@tradeflip/api/routes';
import { requireUser } from './authenticate';
import type { AccountService, ClientInfo } from './service';
import { routeGroup, serveRoute, type ServeOptions } from '../../plugins/route-group';

function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null };
}

export async function accountRoutes(app: FastifyInstance, { accounts }: { accounts: AccountService }) {
  routeGroup(app, { kind: 'user', tag: 'user' });
  const { account } = routes;
  // The calls that sign a user in, up or back: filed under auth in the docs, taken without a session.
  const signedOut = { tags: ['auth'], config: { auth: 'none' } } satisfies Omit<ServeOptions, 'summary'>;

  serveRoute(
    app,
    account.sendCode,
    { ...signedOut, summary: 'Mail a 6-digit code (one per email per 60 s, valid 10 minutes)' },
    (request) => accounts.sendCode({ ...request.body, lang: request.lang, client: clientOf(request) }),
  );

  serveRoute(
    app,
    account.register,
    { ...signedOut, summary: 'Create an account with an e-mailed code; answers a session like login' },
    (request) => accounts.register({ ...request.body, lang: request.lang, client: clientOf(request) }),
  );

  serveRoute(app, account.login, { ...signedOut, summary: 'Sign in with email and password' }, (request) =>
    accounts.login({ ...request.body, client: clientOf(request) }),
  );

  serveRoute(
    app,
    account.forgot,
    { ...signedOut, summary: 'Set a new password with an e-mailed code; signs out every session' },
    (request) => accounts.resetPassword({ ...request.body, client: clientOf(request) }),
  );

  serveRoute(
    app,
    account.logout,
    {
      tags: ['auth'],
      summary: 'Revoke the calling session (succeeds without one too)',
      config: { auth: 'optional' },
    },
    async (request) => {
      if (request.auth) await accounts.logout(request.auth.sessionId);
    },
  );

  serveRoute(app, account.me, { summary: 'The signed-in user' }, async (request) =>
    accounts.me(requireUser(request)),
  );

  serveRoute(
    app,
    account.changePassword,
    {
      summary:
        'Change the password (current one required). Revokes every session, the calling one included, and answers a new session',
    },
    (request) =>
      accounts.changePassword({
        user: requireUser(request),
        oldPassword: request.body.oldPassword,
        newPassword: request.body.newPassword,
        client: clientOf(request),
      }),
  );

  serveRoute(
    app,
    account.setLanguage,
    {
      summary: "Store the user's language (a signed-out call is accepted and stores nothing)",
      config: { auth: 'optional' },
    },
    async (request) => {
      if (request.auth) await accounts.setLanguage(request.auth.id, request.body.language);
    },
  );
}
