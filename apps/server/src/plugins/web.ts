// Serves the built web app from WEB_DIST: files as they are (hashed /assets/* cached for good,
// everything else revalidated), index.html for any other non-/api GET (the SPA's routes), and a
// plain explanation at / when no build exists. Unknown /api paths answer the 404 envelope, and a
// known /api path with the wrong method a 405.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { AppError } from '../errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

interface KnownRoute {
  methods: string[];
  pattern: RegExp;
}

function routePattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((part) =>
      part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`);
}

export const webPlugin = fp<{ webDist: string }>(
  async (app: FastifyInstance, { webDist }) => {
    const indexFile = path.join(webDist, 'index.html');
    const apiRoutes: KnownRoute[] = [];
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith('/api/')) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      apiRoutes.push({ methods, pattern: routePattern(route.url) });
    });

    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      cacheControl: false,
      preCompressed: false,
      setHeaders(reply, filePath) {
        const relative = path.relative(webDist, filePath).split(path.sep).join('/');
        reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
      },
    });

    // Pages the web build prerendered (apps/web/scripts/prerender-plugin.ts) are answered with their
    // own HTML, dist/prerendered/<path>/index.html; every other page with index.html.
    const prerenderDir = path.join(webDist, 'prerendered');
    function prerenderedFile(pathname: string): string | undefined {
      const file = path.join(prerenderDir, pathname, 'index.html');
      if (!file.startsWith(prerenderDir + path.sep) || !fs.existsSync(file)) return undefined;
      return path.relative(webDist, file);
    }

    // Operators' paths served elsewhere (Prometheus scrapes METRICS_PORT): a 404 here, never the app.
    const NOT_PAGES = new Set(['/metrics']);

    function sendIndex(reply: FastifyReply, pathname = '/') {
      if (!fs.existsSync(indexFile)) {
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send(
            `TradeFlip's API is running, but the web app has not been built: there is no ${indexFile}.\n` +
              'Run `npm start` (it builds what is missing) or `npm run build`, then reload.\n' +
              'The API documentation is at /api/docs.\n',
          );
      }
      return reply
        .header('cache-control', REVALIDATE)
        .type('text/html; charset=utf-8')
        .sendFile(prerenderedFile(pathname) ?? 'index.html');
    }

    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isApi = pathname === '/api' || pathname.startsWith('/api/');
      if (!isApi && !NOT_PAGES.has(pathname) && (request.method === 'GET' || request.method === 'HEAD')) {
        const last = pathname.slice(pathname.lastIndexOf('/') + 1);
        // A path that names a file (has an extension) and isn't there is a 404, not the app.
        if (!last.includes('.')) return sendIndex(reply, pathname);
      }
      if (isApi) {
        const allowed = apiRoutes
          .filter((route) => route.pattern.test(pathname))
          .flatMap((route) => route.methods);
        if (allowed.length) {
          reply.header('allow', [...new Set(allowed)].join(', '));
          throw new AppError(405, 'method_not_allowed', 'errors.methodNotAllowed', {
            vars: { method: request.method },
          });
        }
      }
      throw new AppError(404, 'not_found', 'errors.routeNotFound', {
        vars: { method: request.method, path: pathname.slice(0, 200) },
      });
    });
  },
  { name: 'web', dependencies: ['errors'] },
);
