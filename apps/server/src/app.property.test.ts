// Random malformed requests at every registered route: never a 5xx, and every /api answer is the
// JSON envelope with a numeric code (0 exactly for a 200).
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase, registerUser } from './test/harness';

const ADMIN = 'test-admin-token-0123456789';
const printable = (maxLength = 40) =>
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
    maxLength,
  });
const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const;

describeEachDatabase('every route under random input', (db) => {
  it('never answers 5xx and always answers the envelope', async () => {
    const t = await db.app();
    // Marks heard, so /api/ready answers as a process that can serve (its 503 is by design).
    await t.app.services.market.init();
    for (let i = 0; i < 3; i++) await t.app.services.market.step();
    const { token } = await registerUser(t);
    const routes = t.app.registeredRoutes;
    expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/app/auth/register',
        'GET /api/app/user/me',
        'POST /api/admin/users/freeze',
      ]),
    );

    const pathFor = (url: string, segment: string) =>
      url
        .split('/')
        .map((part) => (part.startsWith(':') || part === '*' ? segment : part))
        .join('/');

    const body = fc.oneof(
      fc.constant(undefined),
      fc.json(),
      printable(60),
      fc.anything().map((value) => {
        try {
          return JSON.stringify(value) ?? 'undefined';
        } catch {
          return '{}';
        }
      }),
      fc
        .record(
          {
            email: fc.oneof(fc.emailAddress(), printable(), fc.integer(), fc.constant(null)),
            password: fc.oneof(printable(), fc.constant('Secret123'), fc.array(fc.string())),
            code: fc.oneof(fc.stringMatching(/^\d{6}$/), printable()),
            scene: fc.oneof(fc.constantFrom('register', 'forgot'), printable()),
            language: fc.oneof(fc.constantFrom('zh-CN', 'en-US'), printable()),
            oldPassword: printable(),
            newPassword: printable(),
            inviteCode: fc.oneof(printable(), fc.constant(null)),
          },
          { requiredKeys: [] },
        )
        .map((value) => JSON.stringify(value)),
    );

    const request = fc.record({
      route: fc.constantFrom(...routes),
      // Mostly the route's own method, sometimes another one.
      method: fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.constantFrom(...methods) },
      ),
      segment: fc.oneof(
        fc.constant('1'),
        printable(20).map(encodeURIComponent),
        fc.constant('..%2f..%2fetc'),
      ),
      query: fc.oneof(
        fc.constant(''),
        fc.dictionary(printable(8), printable(12), { maxKeys: 4 }).map((q) => `?${new URLSearchParams(q)}`),
        printable(30).map((raw) => `?${raw.replace(/[#\s]/g, '')}`),
        fc.constantFrom('?page=-1', '?pageSize=99999', '?page=abc', '?_r=123', '?status=x&email=%'),
      ),
      contentType: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
        { weight: 1, arbitrary: fc.constant(undefined) },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/octet-stream',
            'application/json; charset=latin1',
          ),
        },
        { weight: 1, arbitrary: printable(30) },
      ),
      authorization: fc.option(
        fc.oneof(
          fc.constant(`Bearer ${token}`),
          fc.constant(`Bearer ${ADMIN}`),
          printable(40).map((value) => `Bearer ${value}`),
          printable(40),
        ),
        { nil: undefined },
      ),
      idempotencyKey: fc.option(fc.oneof(printable(300), fc.stringMatching(/^[a-z0-9-]{1,12}$/)), {
        nil: undefined,
      }),
      lang: fc.option(fc.oneof(fc.constantFrom('zh-CN', 'en-US', 'zh', 'fr'), printable(20)), {
        nil: undefined,
      }),
      acceptLanguage: fc.option(printable(30), { nil: undefined }),
      body,
    });

    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const method = r.method ?? (r.route.method as (typeof methods)[number]);
        const url = `${pathFor(r.route.url, r.segment)}${r.query}`;
        const headers: Record<string, string> = {};
        if (r.contentType !== undefined) headers['content-type'] = r.contentType;
        if (r.authorization !== undefined) headers.authorization = r.authorization;
        if (r.idempotencyKey !== undefined) headers['idempotency-key'] = r.idempotencyKey;
        if (r.lang !== undefined) headers['x-lang'] = r.lang;
        if (r.acceptLanguage !== undefined) headers['accept-language'] = r.acceptLanguage;
        const options: InjectOptions = { method, url, headers };
        if (r.body !== undefined && method !== 'HEAD') options.payload = r.body;

        const res = await t.app.inject(options);
        const context = `${method} ${url} ${JSON.stringify(headers)} ${String(r.body)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        expect(res.statusCode, context).toBeLessThan(500);

        const pathname = url.split('?')[0]!;
        const isDocs = pathname.startsWith('/api/docs');
        const isApi = pathname.startsWith('/api/');
        if (method === 'HEAD' || !(isApi || res.statusCode >= 400) || (isDocs && res.statusCode < 400))
          return;
        // The one route answering bytes: the database backup (its errors are in the envelope).
        if (pathname === '/api/admin/backup' && res.statusCode === 200) return;
        expect(res.headers['content-type'], context).toMatch(/^application\/json/);
        const envelope = res.json<{ code: unknown; msg?: unknown; reason?: unknown }>();
        expect(typeof envelope.code, context).toBe('number');
        expect(envelope.code, context).toBe(res.statusCode === 200 ? 0 : res.statusCode);
        if (envelope.code !== 0) {
          expect(typeof envelope.msg, context).toBe('string');
          expect(typeof envelope.reason, context).toBe('string');
        }
      }),
      { numRuns: 600 },
    );
  });
});
