// Readiness (/api/ready): 200 only while the process can serve, else 503 naming each failing part;
// the probes are not logged at info. A real server process whose PostgreSQL connection runs through
// a proxy the test cuts (refused, then silent) answers 503 within 5 s of each cut and 200 within 5 s
// of the return, and meanwhile its ordinary calls fail within seconds instead of hanging.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as routes from '@tradeflip/api/routes';
import { openScratchPostgres } from '../../db/scratch';
import { callRoute, describeEachDatabase, makeWebDist, testSettings } from '../../test/harness';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { TcpProxy } from '../../test/tcp-proxy';

describeEachDatabase('readiness', (db) => {
  it('is 503 naming the marks until one is heard, then 200; the database lagging migrations is named', async () => {
    const t = await db.app();
    const market = t.app.services.market;
    await market.init();
    const before = await callRoute(t.app, routes.health.ready, {});
    expect(before.status).toBe(503);
    expect(before.body).toEqual({
      code: 503,
      msg: 'Not ready',
      data: { status: 'unready', failing: { marks: 'no price mark heard yet since the start' } },
    });
    // Liveness stays 200 all along.
    expect((await callRoute(t.app, routes.health.health, {})).status).toBe(200);
    for (let i = 0; i < 3; i++) await market.step();
    const after = await callRoute(t.app, routes.health.ready, {});
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ code: 0, data: { status: 'ready', failing: {} } });

    // A database from before this build's last migration (restored from an old backup) is named.
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    await db.handle.db.execute(
      sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = ${newest}`,
    );
    try {
      // The database is asked at most twice a second: the next check names it.
      await vi.waitFor(
        async () => {
          const lagging = await callRoute(t.app, routes.health.ready, {});
          expect(lagging.status).toBe(503);
          expect(lagging.body.data.failing).toEqual({
            migrations: 'the database is behind this build’s migrations',
          });
        },
        { timeout: 3000, interval: 100 },
      );
    } finally {
      await db.handle.db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = created_at + 1 where created_at = ${newest}`,
      );
    }
    await vi.waitFor(async () => expect((await callRoute(t.app, routes.health.ready, {})).status).toBe(200), {
      timeout: 3000,
      interval: 100,
    });
  });

  it('answers a flood of probes with one database check at a time', async () => {
    const t = await db.app();
    await t.app.services.market.init();
    for (let i = 0; i < 3; i++) await t.app.services.market.step();
    const execute = vi.spyOn(db.handle.db, 'execute');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => callRoute(t.app, routes.health.ready, {})),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(100).fill(200));
    expect(execute.mock.calls.length).toBeLessThan(10);
    execute.mockRestore();
  });

  it('logs no info line for 50 probes, as it does for other requests', async () => {
    const lines: { level: number; msg: string; req?: { url: string } }[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as never);
    });
    const t = await db.app({ env: { LOG_LEVEL: 'info' }, logStream: stream });
    for (let i = 0; i < 25; i++) {
      await callRoute(t.app, routes.health.health, {});
      await callRoute(t.app, routes.health.ready, {});
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.filter((line) => line.level <= 30)).toEqual([]);
    // The capture works: any other call logs its request.
    await callRoute(t.app, routes.market.tickers, {});
    await vi.waitFor(() => expect(lines.filter((line) => line.level === 30).length).toBeGreaterThan(0));
  });
});

