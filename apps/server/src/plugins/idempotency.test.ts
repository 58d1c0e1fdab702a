import { describe, expect, it } from 'vitest';
import {
  CapturingMailer,
  PASSWORD,
  call,
  describeEachDatabase,
  registerUser,
  uniqueEmail,
} from '../test/harness';

describeEachDatabase('Idempotency-Key', (db) => {
  it('replays the first answer to a retry with the same key and body', async () => {
    const t = await db.app();
    const email = uniqueEmail();
    const send = () =>
      call(t.app, 'POST', '/api/app/auth/code', {
        body: { email, scene: 'register' },
        headers: { 'idempotency-key': 'code-key-1' },
      });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    // Without the replay the second call would have been rate limited; one mail only.
    expect(t.mailer.sent).toHaveLength(1);
  });

  it('replays a session answer: a retried login does not open a second session', async () => {
    const t = await db.app();
    const { email } = await registerUser(t);
    const login = () =>
      call(t.app, 'POST', '/api/app/auth/login', {
        body: { email, password: PASSWORD },
        headers: { 'idempotency-key': `login-${email}` },
      });
    const first = await login();
    const second = await login();
    expect((second.body.data as { token: string }).token).toBe((first.body.data as { token: string }).token);
  });

  it('replays failures too (same status and body)', async () => {
    const t = await db.app();
    const headers = { 'idempotency-key': 'bad-login-1' };
    const body = { email: uniqueEmail(), password: 'Whatever1' };
    const first = await call(t.app, 'POST', '/api/app/auth/login', { body, headers });
    const second = await call(t.app, 'POST', '/api/app/auth/login', { body, headers });
    expect(first.status).toBe(400);
    expect(second.status).toBe(400);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
  });

  it('answers 422 to the same key with a different request', async () => {
    const t = await db.app();
    const headers = { 'idempotency-key': 'reused-key' };
    await call(t.app, 'POST', '/api/app/auth/code', {
      body: { email: uniqueEmail(), scene: 'register' },
      headers,
    });
    const other = await call(t.app, 'POST', '/api/app/auth/code', {
      body: { email: uniqueEmail(), scene: 'register' },
      headers,
    });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      code: 422,
      reason: 'idempotency_mismatch',
      msg: 'This Idempotency-Key was already used with a different request',
    });
    const otherPath = await call(t.app, 'POST', '/api/app/auth/login', {
      body: { email: uniqueEmail(), password: PASSWORD },
      headers,
    });
    expect(otherPath.status).toBe(422);
  });

  it('answers 409 while the first request is still running, then replays', async () => {
    const mailer = new CapturingMailer();
    const t = await db.app({ mailer });
    const held = mailer.hold();
    const email = uniqueEmail();
    const request = () =>
      call(t.app, 'POST', '/api/app/auth/code', {
        body: { email, scene: 'register' },
        headers: { 'idempotency-key': 'slow-key', 'x-lang': 'zh-CN' },
      });

    const first = request();
    // The first request is inside its handler, waiting on the mailer.
    await held.entered;
    const concurrent = await request();
    expect(concurrent.status).toBe(409);
    expect(concurrent.body).toEqual({
      code: 409,
      reason: 'idempotency_in_flight',
      msg: '相同的请求仍在处理中',
    });
    held.release();
    expect((await first).status).toBe(200);
    const after = await request();
    expect(after.status).toBe(200);
    expect(after.headers['idempotent-replayed']).toBe('true');
  });

  it('keeps keys apart per user and from anonymous callers', async () => {
    const t = await db.app();
    const alice = await registerUser(t);
    const bob = await registerUser(t);
    const headers = { 'idempotency-key': 'shared-key' };
    const a = await call(t.app, 'POST', '/api/app/user/me/lang', {
      token: alice.token,
      body: { language: 'zh-CN' },
      headers,
    });
    const b = await call(t.app, 'POST', '/api/app/user/me/lang', {
      token: bob.token,
      body: { language: 'zh-CN' },
      headers,
    });
    expect(a.headers['idempotent-replayed']).toBeUndefined();
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect((await call(t.app, 'GET', '/api/app/user/me', { token: bob.token })).body.data!.language).toBe(
      'zh-CN',
    );
  });

  it('forgets a key after 24 hours', async () => {
    const t = await db.app();
    const headers = { 'idempotency-key': 'day-old-key' };
    const body = { email: uniqueEmail(), password: PASSWORD };
    await call(t.app, 'POST', '/api/app/auth/login', { body, headers });
    t.clock.advance(23 * 3600);
    expect(
      (await call(t.app, 'POST', '/api/app/auth/login', { body, headers })).headers['idempotent-replayed'],
    ).toBe('true');
    t.clock.advance(3600);
    expect(
      (await call(t.app, 'POST', '/api/app/auth/login', { body, headers })).headers['idempotent-replayed'],
    ).toBeUndefined();
  });

  it('does not keep a 5xx: the retry runs again', async () => {
    const mailer = new CapturingMailer();
    const t = await db.app({ mailer });
    const email = uniqueEmail();
    const headers = { 'idempotency-key': 'retry-after-500' };
    mailer.gate = Promise.reject(new Error('smtp down'));
    mailer.gate.catch(() => undefined);
    expect(
      (await call(t.app, 'POST', '/api/app/auth/code', { body: { email, scene: 'register' }, headers }))
        .status,
    ).toBe(500);
    mailer.gate = undefined;
    const retry = await call(t.app, 'POST', '/api/app/auth/code', {
      body: { email, scene: 'register' },
      headers,
    });
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a first attempt that fails after its claim was taken over keeps the retry’s answer: no second effect', async () => {
    const mailer = new CapturingMailer();
    const t = await db.app({ mailer });
    const email = uniqueEmail();
    const request = () =>
      call(t.app, 'POST', '/api/app/auth/code', {
        body: { email, scene: 'register' },
        headers: { 'idempotency-key': 'taken-over-key' },
      });
    // The first attempt waits in its handler past its claim (60 s)...
    const held = mailer.hold();
    let fail!: (error: Error) => void;
    mailer.gate = new Promise<void>((_, reject) => (fail = reject));
    mailer.gate.catch(() => undefined);
    const first = request();
    await held.entered;
    t.clock.advance(61);
    mailer.gate = undefined;
    // ...so the retry takes the key over and sends the code: its answer is the key's.
    const retry = await request();
    expect(retry.status).toBe(200);
    expect(mailer.sent).toHaveLength(1);
    // The first then fails. Its 500 released the key, the retry's answer with it, and the next retry
    // sent a second code.
    fail(new Error('smtp down'));
    expect((await first).status).toBe(500);
    const again = await request();
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(mailer.sent).toHaveLength(1);
  });

  it('refuses a malformed key', async () => {
    const t = await db.app();
    const res = await call(t.app, 'POST', '/api/app/auth/login', {
      body: { email: uniqueEmail(), password: PASSWORD },
      headers: { 'idempotency-key': 'x'.repeat(300) },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, reason: 'validation', msg: 'Invalid value for Idempotency-Key' });
  });

  describe('across processes', () => {
    it('sees the claims of another app on the same database', async () => {
      const mailer = new CapturingMailer();
      const one = await db.app({ mailer });
      const two = await db.app();
      const held = mailer.hold();
      const email = uniqueEmail();
      const request = (app: typeof one.app) =>
        call(app, 'POST', '/api/app/auth/code', {
          body: { email, scene: 'register' },
          headers: { 'idempotency-key': 'two-process-key' },
        });
      const first = request(one.app);
      await held.entered;
      expect((await request(two.app)).status).toBe(409);
      held.release();
      await first;
      const replay = await request(two.app);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    });
  });
});
