// /api/app/auth/* and /api/app/user/* (DESIGN §3), validated by the shared contract.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordBody,
  forgotBody,
  languageBody,
  loginBody,
  okEmptyEnvelope,
  okEnvelope,
  registerBody,
  sendCodeBody,
  sendCodeResult,
  sessionResult,
  userMe,
} from '@tradeflip/contract';
import { requireUser } from '../../plugins/auth';
import type { AccountService, ClientInfo } from './service';
import { ok, okEmpty, routeGroup } from '../../plugins/route-group';

function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null };
}

export async function accountRoutes(base: FastifyInstance, { accounts }: { accounts: AccountService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  routeGroup(app, { kind: 'user', tag: 'user' });

  app.post(
    '/api/app/auth/code',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'Mail a 6-digit code (one per email per 60 s, valid 10 minutes)',
        body: sendCodeBody,
        response: { 200: okEnvelope(sendCodeResult) },
      },
    },
    async (request) => {
      const data = await accounts.sendCode({
        ...request.body,
        lang: request.lang,
        client: clientOf(request),
      });
      return ok(data);
    },
  );

  app.post(
    '/api/app/auth/register',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'Create an account with an e-mailed code; answers a session like login',
        body: registerBody,
        response: { 200: okEnvelope(sessionResult) },
      },
    },
    async (request) => {
      const data = await accounts.register({
        ...request.body,
        lang: request.lang,
        client: clientOf(request),
      });
      return ok(data);
    },
  );

  app.post(
    '/api/app/auth/login',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: loginBody,
        response: { 200: okEnvelope(sessionResult) },
      },
    },
    async (request) => {
      const data = await accounts.login({ ...request.body, client: clientOf(request) });
      return ok(data);
    },
  );

  app.post(
    '/api/app/auth/forgot',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with an e-mailed code; signs out every session',
        body: forgotBody,
        response: { 200: okEmptyEnvelope },
      },
    },
    async (request) => {
      await accounts.resetPassword({ ...request.body, client: clientOf(request) });
      return okEmpty;
    },
  );

  app.post(
    '/api/app/auth/logout',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['auth'],
        summary: 'Revoke the calling session (succeeds without one too)',
        response: { 200: okEmptyEnvelope },
      },
    },
    async (request) => {
      if (request.auth) await accounts.logout(request.auth.sessionId);
      return okEmpty;
    },
  );

  app.get(
    '/api/app/user/me',
    {
      schema: {
        summary: 'The signed-in user',
        response: { 200: okEnvelope(userMe) },
      },
    },
    async (request) => ok(accounts.me(requireUser(request))),
  );

  app.post(
    '/api/app/user/password',
    {
      schema: {
        summary:
          'Change the password (current one required). Revokes every session, the calling one included, and answers a new session',
        body: changePasswordBody,
        response: { 200: okEnvelope(sessionResult) },
      },
    },
    async (request) => {
      const data = await accounts.changePassword({
        user: requireUser(request),
        oldPassword: request.body.oldPassword,
        newPassword: request.body.newPassword,
        client: clientOf(request),
      });
      return ok(data);
    },
  );

  app.post(
    '/api/app/user/me/lang',
    {
      config: { auth: 'optional' },
      schema: {
        summary: "Store the user's language (a signed-out call is accepted and stores nothing)",
        body: languageBody,
        response: { 200: okEmptyEnvelope },
      },
    },
    async (request) => {
      if (request.auth) await accounts.setLanguage(request.auth.id, request.body.language);
      return okEmpty;
    },
  );
}
