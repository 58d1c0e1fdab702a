// The ledger's notice on the WebSocket: after each commit whose balances moved, the ledger notifies
// whose (BALANCES_CHANNEL); those users' screens are told (app.liveSessions, the account's), and refetch.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BALANCES_CHANNEL } from '../../db/notifications';

export const ledgerLive = fp(
  async (app: FastifyInstance) => {
    await app.webSockets.onNotification(BALANCES_CHANNEL, (payload) => {
      if (/^\d+$/.test(payload)) app.liveSessions.tell(Number(payload), { type: 'balances' });
    });
  },
  { name: 'ledger-live', dependencies: ['websocket', 'account-live'] },
);