const settings = testSettings;
describe.runIf(Boolean(settings.databaseUrl) || settings.ci)(
  'readiness of a process cut from PostgreSQL',
  () => {
    let database: Awaited<ReturnType<typeof openScratchPostgres>>;
    let proxy: TcpProxy;
    let server: ServerProcess;
    let output = '';
    const log = { text: () => output };

    beforeAll(async () => {
      if (!settings.databaseUrl) throw new Error('CI=true but TEST_DATABASE_URL is not set');
      database = await openScratchPostgres(settings.databaseUrl, 'ready');
      const target = new URL(database.url);
      proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
      server = await startServerProcess(
        {
          DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'tf-ready-')),
          DATABASE_URL: proxy.urlFor(database.url),
          CHAINS: 'off',
          WEB_DIST: makeWebDist(),
          ADMIN_TOKEN: 'ready-test-admin-token-0123',
          MARKET_TICK_MS: '100',
          RATE_LIMIT_API_IP: 'off',
          LOG_LEVEL: 'warn',
        },
        { stdout: 'pipe' },
      );
      server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    }, 60_000);

    afterAll(async () => {
      await server?.kill();
      await proxy?.close();
      await database?.close();
    });

    const ready = async () => {
      const res = await fetch(`${server.url}/api/ready`, { signal: AbortSignal.timeout(4000) });
      return {
        status: res.status,
        body: (await res.json()) as { data: { failing: Record<string, string> } },
      };
    };
    /** Waits for /api/ready to answer `status`, within `ms` of now. */
    const readyBecomes = (status: number, ms: number) =>
      vi.waitFor(
        async () => {
          const answer = await ready();
          expect(answer.status, JSON.stringify(answer.body)).toBe(status);
          return answer;
        },
        { timeout: ms, interval: 100 },
      );
    /** An ordinary call that reads the database: a session looked up. */
    const ordinaryCall = async () => {
      const started = Date.now();
      const res = await fetch(`${server.url}/api/app/user/me`, {
        headers: { authorization: 'Bearer some-session-token-that-is-not-one' },
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await res.json()) as { reason?: string };
      return {
        status: res.status,
        reason: body.reason,
        retryAfter: res.headers.get('retry-after'),
        seconds: (Date.now() - started) / 1000,
      };
    };

    it('answers 503 within 5 s of a cut and 200 within 5 s of the return, refused or silent', async () => {
      await readyBecomes(200, 20_000);
      expect((await ordinaryCall()).status).toBe(401);

      await proxy.cut('refuse');
      const refused = await readyBecomes(503, 5000);
      // The public probe names no host, port or user; the operator's log has the driver's words.
      expect(refused.body.data.failing.database).toBe('unreachable');
      await vi.waitFor(() =>
        expect(
          log
            .text()
            .split('\n')
            .find((line) => line.includes('readiness: not ready')),
        ).toMatch(/ECONNREFUSED|terminated|closed/i),
      );
      // Liveness does not depend on the database.
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      // Nor do probes that carry a token (a balancer configured with a header, a signed-in browser):
      // it is not looked up, so the answer is the probe's own, in time.
      const signedIn = { authorization: 'Bearer some-session-token-that-is-not-one' };
      expect((await fetch(`${server.url}/api/health`, { headers: signedIn })).status).toBe(200);
      const started = Date.now();
      const withToken = await fetch(`${server.url}/api/ready`, {
        headers: signedIn,
        signal: AbortSignal.timeout(4000),
      });
      expect(withToken.status).toBe(503);
      expect(((await withToken.json()) as { data: unknown }).data).toMatchObject({
        failing: { database: 'unreachable' },
      });
      expect(Date.now() - started).toBeLessThan(2000);
      // Nothing was done and the caller may try again: a 503 in the caller's words, not a 500.
      const refusedCall = await ordinaryCall();
      expect(refusedCall).toMatchObject({ status: 503, reason: 'unavailable', retryAfter: '5' });
      await proxy.restore();
      await readyBecomes(200, 5000);

      await proxy.cut('silent');
      await readyBecomes(503, 5000);
      // Its connections dropped, then new ones never answered: the probe's own deadline.
      await vi.waitFor(
        async () => expect((await ready()).body.data.failing.database).toBe('no answer within 1 s'),
        { timeout: 5000, interval: 100 },
      );
      // The pool gives up connecting (5 s): a 503, not a call hanging until the client goes.
      const during = await ordinaryCall();
      expect(during.status).toBe(503);
      expect(during.seconds).toBeLessThan(12);
      await proxy.restore();
      await readyBecomes(200, 5000);
      expect((await ordinaryCall()).status).toBe(401);
    }, 90_000);
  },
);
