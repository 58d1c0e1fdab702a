// The admin routes on a listener of their own (ADMIN_HOST / ADMIN_PORT), e.g. bound to a private
// network the public load balancer does not reach. Both listeners feed the one app (its services,
// hooks and limits); a request is told apart by the socket it came on: /api/admin/* answers only on
// the admin listener (the public port answers 404, as if they did not exist), and the admin listener
// answers only them and /api/health (the CLI's check that the server is alive).
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { AppError } from '../errors';
import { httpServerFactory } from '../http-server';

declare module 'fastify' {
  interface FastifyInstance {
    /** The admin listener (ADMIN_PORT), not yet listening; server.ts starts it with listenAdmin(). */
    adminServer: Server | undefined;
  }
}

/** Whether a route (by its registered pattern) is an admin route. */
export function isAdminRoute(url: string | undefined): boolean {
  return url === '/api/admin' || url?.startsWith('/api/admin/') === true;
}

export const adminListenerPlugin = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    if (!config.admin) {
      app.decorate('adminServer', undefined);
      return;
    }
    const adminSockets = new WeakSet<Socket>();
    const server = httpServerFactory(config)((request, response) => app.routing(request, response), {});
    server.on('connection', (socket: Socket) => adminSockets.add(socket));
    app.decorate('adminServer', server);
    // By the matched route's pattern, not the raw path: an encoded or doubled slash reaches the same route.
    // An unmatched admin path is 404 too, not 405 naming the methods of a route the public cannot see.
    app.addHook('onRequest', async (request) => {
      const route = request.routeOptions.url;
      const pathname = request.url.split('?')[0] ?? '/';
      const onAdmin = adminSockets.has(request.raw.socket);
      const allowed = onAdmin
        ? isAdminRoute(route) || route === '/api/health'
        : !isAdminRoute(route) && !isAdminRoute(pathname);
      if (!allowed) {
        throw new AppError(404, 'not_found', 'errors.routeNotFound', {
          vars: { method: request.method, path: pathname.slice(0, 200) },
        });
      }
    });
    app.addHook('onClose', async () => {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  },
  { name: 'admin-listener', dependencies: ['errors'] },
);

/** Starts the admin listener, if configured; answers where it listens. */
export async function listenAdmin(
  app: FastifyInstance,
  admin: Config['admin'],
): Promise<AddressInfo | undefined> {
  const server = app.adminServer;
  if (!server || !admin) return undefined;
  const { host, port } = admin;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server.address() as AddressInfo;
}
