// The HTTP surface: the envelope for every kind of bad input, the web app, docs and headers.
import { createHash } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { PASSWORD, call, describeEachDatabase, registerUser, uniqueEmail } from './test/harness';

describeEachDatabase('app', (db, target) => {
  describe('envelope for bad requests', () => {
    it('answers malformed JSON with 400', async () => {
      const t = await db.app();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/app/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": "a@b.co", ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 400,
        reason: 'bad_request',
        msg: 'The request body is not valid JSON',
      });
      const zh = await t.app.inject({
        method: 'POST',
        url: '/api/app/auth/login',
        headers: { 'content-type': 'application/json', 'x-lang': 'zh-CN' },
        payload: 'nope',
      });
      expect(zh.json()).toMatchObject({ code: 400, msg: '请求体不是有效的 JSON' });
    });

    it('answers wrong types with a validation error', async () => {
      const t = await db.app();
      const res = await call(t.app, 'POST', '/api/app/auth/login', { body: { email: 42, password: ['x'] } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ reason: 'validation', msg: 'Please enter your email' });
      expect(res.body.data!.fields).toEqual({
        email: 'Please enter your email',
        password: 'Please enter your password',
      });
      for (const payload of ['[]', '"text"', '123', 'null', 'true']) {
        const odd = await t.app.inject({
          method: 'POST',
          url: '/api/app/auth/login',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(odd.statusCode).toBe(400);
        expect(odd.json()).toMatchObject({ code: 400, reason: 'validation', msg: 'The request is invalid' });
      }
      const missing = await t.app.inject({ method: 'POST', url: '/api/app/auth/login' });
      expect(missing.json()).toMatchObject({ code: 400, reason: 'validation' });
    });

    it('answers other content types with 415', async () => {
      const t = await db.app();
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/app/auth/login',
          headers: { 'content-type': type },
          payload: 'email=a@b.co',
        });
        expect(res.statusCode).toBe(415);
        expect(res.json()).toEqual({
          code: 415,
          reason: 'unsupported_media_type',
          msg: 'Unsupported content type',
        });
      }
    });

    it('answers an oversized body with 413', async () => {
      const t = await db.app({ env: { BODY_LIMIT: '2048' } });
      const res = await call(t.app, 'POST', '/api/app/auth/login', {
        body: { email: uniqueEmail(), password: 'x'.repeat(4096) },
      });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        code: 413,
        reason: 'payload_too_large',
        msg: 'The request body is too large',
      });
    });

    it('answers unknown API routes with 404 and wrong methods with 405', async () => {
      const t = await db.app();
      const unknown = await call(t.app, 'GET', '/api/app/nothing-here?x=1');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({
        code: 404,
        reason: 'not_found',
        msg: 'No such API: GET /api/app/nothing-here',
      });
      const wrongMethod = await call(t.app, 'DELETE', '/api/app/user/me');
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.allow).toBe('GET, HEAD');
      expect(wrongMethod.body).toMatchObject({ reason: 'method_not_allowed' });
      const post = await call(t.app, 'GET', '/api/app/auth/login');
      expect(post.status).toBe(405);
      const nonApi = await call(t.app, 'POST', '/pages/login/index');
      expect(nonApi.status).toBe(404);
    });

    it('never shows internals in a 5xx', async () => {
      const t = await db.app({
        extend(app) {
          app.get('/api/test/crash', async () => {
            throw new Error('secret database detail');
          });
          app.get('/api/test/teapot', async () => {
            throw new AppError(409, 'conflict', 'errors.forbidden');
          });
        },
      });
      const res = await call(t.app, 'GET', '/api/test/crash');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ code: 500, reason: 'internal', msg: 'Server busy. Try again later' });
      expect(JSON.stringify(res.body)).not.toContain('secret');
      const zh = await call(t.app, 'GET', '/api/test/crash', { headers: { 'accept-language': 'zh-CN' } });
      expect(zh.body.msg).toBe('服务器繁忙，请稍后再试');
      expect((await call(t.app, 'GET', '/api/test/teapot')).body).toEqual({
        code: 409,
        reason: 'conflict',
        msg: 'Not allowed',
      });
    });

    it('answers unparseable HTTP with the envelope too', async () => {
      const t = await db.app();
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as AddressInfo;
      const raw = (text: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
          let answer = '';
          socket.on('data', (chunk) => (answer += chunk.toString()));
          socket.on('end', () => resolve(answer));
          socket.on('error', reject);
        });
      const garbage = await raw('NOT HTTP AT ALL\r\n\r\n');
      expect(garbage).toMatch(/^HTTP\/1.1 400 /);
      expect(JSON.parse(garbage.split('\r\n\r\n')[1]!)).toEqual({
        code: 400,
        msg: 'The request is invalid',
        reason: 'bad_request',
      });
      const huge = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20000)}\r\n\r\n`);
      expect(huge).toMatch(/^HTTP\/1.1 431 /);
    });

    it('limits all API calls per IP when configured (but the health check)', async () => {
      const t = await db.app({ env: { RATE_LIMIT_API_IP: '3/60' } });
      const tickers = (ip: string) => call(t.app, 'GET', '/api/app/market/tickers', { ip });
      for (let i = 0; i < 3; i++) expect((await tickers('10.9.0.1')).status).toBe(200);
      const limited = await tickers('10.9.0.1');
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({
        reason: 'rate_limited',
        // (The market's first answer loads it: a second or two of the window has passed.)
        msg: expect.stringMatching(/^Too many requests\. Try again in (5\d|60)s\.$/),
      });
      expect((await tickers('10.9.0.2')).status).toBe(200);
      expect((await call(t.app, 'GET', '/api/health', { ip: '10.9.0.1' })).status).toBe(200);
      expect((await t.app.inject({ url: '/', remoteAddress: '10.9.0.1' })).statusCode).toBe(200);
    });
  });

  describe('operations', () => {
    it('answers health', async () => {
      const t = await db.app();
      const res = await call(t.app, 'GET', '/api/health');
      expect(res.body).toEqual({
        code: 0,
        data: { status: 'ok', database: target.name, time: t.clock.now().toISOString() },
      });
      expect(res.headers['x-request-id']).toBeTruthy();
      const traced = await call(t.app, 'GET', '/api/health', { headers: { 'x-request-id': 'req-123' } });
      expect(traced.headers['x-request-id']).toBe('req-123');
    });

    it('guards the admin API with the admin credential, not a user session', async () => {
      const t = await db.app();
      const { token, email } = await registerUser(t);
      const asUser = await call(t.app, 'GET', '/api/admin/users', { token });
      expect(asUser.status).toBe(401);
      expect((await call(t.app, 'GET', '/api/admin/users')).status).toBe(401);
      const asAdmin = await call(t.app, 'GET', `/api/admin/users?email=${encodeURIComponent(email)}`, {
        token: 'test-admin-token-0123456789',
      });
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.body.data).toMatchObject({
        total: 1,
        page: 1,
        pageSize: 20,
        list: [{ email, status: 'active' }],
      });
      const missing = await call(t.app, 'POST', '/api/admin/users/freeze', {
        body: { email: uniqueEmail() },
        token: 'test-admin-token-0123456789',
      });
      expect(missing.status).toBe(404);

      const off = await db.app({ adminToken: '' });
      expect((await call(off.app, 'GET', '/api/admin/users', { token: 'anything' })).body.reason).toBe(
        'forbidden',
      );
    });

    it('filters and pages the user list', async () => {
      const t = await db.app();
      const label = `page${Date.now().toString(36)}`;
      for (let i = 0; i < 3; i++) await registerUser(t, uniqueEmail(label));
      const admin = { token: 'test-admin-token-0123456789' };
      const page = await call(t.app, 'GET', `/api/admin/users?email=${label}&pageSize=2&page=2`, admin);
      expect(page.body.data).toMatchObject({ total: 3, page: 2, pageSize: 2 });
      expect((page.body.data as { list: unknown[] }).list).toHaveLength(1);
      const frozen = await call(t.app, 'GET', `/api/admin/users?email=${label}&status=frozen`, admin);
      expect(frozen.body.data).toMatchObject({ total: 0 });
      const bad = await call(t.app, 'GET', '/api/admin/users?pageSize=1000', admin);
      expect(bad.status).toBe(400);
      expect(bad.body.data!.fields).toHaveProperty('pageSize');
    });
  });

  describe('web app', () => {
    it('serves files, hashed assets for good and the rest revalidated', async () => {
      const t = await db.app();
      const index = await t.app.inject({ url: '/' });
      expect(index.statusCode).toBe(200);
      expect(index.headers['content-type']).toMatch(/^text\/html/);
      expect(index.headers['cache-control']).toBe('no-cache');
      expect(index.body).toContain('<div id="root">');
      const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const file of ['/sw.js', '/manifest.webmanifest']) {
        const res = await t.app.inject({ url: file });
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      const compressed = await t.app.inject({
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(compressed.headers['content-encoding']).toBe('gzip');
    });

    it('answers the SPA’s routes with index.html and missing files with 404', async () => {
      const t = await db.app();
      for (const route of [
        '/pages/login/index',
        '/pages/wallet/depositDetail?id=3',
        '/pages/index/index',
        '/anything',
      ]) {
        const res = await t.app.inject({ url: route });
        expect(res.statusCode, route).toBe(200);
        expect(res.body).toContain('<div id="root">');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      const missing = await t.app.inject({ url: '/assets/gone-123.js' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 404, reason: 'not_found' });
    });

    it('sends a CSP that allows the app’s own scripts, its inline boot script and inline styles', async () => {
      const t = await db.app();
      const res = await t.app.inject({ url: '/' });
      const csp = String(res.headers['content-security-policy']);
      const inlineHash = createHash('sha256').update('window.__boot=1').digest('base64');
      expect(csp).toContain(`script-src 'self' 'sha256-${inlineHash}'`);
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });

    it('explains at / that the web app is not built when WEB_DIST has no build', async () => {
      const t = await db.app({ env: { WEB_DIST: '/nonexistent/tradeflip-web-dist' } });
      const res = await t.app.inject({ url: '/' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toContain('the web app has not been built');
      expect((await t.app.inject({ url: '/pages/login/index' })).statusCode).toBe(503);
      expect((await call(t.app, 'GET', '/api/health')).status).toBe(200);
    });

    it('serves OpenAPI generated from the schemas at /api/docs', async () => {
      const t = await db.app();
      const ui = await t.app.inject({ url: '/api/docs' });
      expect(ui.statusCode).toBeLessThan(400);
      const spec = await t.app.inject({ url: '/api/docs/json' });
      expect(spec.statusCode).toBe(200);
      const doc = spec.json<{
        openapi: string;
        paths: Record<string, Record<string, { requestBody?: unknown }>>;
      }>();
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/api/app/auth/code',
          '/api/app/auth/register',
          '/api/app/auth/login',
          '/api/app/auth/forgot',
          '/api/app/auth/logout',
          '/api/app/user/me',
          '/api/app/user/password',
          '/api/app/user/me/lang',
        ]),
      );
      // The app's routes only: the operator's may listen apart (ADMIN_PORT), out of the public's sight.
      expect(Object.keys(doc.paths).filter((url) => url.startsWith('/api/admin'))).toEqual([]);
      expect(JSON.stringify(doc.paths['/api/app/auth/register']!.post!.requestBody)).toContain('inviteCode');
      expect(doc.paths['/']).toBeUndefined();
    });
  });

  it('runs the whole journey: register, sign in, language, password, sign out', async () => {
    const t = await db.app();
    const email = uniqueEmail();
    const { token } = await registerUser(t, email);
    await call(t.app, 'POST', '/api/app/user/me/lang', { token, body: { language: 'zh-CN' } });
    const changed = await call(t.app, 'POST', '/api/app/user/password', {
      token,
      body: { oldPassword: PASSWORD, newPassword: 'Journey2024' },
    });
    const fresh = (changed.body.data as { token: string }).token;
    await call(t.app, 'POST', '/api/app/auth/logout', { token: fresh });
    const login = await call(t.app, 'POST', '/api/app/auth/login', {
      body: { email, password: 'Journey2024' },
    });
    expect(login.body.data).toMatchObject({ user: { email, language: 'zh-CN' } });
  });
});
