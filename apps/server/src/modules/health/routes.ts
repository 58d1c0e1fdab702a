import type { FastifyInstance } from 'fastify';
import * as routes from '@tradeflip/api/routes';
import type { Clock } from '../../clock';
import { serveRoute } from '../../plugins/route-group';

export async function healthRoutes(
  app: FastifyInstance,
  { driver, clock }: { driver: 'pglite' | 'postgres'; clock: Clock },
) {
  serveRoute(app, routes.health.health, { tags: ['operations'], summary: 'Liveness' }, async () => ({
    status: 'ok' as const,
    database: driver,
    time: clock.now().toISOString(),
  }));
}
