// The WebSocket clients of bench-notices.ts, in a worker thread (the server's event loop is measured
// alone): each signs in with its player's session, subscribes to the user channel, and records when
// its first `notice` frame arrives. Plain JS so the worker needs no TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const { url, tokens } = workerData;
const arrivals = [];
const sockets = [];
for (const token of tokens) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let told = false;
  const subscribed = new Promise((resolve, reject) => {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'error') reject(new Error(`the server refused a client: ${String(data)}`));
      else if (message.type === 'authed') socket.send(JSON.stringify({ op: 'subscribe', channel: 'user' }));
      else if (message.type === 'subscribed') resolve();
      else if (message.type === 'notice' && !told) {
        told = true;
        arrivals.push(Date.now());
        if (arrivals.length === tokens.length) parentPort.postMessage({ all: true });
      }
    });
  });
  socket.send(JSON.stringify({ op: 'auth', token }));
  await subscribed;
  sockets.push(socket);
}
parentPort.postMessage({ ready: true });
parentPort.on('message', () => {
  for (const socket of sockets) socket.terminate();
  parentPort.postMessage({ arrivals });
});
