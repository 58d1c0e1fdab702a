// OpenAPI generated from the zod schemas of the routes, at /api/docs (UI) and /api/docs/json. It
// describes the app's routes only: the operator's /api/admin/* are the CLI's (`npm run admin`), and
// may listen apart from the public port (plugins/admin-listener.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { isAdminRoute } from './admin-listener';

export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'TradeFlip API',
          version: '1.0.0',
          description:
            'Every answer is `{ code, msg?, reason?, data? }`: code 0 is success, otherwise code is the HTTP status, ' +
            '`reason` a stable word and `msg` text in the language of `X-Lang` (else `Accept-Language`). ' +
            'Mutating calls accept an `Idempotency-Key` header.',
        },
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              description: 'Session token from login or register',
            },
          },
        },
      },
      transform: (route) =>
        isAdminRoute(route.url) ? { schema: { hide: true }, url: route.url } : jsonSchemaTransform(route),
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      // The UI page has its own inline script and styles; give it a CSP that allows exactly those.
      transformStaticCSP: () => {
        const csp = app.swaggerCSP;
        return (
          "default-src 'self'; base-uri 'self'; font-src 'self' data:; frame-ancestors 'none'; " +
          "img-src 'self' data: validator.swagger.io; object-src 'none'; " +
          `script-src 'self' ${csp.script.join(' ')}; script-src-attr 'none'; style-src 'self' 'unsafe-inline'`
        );
      },
    });
  },
  { name: 'docs' },
);
