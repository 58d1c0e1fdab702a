// The WebSocket clients of bench-plays.ts, in a worker thread (as bench-ws-clients.mjs: the clients
// parse on the second core, so the server's event loop is measured alone). Each subscribes to one
// channel (`tickers` or `plays`) and counts the frames it receives.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { url, clients, channel, frameType } = workerData;
let frames = 0;
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
      else if (message.type === frameType) frames += 1;
    });
  });
  socket.send(JSON.stringify({ op: 'subscribe', channel }));
  await subscribed;
  sockets.push(socket);
}
parentPort.postMessage({ ready: true });
parentPort.on('message', (message) => {
  if (message === 'count') {
    parentPort.postMessage({ frames });
    return;
  }
  for (const socket of sockets) socket.terminate();
  parentPort.postMessage({ frames });
});
