// Who is calling (the account module's hook on every request). User routes carry `config.auth` ('required' | 'optional'); admin routes carry
// `config.admin` and take the admin credential instead of a session. A token of a frozen user
// answers 401 user_frozen on any /api call, so an open app learns of the freeze on its next call.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccountService, AuthenticatedUser } from './service';
import { AppError } from '../../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'none': a public route in a user group (plugins/route-group.ts). */
    auth?: 'required' | 'optional' | 'none';
    admin?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user, when the request carries a valid session token. */
    auth: AuthenticatedUser | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export function requireUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.auth) throw new AppError(401, 'unauthorized', 'errors.unauthorized');
  return request.auth;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export const authPlugin = fp<{ accounts: AccountService; adminToken: string | undefined }>(
  async (app: FastifyInstance, { accounts, adminToken }) => {
    app.decorateRequest('auth', null);
    const adminDigest = adminToken ? digest(adminToken) : undefined;

    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config;
      if (config.admin) {
        if (!adminDigest) throw new AppError(403, 'forbidden', 'errors.forbidden');
        const token = bearerToken(request);
        if (!token || !timingSafeEqual(digest(token), adminDigest)) {
          throw new AppError(401, 'unauthorized', 'errors.unauthorized');
        }
        return;
      }
      if (!request.url.startsWith('/api/')) return;
      const token = bearerToken(request);
      if (!token) {
        if (config.auth === 'required') throw new AppError(401, 'unauthorized', 'errors.unauthorized');
        return;
      }
      const session = await accounts.resolveSession(token);
      if (session.status === 'frozen') throw new AppError(401, 'user_frozen', 'errors.accountFrozen');
      if (session.status === 'valid') {
        request.auth = {
          id: session.user.id,
          email: session.user.email,
          sessionId: session.sessionId,
          row: session.user,
        };
      } else if (config.auth === 'required') {
        throw new AppError(401, 'unauthorized', 'errors.sessionExpired');
      }
    });
  },
  { name: 'auth', dependencies: ['errors'] },
);
