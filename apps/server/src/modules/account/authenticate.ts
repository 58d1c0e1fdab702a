// Who is calling (the account module's hook on every request). User routes carry `config.auth` ('required' | 'optional'); admin routes carry
// `config.admin` and take the admin credential instead of a session. A token of a frozen user
// answers 401 user_frozen on any /api call but the probes, so an open app learns of the freeze on its
// next call.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RateRule } from '../../config';
import { AppError, rateLimited } from '../../errors';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { AccountService, AuthenticatedUser } from './service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'none': a public route in a user group (plugins/route-group.ts). */
    auth?: 'required' | 'optional' | 'none';
    admin?: boolean;
    /**
     * A load balancer's probe (/api/health, /api/ready): no session is looked up, whatever header it
     * carries, so a probe answers from its own checks even while the database is away.
     */
    probe?: boolean;
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

const ADMIN_AUTH_BUCKET = 'admin-auth-ip';

export interface AuthOptions {
  accounts: AccountService;
  adminToken: string | undefined;
  limiter: RateLimiter;
  /** Refused admin credentials per address (RATE_LIMIT_ADMIN_AUTH_IP). */
  adminAuthRule: RateRule | null;
}

export const authPlugin = fp<AuthOptions>(
  async (app: FastifyInstance, { accounts, adminToken, limiter, adminAuthRule }) => {
    app.decorateRequest('auth', null);
    const adminDigest = adminToken ? digest(adminToken) : undefined;

    /**
     * The admin credential, guessed at most RATE_LIMIT_ADMIN_AUTH_IP times per address: only refusals
     * count (the operators' CLI is never slowed), and an address over the limit is refused before its
     * token is looked at, so a guess past the limit learns nothing.
     */
    async function checkAdmin(request: FastifyRequest): Promise<void> {
      if (!adminDigest) throw new AppError(403, 'forbidden', 'errors.forbidden');
      const over = await limiter.consume(ADMIN_AUTH_BUCKET, request.ip, adminAuthRule, 0);
      if (!over.allowed) throw rateLimited(over.retryAfterSeconds);
      const token = bearerToken(request);
      if (token && timingSafeEqual(digest(token), adminDigest)) return;
      // Never the token given: the address and the route are what an operator acts on.
      request.log.warn(
        { ip: request.ip, route: request.routeOptions.url, method: request.method, given: Boolean(token) },
        'admin credential refused',
      );
      const counted = await limiter.consume(ADMIN_AUTH_BUCKET, request.ip, adminAuthRule);
      if (!counted.allowed) throw rateLimited(counted.retryAfterSeconds);
      throw new AppError(401, 'unauthorized', 'errors.unauthorized');
    }

    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config;
      if (config.probe) return;
      if (config.admin) return checkAdmin(request);
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
