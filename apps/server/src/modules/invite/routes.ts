// /api/app/invite/*: the signed-in user's invite code and link, friends and rewards;
// /api/admin/invite/*: the reward rules.
import type { FastifyInstance } from 'fastify';
import * as routes from '@tradeflip/api/routes';
import { requireUser } from '../account/authenticate';
import { routeGroup, serveRoute } from '../../plugins/route-group';
import type { InviteService } from './service';

export async function inviteRoutes(app: FastifyInstance, { invite }: { invite: InviteService }) {
  routeGroup(app, { kind: 'user', tag: 'invite' });
  serveRoute(
    app,
    routes.invite.summary,
    { summary: 'Invite code and link, friends total, rewards received per token, the reward rules' },
    (request) => {
      const user = requireUser(request);
      return invite.summary(user.id, user.row.inviteCode);
    },
  );
  serveRoute(
    app,
    routes.invite.friends,
    { summary: 'The friends the user invited (masked e-mail, sign-up date, what they paid), newest first' },
    (request) => invite.friends(requireUser(request).id, request.query),
  );
  serveRoute(
    app,
    routes.invite.rewards,
    { summary: "The user's rewards: on their own plays and their friends', newest first" },
    (request) => invite.rewards(requireUser(request).id, request.query),
  );
}

export async function adminInviteRoutes(app: FastifyInstance, { invite }: { invite: InviteService }) {
  routeGroup(app, { kind: 'admin', tag: 'admin' });
  serveRoute(app, routes.invite.adminRules, { summary: 'The invite reward rules' }, async () => ({
    list: await invite.rules(),
  }));
  serveRoute(
    app,
    routes.invite.adminSetRule,
    { summary: 'Set one reward rule: a rate of a bet, profit or loss, to the player or their inviter' },
    (request) => invite.setRule(request.body),
  );
}
