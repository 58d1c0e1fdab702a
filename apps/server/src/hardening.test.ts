// Issue 8's defects at the HTTP edge: control characters in request data (a NUL byte used to reach
// the database and answer 500, with the statement and its parameters in the log), API answers a
// browser or proxy could keep (no Cache-Control), slow clients holding connections forever, and
// refusals for rate that left the connection open.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountXpubOf } from './chain/hd';
import {
  ADMIN_TOKEN,
  PASSWORD,
  adminCall,
  call,
  describeEachDatabase,
  expectFieldRefused,
  registerUser,
  uniqueEmail,
} from './test/harness';

const NUL = 'a\u0000b';

describeEachDatabase('hardening', (db) => {
  describe('control characters', () => {
    it('refuses a NUL byte in fields that used to reach the database, in the caller’s language', async () => {
      const t = await db.app();
      const user = await registerUser(t);
      const email = uniqueEmail();
      await call(t.app, 'POST', '/api/app/auth/code', { body: { email, scene: 'register' } });
      const register = await call(t.app, 'POST', '/api/app/auth/register', {
        headers: { 'x-lang': 'zh-CN' },
        body: { email, code: t.mailer.lastCode(email), password: PASSWORD, inviteCode: NUL },
      });
      expectFieldRefused(register, 'validation', 'inviteCode', 'inviteCode 包含不允许的字符');

      const refused = [
        await adminCall(t.app, 'POST', '/api/admin/balances/adjust', {
          body: { email: user.email, token: 'USDT', amount: '1', reason: NUL },
        }),
        await adminCall(t.app, 'POST', '/api/admin/airdrop', {
          body: { token: 'USDT', amount: '1', emails: [user.email], memo: NUL },
        }),
        await adminCall(t.app, 'POST', '/api/admin/vault/fund', {
          body: { token: 'USDT', amount: '1', memo: NUL },
        }),
        await adminCall(t.app, 'GET', '/api/admin/users?email=a%00b'),
        await call(t.app, 'GET', '/api/app/asset/flows?token=a%00b', { token: user.token }),
        await call(t.app, 'POST', '/api/app/auth/login', { body: { email: user.email, password: NUL } }),
      ];
      for (const res of refused) {
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.reason).toBe('validation');
        expect(res.body.msg).toMatch(/contains characters that are not allowed$/);
      }
      // Nothing moved: the user's balance is untouched.
      const ledger = await adminCall(
        t.app,
        'GET',
        `/api/admin/ledger?email=${encodeURIComponent(user.email)}`,
      );
      expect(ledger.body.data!.list).toEqual([]);
    });

    it('never answers 5xx to a NUL, or another control character, in any field of any route', async () => {
      const t = await db.app();
      // Marks heard, so /api/ready answers as a process that can serve (its 503 is by design).
      await t.app.services.market.init();
      for (let i = 0; i < 3; i++) await t.app.services.market.step();
      const user = await registerUser(t);
      const fieldNames = [
        'email',
        'password',
        'code',
        'scene',
        'inviteCode',
        'oldPassword',
        'newPassword',
        'language',
        'token',
        'network',
        'address',
        'amount',
        'reason',
        'memo',
        'id',
        'emails',
        'content',
        'contact',
      ];
      const routes = t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
      expect(routes.length).toBeGreaterThan(30);
      for (const control of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085']) {
        const body = Object.fromEntries(fieldNames.map((name) => [name, `x${control}y`]));
        const query = fieldNames.map((name) => `${name}=x${encodeURIComponent(control)}y`).join('&');
        for (const route of routes) {
          const url = route.url.replace(/:\w+|\*/g, 'x');
          for (const auth of [user.token, ADMIN_TOKEN]) {
            const res = await t.app.inject({
              method: route.method as 'GET',
              url: `${url}?${query}`,
              headers: { authorization: `Bearer ${auth}` },
              ...(route.method === 'GET' ? {} : { payload: body }),
            });
            expect(res.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
          }
        }
      }
    });

    it('refuses text that reads otherwise than written (bidi overrides) and broken characters, as control characters', async () => {
      const t = await db.app();
      const user = await registerUser(t);
      for (const content of ['a\uD800b', 'a\uDC00b', '\u202Egnp.exe', 'x\u2066y']) {
        const res = await call(t.app, 'POST', '/api/app/feedback', { token: user.token, body: { content } });
        expectFieldRefused(res, 'validation', 'content', 'content contains characters that are not allowed');
      }
      // A whole character beyond the BMP (a surrogate pair) and plain right-to-left text are fine.
      const fine = await call(t.app, 'POST', '/api/app/feedback', {
        token: user.token,
        body: { content: 'good 👍 שלום' },
      });
      expect(fine.status, JSON.stringify(fine.body)).toBe(200);
      const mine = await call(t.app, 'GET', '/api/app/feedback', { token: user.token });
      const list = (mine.body.data as { list: { content: string }[] }).list;
      expect(list.map((item) => item.content)).toEqual(['good 👍 שלום']);
    });

    it('keeps multi-line text: tabs and line breaks are not control characters to refuse', async () => {
      const t = await db.app();
      const user = await registerUser(t);
      const res = await adminCall(t.app, 'POST', '/api/admin/balances/adjust', {
        body: { email: user.email, token: 'USDT', amount: '2', reason: 'line one\nline two\tend' },
      });
      expect(res.status).toBe(200);
    });

    it('logs a failed query without its statement or parameters', async () => {
      const lines: string[] = [];
      const stream = new PassThrough();
      stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
      const t = await db.app({
        env: { LOG_LEVEL: 'info' },
        logStream: stream,
        extend(app) {
          app.get('/api/test/bad-query', async () => {
            await db.handle.db.execute(sql`select ${'secret-param-value'}::int as n`);
            return { code: 0 };
          });
        },
      });
      const res = await call(t.app, 'GET', '/api/test/bad-query');
      expect(res.status).toBe(500);
      const failure = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((l) => l.err);
      expect(failure).toBeDefined();
      expect(JSON.stringify(failure)).not.toContain('secret-param-value');
      expect(JSON.stringify(failure)).not.toMatch(/select/i);
      expect(failure!.err).toMatchObject({ sqlState: '22P02' });
    });
  });

  describe('secrets in logs', () => {
    it('masks the configured keys, tokens and URL passwords in every log line', async () => {
      const lines: string[] = [];
      const stream = new PassThrough();
      stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
      const mnemonic = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
      const t = await db.app({
        env: {
          LOG_LEVEL: 'info',
          ADMIN_TOKEN: 'operator-admin-token-4f9a',
          ETH_RPC_URL: 'https://eth.example.com/v2/provider-key-77c1',
          HOT_WALLET_MNEMONIC: mnemonic,
          DEPOSIT_XPUB: accountXpubOf(mnemonic),
        },
        logStream: stream,
        extend(app) {
          // As a library's error quotes what it was given (viem its RPC URL, a driver its URL).
          app.get('/api/test/leaky-error', async () => {
            throw new Error(
              'HTTP request failed. URL: https://eth.example.com/v2/provider-key-77c1 ' +
                `via redis://:cache-pass-31@cache:6379 with ${mnemonic} and operator-admin-token-4f9a`,
            );
          });
        },
      });
      const res = await call(t.app, 'GET', '/api/test/leaky-error');
      expect(res.status).toBe(500);
      const text = lines.join('\n');
      expect(text).toContain('HTTP request failed. URL: https://eth.example.com/***');
      for (const secret of ['provider-key-77c1', 'cache-pass-31', 'sausage', 'operator-admin-token-4f9a']) {
        expect(text).not.toContain(secret);
      }
    });
  });

  describe('Cache-Control', () => {
    it('marks every API answer no-store, the sign-in answer with its token included', async () => {
      const t = await db.app({ env: { RATE_LIMIT_LOGIN_IP: '1/60' } });
      const user = await registerUser(t);
      const answers = [
        await call(t.app, 'POST', '/api/app/auth/login', {
          ip: '10.1.0.1',
          body: { email: user.email, password: PASSWORD },
        }),
        await call(t.app, 'GET', '/api/app/user/me', { token: user.token }),
        await call(t.app, 'GET', '/api/app/user/me'),
        await call(t.app, 'GET', '/api/no/such/route'),
        await call(t.app, 'POST', '/api/app/auth/login', { ip: '10.1.0.2', body: { email: 'x' } }),
        await call(t.app, 'POST', '/api/app/auth/login', {
          ip: '10.1.0.1',
          body: { email: user.email, password: PASSWORD },
        }),
      ];
      expect(answers.map((a) => a.status)).toEqual([200, 200, 401, 404, 400, 429]);
      expect((answers[0]!.body.data as { token: string }).token).toBeTruthy();
      for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
      // The web app's files keep their own caching.
      const index = await t.app.inject({ url: '/' });
      expect(index.headers['cache-control']).toBe('no-cache');
    });
  });

  describe('connections', () => {
    it('serves others while one address trickles partial requests, and closes those in time', async () => {
      const t = await db.app({
        env: { REQUEST_TIMEOUT: '1', HEADERS_TIMEOUT: '0.5', MAX_CONNECTIONS_PER_IP: '20' },
      });
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as AddressInfo;
      const closed: Promise<number>[] = [];
      const sockets: net.Socket[] = [];
      const started = Date.now();
      // 60 connections from 127.0.0.2: half never finish their headers, half never finish a body.
      for (let i = 0; i < 60; i++) {
        const socket = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.2' });
        sockets.push(socket);
        socket.on('error', () => undefined);
        socket.resume(); // reads what comes (a 408), so it sees the server hang up
        socket.on('connect', () =>
          socket.write(
            i % 2
              ? 'POST /api/app/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em'
              : 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: ',
          ),
        );
        closed.push(new Promise((resolve) => socket.on('close', () => resolve(Date.now() - started))));
      }
      // Meanwhile another address is served at once.
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        expect(res.status).toBe(200);
      }
      // Every trickling connection is closed: the ones over the address's share at once, the rest
      // once their time is up. None stays open.
      const times = await Promise.all(closed);
      expect(times).toHaveLength(60);
      for (const socket of sockets) expect(socket.destroyed).toBe(true);
    });

    it('closes the connection of a request refused for rate', async () => {
      const t = await db.app({ env: { RATE_LIMIT_API_IP: '2/60' } });
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as AddressInfo;
      const socket = net.connect({ port, host: '127.0.0.1' });
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      // Three requests on one keep-alive connection: the third is refused, and the server hangs up.
      socket.write('GET /api/app/flip/config HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(3));
      await ended;
      const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]);
      expect(statuses).toEqual(['200', '200', '429']);
      expect(received.toLowerCase()).toContain('connection: close');
    });
  });
});
