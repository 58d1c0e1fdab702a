// The notification centre on the WebSocket: a notice stored (NOTICES_CHANNEL, sent on commit) is told
// to its owner's screens as a `notice` frame.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { NOTICES_CHANNEL } from '../../db/notifications';
import { noticeOfPayload } from './service';

export const noticesLive = fp(
  async (app: FastifyInstance, { db }: { db: Database }) => {
    await app.webSockets.onNotification(NOTICES_CHANNEL, (payload) => {
      void noticeOfPayload(db, payload)
        .then((stored) => {
          if (!stored) return;
          const { userId, ...notice } = stored;
          app.liveSessions.tell(userId, { type: 'notice', notice });
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'a notice was not told'));
    });
  },
  { name: 'notices-live', dependencies: ['websocket', 'account-live'] },
);
