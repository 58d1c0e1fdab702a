// The internal listener (METRICS_HOST:METRICS_PORT, loopback by default): Prometheus's /metrics,
// and the probes /health (liveness) and /ready (the app's readiness, as /api/ready answers it), so
// a worker, which opens no public port, can still be probed and supervised. A bare node:http
// server, apart from the public port, so the figures never reach the internet and a scrape or probe
// never queues behind the players' requests or their rate limits.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { readinessAnswer, type Readiness } from '../health/readiness';
import type { Metrics } from './metrics';

export interface MetricsListener {
  /** Where Prometheus scrapes, e.g. http://127.0.0.1:9464/metrics. */
  url: string;
  close(): Promise<void>;
}

type Response = http.ServerResponse;

function json(response: Response, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

export async function listenForMetrics(
  serves: { metrics: Metrics; readiness: Readiness },
  at: { host: string; port: number },
  log: { warn(obj: object, msg: string): void },
): Promise<MetricsListener> {
  const { metrics, readiness } = serves;
  const failed = (response: Response, what: string) => (error: unknown) => {
    log.warn({ err: error }, `metrics listener: ${what} failed`);
    response.writeHead(500, { 'content-type': 'text/plain' }).end(`The ${what} could not be answered\n`);
  };
  const server = http.createServer((request, response) => {
    const path = request.method === 'GET' ? request.url?.split('?')[0] : undefined;
    if (path === '/metrics') {
      metrics
        .text()
        .then(
          (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
          failed(response, 'scrape'),
        );
    } else if (path === '/health') {
      json(response, 200, { status: 'ok' });
    } else if (path === '/ready') {
      readiness.failing().then(
        (failing) => {
          const { status, body } = readinessAnswer(failing);
          json(response, status, body);
        },
        failed(response, 'readiness probe'),
      );
    } else {
      response
        .writeHead(404, { 'content-type': 'text/plain' })
        .end('Not found: GET /metrics, /health or /ready\n');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Serves the app's metrics and probes when METRICS_PORT is set, until the app closes; answers where
 * (undefined when off). Call before the app is ready (it adds the app's onClose hook).
 */
export async function serveMetrics(
  app: FastifyInstance,
  config: Pick<Config, 'metrics'>,
): Promise<string | undefined> {
  if (!app.metrics || !config.metrics) return undefined;
  const serves = { metrics: app.metrics, readiness: app.services.readiness };
  const listener = await listenForMetrics(serves, config.metrics, app.log);
  app.addHook('onClose', () => listener.close());
  return listener.url;
}
