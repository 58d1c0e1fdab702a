// /api/app/plays/settings: the signed-in player's say in the live plays feed.
import type { FastifyInstance } from 'fastify';
import * as routes from '@tradeflip/api/routes';
import { requireUser } from '../account/authenticate';
import { routeGroup, serveRoute } from '../../plugins/route-group';
import type { PlaysService } from './service';

export async function playsRoutes(app: FastifyInstance, { plays }: { plays: PlaysService }) {
  routeGroup(app, { kind: 'user', tag: 'plays' });
  serveRoute(
    app,
    routes.plays.settings,
    {
      summary: "Whether the player's plays are kept out of the live feed, and whether it shows their amounts",
    },
    (request) => plays.settingsOf(requireUser(request).id),
  );
  serveRoute(
    app,
    routes.plays.saveSettings,
    { summary: 'Keep my plays out of the live feed, or show them with their stake and result' },
    (request) => plays.saveSettings(requireUser(request).id, request.body),
  );
}
