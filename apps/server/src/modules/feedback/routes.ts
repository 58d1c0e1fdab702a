// /api/app/feedback: send feedback, read one's own with the replies; /api/admin/feedback/*.
import type { FastifyInstance } from 'fastify';
import * as routes from '@tradeflip/api/routes';
import { requireUser } from '../account/authenticate';
import { routeGroup, serveRoute } from '../../plugins/route-group';
import type { FeedbackService } from './service';

export async function feedbackRoutes(app: FastifyInstance, { feedback }: { feedback: FeedbackService }) {
  routeGroup(app, { kind: 'user', tag: 'feedback' });
  serveRoute(
    app,
    routes.feedback.send,
    { summary: "Send feedback (content required, contact optional; a few per hour), in the user's language" },
    (request) => feedback.send(requireUser(request).id, request.body, request.lang),
  );
  serveRoute(
    app,
    routes.feedback.mine,
    { summary: "The user's feedback, newest first, with the operators' replies" },
    (request) => feedback.mine(requireUser(request).id, request.query),
  );
}

export async function adminFeedbackRoutes(app: FastifyInstance, { feedback }: { feedback: FeedbackService }) {
  routeGroup(app, { kind: 'admin', tag: 'admin' });
  serveRoute(
    app,
    routes.feedback.adminList,
    { summary: 'Every user’s feedback (or only the unanswered), newest first' },
    (request) => feedback.adminList(request.query),
  );
  serveRoute(
    app,
    routes.feedback.adminReply,
    { summary: 'Reply to one feedback: the user sees it' },
    (request) => feedback.reply(request.body.id, request.body.reply),
  );
}
