// The game's notice on the WebSocket: a position opened, changed or closed (POSITIONS_CHANNEL, sent on
// commit) is told to its owner's screens (app.liveSessions, the account's), with what became of it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { POSITIONS_CHANNEL } from '../../db/notifications';
import { GameService } from './service';

export const gameLive = fp(
  async (app: FastifyInstance) => {
    await app.webSockets.onNotification(POSITIONS_CHANNEL, (payload) => {
      const notice = GameService.notice(payload);
      if (notice) app.liveSessions.tell(notice.userId, notice.message);
    });
  },
  { name: 'game-live', dependencies: ['websocket', 'account-live'] },
);
