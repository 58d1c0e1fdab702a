// /api/app/push: the server's VAPID key, and subscribing or forgetting this device (Web Push).
import type { FastifyInstance } from 'fastify';
import * as routes from '@tradeflip/api/routes';
import { requireUser } from '../account/authenticate';
import { routeGroup, serveRoute } from '../../plugins/route-group';
import type { PushService } from './service';

export async function pushRoutes(app: FastifyInstance, { push }: { push: PushService }) {
  routeGroup(app, { kind: 'user', tag: 'push' });
  serveRoute(
    app,
    routes.push.key,
    { summary: 'The VAPID public key a device subscribes with (409 while push is off)' },
    async () => push.key(),
  );
  serveRoute(
    app,
    routes.push.subscribe,
    {
      summary:
        "Subscribe this device to the user's notices: its PushSubscription (an endpoint of a known push service, and its keys)",
    },
    (request) => push.subscribe(requireUser(request).id, request.body),
  );
  serveRoute(
    app,
    routes.push.remove,
    { summary: 'Forget this device: its endpoint no longer receives the user’s notices' },
    (request) => push.remove(requireUser(request).id, request.body.endpoint),
  );
}
