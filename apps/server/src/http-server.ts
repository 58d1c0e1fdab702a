// The Node HTTP server under Fastify, with limits for slow and greedy clients (issue 8, defect 2):
// a request's headers and the whole request must arrive in time, idle keep-alive connections
// close, and one address cannot hold more than its share of connections (file descriptors), so
// a client that trickles bytes or opens sockets by the hundred cannot stop others being served.
// Node's `headersTimeout` / `requestTimeout` are set, but they are not enough alone: on Node 20
// its periodic check stops closing anything once some connection closed before sending a request
// (seen here: a client that connects and hangs up at once leaves every trickling connection open
// for good). So each connection also carries its own deadline, and the per-address count is ours
// too, since no option of Node or Fastify counts connections per address.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerFactory } from 'fastify';
import type { Config } from './config';

type Limits = Pick<
  Config,
  'requestTimeoutMs' | 'headersTimeoutMs' | 'keepAliveTimeoutMs' | 'maxConnectionsPerIp'
>;

export function httpServerFactory(limits: Limits): FastifyServerFactory {
  return (handler) => {
    const server = http.createServer(
      {
        requestTimeout: limits.requestTimeoutMs,
        headersTimeout: limits.headersTimeoutMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        // Node looks for requests past those times on this interval (30 s by default).
        connectionsCheckingInterval: Math.max(100, Math.min(1000, limits.headersTimeoutMs / 2)),
      },
      handler,
    );
    if (limits.maxConnectionsPerIp > 0) limitConnectionsPerAddress(server, limits.maxConnectionsPerIp);
    enforceDeadlines(server, limits);
    return server;
  };
}

function limitConnectionsPerAddress(server: http.Server, max: number) {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

const TIMED_OUT_BODY = JSON.stringify({
  code: 408,
  msg: 'The request took too long to arrive',
  reason: 'timeout',
});
const TIMED_OUT =
  'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
  `Content-Length: ${Buffer.byteLength(TIMED_OUT_BODY)}\r\n\r\n${TIMED_OUT_BODY}`;

/**
 * A request's headers must arrive within headersTimeout of the connection's start (or of the end
 * of the previous answer on a kept-alive connection), and its body within requestTimeout of the
 * headers; otherwise the connection closes.
 */
function enforceDeadlines(server: http.Server, limits: Limits) {
  const deadlines = new WeakMap<Socket, NodeJS.Timeout>();
  const arm = (socket: Socket, ms: number, onExpiry: () => void) => {
    clearTimeout(deadlines.get(socket));
    deadlines.set(socket, setTimeout(onExpiry, ms).unref());
  };
  const awaitHeaders = (socket: Socket) =>
    arm(socket, limits.headersTimeoutMs, () => {
      // Closed from this side once the 408 is out: a client that never reads would keep a
      // half-closed socket open.
      if (socket.writable) socket.end(TIMED_OUT, () => socket.destroy());
      else socket.destroy();
    });
  server.on('connection', (socket: Socket) => {
    awaitHeaders(socket);
    socket.once('close', () => clearTimeout(deadlines.get(socket)));
  });
  // An upgrade (the WebSocket /api/ws) never emits `request`: its headers have arrived, and the
  // connection is the socket's from now on (which pings its clients), so no deadline stays on it.
  server.on('upgrade', (request: http.IncomingMessage) => clearTimeout(deadlines.get(request.socket)));
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    const socket = request.socket;
    // Only the arrival is timed: a request received in full may take its handler longer.
    arm(socket, limits.requestTimeoutMs, () => {
      if (!request.complete) socket.destroy();
    });
    response.once('finish', () => {
      if (!socket.destroyed) awaitHeaders(socket);
    });
  });
}
