import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResult, okEnvelope } from '@tradeflip/contract';
import type { Clock } from '../../clock';
import { ok } from '../../plugins/route-group';

export async function healthRoutes(
  base: FastifyInstance,
  { driver, clock }: { driver: 'pglite' | 'postgres'; clock: Clock },
) {
  base
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { schema: { tags: ['operations'], summary: 'Liveness', response: { 200: okEnvelope(healthResult) } } },
      async () => ok({ status: 'ok' as const, database: driver, time: clock.now().toISOString() }),
    );
}
