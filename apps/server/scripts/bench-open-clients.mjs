// The HTTP clients of bench-game.ts's opens figure, in a worker thread (the second core), so the
// server's event loop is measured alone: one loop per user, each opening a position after the other
// for the given seconds. Plain JS so the worker needs no TypeScript loader.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { base, tokens, seconds } = workerData;
const latencies = [];
let refused = 0;
const until = Date.now() + seconds * 1000;
const started = performance.now();
await Promise.all(
  tokens.map(async (token) => {
    while (Date.now() < until) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/app/game/open`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ symbol: 'BTCUSDT', side: 'long', margin: '1', leverage: 10 }),
      });
      const body = await res.json();
      latencies.push(performance.now() - t0);
      if (body.code !== 0) refused += 1;
    }
  }),
);
parentPort.postMessage({ latencies, refused, elapsed: (performance.now() - started) / 1000 });
