// Liveness (/api/health: the process answers, cheaply) and readiness (/api/ready: it can serve, see
// readiness.ts). Load balancers and orchestrators ask both every few seconds: logged at debug only.
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { okEnvelope } from '@tradeflip/api';
import * as routes from '@tradeflip/api/routes';
import { schemasOf } from '@tradeflip/api/route-schemas';
import type { Clock } from '../../clock';
import { serveRoute } from '../../plugins/route-group';
import { readinessAnswer, type Readiness } from './readiness';

const probePaths: readonly string[] = [routes.health.health.path, routes.health.ready.path];
const isProbe = (request: FastifyRequest) => probePaths.includes(request.url.split('?')[0]!);

/**
 * Fastify's request log lines (one as a request comes, one as it completes, at info), but the
 * probes' at debug: every load balancer asks every few seconds, and their lines were most of the log.
 * A probe that fails still logs its error.
 */
export class ProbesAtDebug extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (isProbe(request)) request.log.debug({ req: request }, 'incoming request');
    else super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ) {
    if (!error && isProbe(request)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    } else super.requestCompleted(error, request, reply, metadata);
  }
}

export async function healthRoutes(
  app: FastifyInstance,
  { driver, clock, readiness }: { driver: 'pglite' | 'postgres'; clock: Clock; readiness: Readiness },
) {
  serveRoute(
    app,
    routes.health.health,
    { tags: ['operations'], summary: 'Liveness', config: { probe: true } },
    async () => ({
      status: 'ok' as const,
      database: driver,
      time: clock.now().toISOString(),
    }),
  );

  // Registered by hand: a 503 answers the same data as the 200, in an envelope with its code.
  const { answer } = schemasOf(routes.health.ready);
  app.route({
    method: routes.health.ready.method,
    url: routes.health.ready.path,
    config: { probe: true },
    schema: {
      tags: ['operations'],
      summary: 'Readiness: 200 when this process can serve, 503 naming each failing part',
      response: {
        200: okEnvelope(answer),
        503: z.object({ code: z.literal(503), msg: z.string(), data: answer }),
      },
    },
    handler: async (_request, reply) => {
      const { status, body } = readinessAnswer(await readiness.failing());
      return reply.code(status).send(body);
    },
  });
}
