// Route groups (CONVENTIONS 16): a routes module declares its group once, and each of its routes
// states only its URL, schema and handler. A user group's routes need a session (bearer security in
// the docs) unless a route says `config: { auth: 'optional' | 'none' }`; an admin group's routes take
// the admin credential; a public group's need nothing. The group's tag files them in /api/docs.
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import { schemasOf } from '@tradeflip/api/route-schemas';
import {
  okEmptyEnvelope,
  okEnvelope,
  type HandlerAnswer,
  type ParsedInput,
  type Route,
  type Wire,
} from '@tradeflip/api';

export type RouteGroupKind = 'public' | 'user' | 'admin';

const bearer = [{ bearerAuth: [] }];
const adminToken = [{ adminToken: [] }];

/** Applies the group's defaults to every route registered after it in this plugin (and its children). */
export function routeGroup(app: FastifyInstance, group: { kind: RouteGroupKind; tag: string }): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = { ...route.config };
    if (group.kind === 'admin') config.admin = true;
    if (group.kind === 'user') config.auth ??= 'required';
    route.config = config;
    if (!route.schema) return;
    const signedIn = config.admin ? adminToken : config.auth && config.auth !== 'none' ? bearer : undefined;
    route.schema = {
      tags: [group.tag],
      ...(signedIn && { security: signedIn }),
      ...route.schema,
    };
  });
}

/** The success envelope of DESIGN §3: `{ code: 0, data }`. */
export function ok<T>(data: T): { code: 0; data: T } {
  return { code: 0, data };
}

/** The success envelope of a call that answers no data. */
export const okEmpty = { code: 0 } as const;

/** How a route of the table is served here: its docs summary, its tags and its auth (route config). */
export interface ServeOptions {
  summary: string;
  tags?: string[];
  config?: FastifyContextConfig;
}

/**
 * Registers a route of the table (@tradeflip/api/routes): method, path and schemas come from it, and
 * the handler answers the data its answer schema takes (or nothing), sent in the success envelope.
 */
export function serveRoute<R extends Route>(
  app: FastifyInstance,
  route: R,
  options: ServeOptions,
  handler: (request: FastifyRequest<ParsedInput<R>>, reply: FastifyReply) => Promise<HandlerAnswer<R>>,
): void {
  const { body, query, params, answer } = schemasOf(route) as Wire;
  app.route({
    method: route.method,
    url: route.path,
    ...(options.config && { config: options.config }),
    schema: {
      ...(options.tags && { tags: options.tags }),
      summary: options.summary,
      ...(body && { body }),
      ...(query && { querystring: query }),
      ...(params && { params }),
      response: { 200: answer ? okEnvelope(answer) : okEmptyEnvelope },
    },
    handler: async (request, reply) => {
      const data = await handler(request as FastifyRequest<ParsedInput<R>>, reply);
      return answer ? ok(data) : okEmpty;
    },
  });
}
