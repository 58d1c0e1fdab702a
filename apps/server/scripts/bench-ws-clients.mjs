// The WebSocket clients of bench-market.ts, in a worker thread: they parse frames on the second core,
// as browsers would on their own machines, so the server's event loop is measured alone. Each client
// subscribes to tickers and records, for every tick in every frame, now minus the tick's time (the
// same clock: one process). Plain JS so the worker needs no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { url, clients } = workerData;
const latencies = [];
const sockets = [];
for (let i = 0; i < clients; i++) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const subscribed = new Promise((resolve) => {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'subscribed') resolve();
      else if (message.type === 'ticks') {
        const now = Date.now();
        for (const tick of message.list) latencies.push(now - tick.time);
      }
    });
  });
  socket.send(JSON.stringify({ op: 'subscribe', channel: 'tickers' }));
  await subscribed;
  sockets.push(socket);
}
parentPort.postMessage({ ready: true });
parentPort.on('message', () => {
  for (const socket of sockets) socket.terminate();
  parentPort.postMessage({ latencies });
});
