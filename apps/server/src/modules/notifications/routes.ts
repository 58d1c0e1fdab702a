// /api/app/notifications: the player's notices (newest first, with the unread count) and marking them read.
import type { FastifyInstance } from 'fastify';
import * as routes from '@tradeflip/api/routes';
import { requireUser } from '../account/authenticate';
import { routeGroup, serveRoute } from '../../plugins/route-group';
import type { NotificationService } from './service';

export async function notificationRoutes(
  app: FastifyInstance,
  { notifications }: { notifications: NotificationService },
) {
  routeGroup(app, { kind: 'user', tag: 'notifications' });
  serveRoute(
    app,
    routes.notifications.list,
    { summary: "The user's notices, newest first, with how many are unread (`unread=true`: only those)" },
    (request) => notifications.list(requireUser(request).id, request.query),
  );
  serveRoute(
    app,
    routes.notifications.read,
    { summary: "Mark some of the user's notices read (`ids`), or all of them (`all: true`)" },
    (request) => notifications.read(requireUser(request).id, request.body),
  );
}
