// The HTTP clients of bench-game.ts's and bench-flip.ts's opens figures (`path` and `body`: what one
// open posts; the contract game's by default), in a worker thread (the second core), so the
// server's event loop is measured alone. Two ways to load it:
// - `rate` unset: one loop per user, each opening a position as soon as the last one answered (the
//   most the server does: its opens per second);
// - `rate` set: the users together open `rate` positions a second on a fixed schedule whatever the
//   answers (each user every users/rate seconds): the latency a player meets at that load, timed
//   from when the open was due, so a slow answer is not hidden by the next open waiting for it.
// Plain JS so the worker needs no TypeScript loader.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';

const {
  base,
  tokens,
  seconds,
  rate,
  path = '/api/app/game/open',
  body = { symbol: 'BTCUSDT', side: 'long', margin: '1', leverage: 10 },
} = workerData;
const latencies = [];
let refused = 0;
const open = async (token) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  if (answer.code !== 0) refused += 1;
};
const started = performance.now();
const until = started + seconds * 1000;
if (!rate) {
  await Promise.all(
    tokens.map(async (token) => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await open(token);
        latencies.push(performance.now() - t0);
      }
    }),
  );
} else {
  const every = (tokens.length / rate) * 1000;
  const pending = [];
  await Promise.all(
    tokens.map(async (token, n) => {
      for (let due = started + (every * n) / tokens.length; due < until; due += every) {
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        pending.push(open(token).then(() => latencies.push(performance.now() - due)));
      }
    }),
  );
  await Promise.all(pending);
}
parentPort.postMessage({ latencies, refused, elapsed: (performance.now() - started) / 1000 });
