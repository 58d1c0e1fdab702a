// Route groups (CONVENTIONS 16): a routes module declares its group once, and each of its routes
// states only its URL, schema and handler. A user group's routes need a session (bearer security in
// the docs) unless a route says `config: { auth: 'optional' | 'none' }`; an admin group's routes take
// the admin credential; a public group's need nothing. The group's tag files them in /api/docs.
import type { FastifyInstance, RouteOptions } from 'fastify';

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
