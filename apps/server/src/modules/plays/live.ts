// The live plays feed on the WebSocket: the public channel `plays` (no sign-in). Its first frame, at
// once after `subscribed`, is the newest plays as they are; then every list the builder publishes.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PlaysService } from './service';

export const playsLive = fp<{ plays: PlaysService }>(
  async (app: FastifyInstance, { plays }) => {
    const hub = app.webSockets;
    hub.channel('plays', {
      key: () => 'plays',
      welcome: async () => ({ type: 'plays', list: await plays.current() }),
    });
    const stop = plays.onPlays((list) => hub.broadcast('plays', { type: 'plays', list }));
    app.addHook('onClose', async () => {
      stop();
      await plays.detach();
    });
  },
  { name: 'plays-live', dependencies: ['websocket'] },
);
