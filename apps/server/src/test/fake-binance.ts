// A local stand-in for Binance's public combined aggTrade stream (no test touches the internet).
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/** A stand-in for wss://stream.binance.com:9443/stream: records what was asked, sends what we say. */
export class FakeBinance {
  readonly server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  readonly requests: string[] = [];
  sockets: WebSocket[] = [];
  constructor() {
    this.server.on('connection', (socket, request) => {
      this.requests.push(request.url ?? '');
      this.sockets.push(socket);
    });
  }
  get url() {
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/stream`;
  }
  get current(): WebSocket | undefined {
    return this.sockets.at(-1);
  }
  trade(symbol: string, price: string, quantity: string) {
    this.current!.send(
      JSON.stringify({
        stream: `${symbol.toLowerCase()}@aggTrade`,
        data: {
          e: 'aggTrade',
          E: 1,
          s: symbol,
          a: 1,
          p: price,
          q: quantity,
          f: 1,
          l: 1,
          T: 1,
          m: true,
          M: true,
        },
      }),
    );
  }
  close() {
    for (const socket of this.sockets) socket.terminate();
    return new Promise((resolve) => this.server.close(resolve));
  }
}
