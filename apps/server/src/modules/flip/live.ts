// Lightning Flip's notice on the WebSocket: a flip opened or settled (FLIPS_CHANNEL, sent on commit)
// is told to its owner's screens.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FLIPS_CHANNEL } from '../../db/notifications';
import { flipNotices } from './notice';

export const flipLive = fp(
  async (app: FastifyInstance) => {
    await app.webSockets.onNotification(FLIPS_CHANNEL, (payload) => {
      for (const notice of flipNotices(payload)) app.liveSessions.tell(notice.userId, notice.message);
    });
  },
  { name: 'flip-live', dependencies: ['websocket', 'account-live'] },
);
