// /api/app/vip: the signed-in user's VIP level, progress and the level table; /api/admin/vip/*: the table.
import type { FastifyInstance } from 'fastify';
import * as routes from '@tradeflip/api/routes';
import { requireUser } from '../account/authenticate';
import { routeGroup, serveRoute } from '../../plugins/route-group';
import type { VipService } from './service';

export async function vipRoutes(app: FastifyInstance, { vip }: { vip: VipService }) {
  routeGroup(app, { kind: 'user', tag: 'vip' });
  serveRoute(
    app,
    routes.vip.status,
    { summary: 'VIP level, cumulative USDT turnover, progress to the next level, the level table' },
    (request) => vip.statusOf(requireUser(request).id),
  );
}

export async function adminVipRoutes(app: FastifyInstance, { vip }: { vip: VipService }) {
  routeGroup(app, { kind: 'admin', tag: 'admin' });
  serveRoute(app, routes.vip.adminLevels, { summary: 'The VIP level table' }, async () => ({
    list: await vip.levels(),
  }));
  serveRoute(
    app,
    routes.vip.adminSetLevel,
    {
      summary: "Add or change a VIP level: its turnover threshold and its bonus on the player's own rewards",
    },
    (request) => vip.setLevel(request.body),
  );
  serveRoute(
    app,
    routes.vip.adminRemoveLevel,
    { summary: 'Remove the top VIP level (a mistyped one); players above the new top count at it' },
    (request) => vip.removeLevel(request.body.level),
  );
}
