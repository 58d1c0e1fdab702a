// Tests only: a WebSocket client of /api/ws that keeps every frame it receives and waits for one.
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import type { WsServerMessage } from '@tradeflip/api';

/** Starts the app listening on a free local port; answers its socket URL. */
export async function listenForSockets(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/ws`;
}

/** A client that keeps every message it receives, in order. */
export class Listener {
  readonly messages: WsServerMessage[] = [];
  private waiters: (() => void)[] = [];
  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as WsServerMessage);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }
  static async open(url: string, headers: Record<string, string> = {}): Promise<Listener> {
    const socket = new WebSocket(url, { headers });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return new Listener(socket);
  }
  send(message: unknown) {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }
  /** Waits until a message matches (up to 5 s). */
  async next(match: (m: WsServerMessage) => boolean): Promise<WsServerMessage> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = this.messages.find(match);
      if (found) {
        this.messages.splice(this.messages.indexOf(found), 1);
        return found;
      }
      if (Date.now() > deadline) throw new Error(`no matching message; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }
  /** Signs in with a session and joins its user's channel; answers the `subscribed` frame. */
  async joinUserChannel(token: string) {
    this.send({ op: 'auth', token });
    await this.next((m) => m.type === 'authed');
    this.send({ op: 'subscribe', channel: 'user' });
    return this.next((m) => m.type === 'subscribed');
  }
  close() {
    this.socket.close();
  }
}
