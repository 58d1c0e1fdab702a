// /api/app/flip/*: the terms (public) and the signed-in user's flips (open honours Idempotency-Key);
// /api/admin/flip/*: the operators' terms and every user's flips.
import type { FastifyInstance } from 'fastify';
import * as routes from '@tradeflip/api/routes';
import { requireUser } from '../account/authenticate';
import { routeGroup, serveRoute } from '../../plugins/route-group';
import type { FlipService } from './service';

export async function flipConfigRoutes(app: FastifyInstance, { flip }: { flip: FlipService }) {
  routeGroup(app, { kind: 'public', tag: 'flip' });
  serveRoute(
    app,
    routes.flip.config,
    { summary: 'Bet tokens and stakes, pairs, durations and payout rates, the open-flip limit' },
    () => flip.config(),
  );
}

export async function flipRoutes(app: FastifyInstance, { flip }: { flip: FlipService }) {
  routeGroup(app, { kind: 'user', tag: 'flip' });
  serveRoute(
    app,
    routes.flip.open,
    { summary: 'Bet up or down: the stake frozen, the open price the mark now (spec §5 flip checks)' },
    (request) => flip.open(requireUser(request).id, request.body, request.idempotency),
  );
  serveRoute(
    app,
    routes.flip.positions,
    { summary: "The user's open flips (soonest to expire first) or settled ones (newest first)" },
    (request) => flip.list(requireUser(request).id, request.query),
  );
  serveRoute(
    app,
    routes.flip.position,
    { summary: 'One flip, the ticks it opened and settled at, and every movement of its money' },
    (request) => flip.detail(requireUser(request).id, Number(request.query.id)),
  );
}

export async function adminFlipRoutes(app: FastifyInstance, { flip }: { flip: FlipService }) {
  routeGroup(app, { kind: 'admin', tag: 'admin' });
  serveRoute(
    app,
    routes.flip.adminConfig,
    { summary: 'Change the flip terms (new flips only): limits, a bet token, a pair, a duration, a rate' },
    (request) => flip.updateConfig(request.body),
  );
  serveRoute(
    app,
    routes.flip.adminPositions,
    { summary: "Every user's flips (or one user's by email), open or settled, newest first" },
    (request) => flip.adminPositions(request.query),
  );
  serveRoute(
    app,
    routes.flip.adminExposure,
    { summary: 'Per bet token: open flips and the most they could win from the vault' },
    async () => ({ list: await flip.exposure() }),
  );
}
