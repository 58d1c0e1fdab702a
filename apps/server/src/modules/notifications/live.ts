// The notification centre on the WebSocket: a notice stored (NOTICES_CHANNEL, sent on commit) is told
// to its owner's screens as a `notice` frame naming it (the app then asks for the unread ones), from
// the payload alone: nothing is read for it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NOTICES_CHANNEL } from '../../db/notifications';
import { noticeHint } from './service';

export const noticesLive = fp(
  async (app: FastifyInstance) => {
    await app.webSockets.onNotification(NOTICES_CHANNEL, (payload) => {
      const told = noticeHint(payload);
      if (told) app.liveSessions.tell(told.userId, { type: 'notice', id: told.id });
    });
  },
  { name: 'notices-live', dependencies: ['websocket', 'account-live'] },
);
