import * as routes from '@tradeflip/api/routes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CapturingMailer,
  PASSWORD,
  call,
  describeEachDatabase,
  expectFieldRefused,
  registerUser,
  uniqueEmail,
  callRoute,
} from '../../test/harness';

const zh = { 'x-lang': 'zh-CN' };

describeEachDatabase('auth', (db) => {
  // The rate limiters count windows by Date; t.clock.advance moves a faked Date with the app's clock.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('POST /api/app/auth/code', () => {
    it('mails a 6-digit code and says when another may be sent', async () => {
      const t = await db.app();
      const email = uniqueEmail();
      const res = await callRoute(t.app, routes.account.sendCode, { body: { email, scene: 'register' } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 0, data: { resendAfter: 60, expiresIn: 600 } });
      expect(t.mailer.sent).toHaveLength(1);
      expect(t.mailer.sent[0]!.to).toBe(email);
      expect(t.mailer.sent[0]!.subject).toMatch(/^TradeFlip verification code: \d{6}$/);
      expect(t.mailer.lastCode(email)).toMatch(/^\d{6}$/);
    });

    it('writes the mail in the caller’s language', async () => {
      const t = await db.app();
      const email = uniqueEmail();
      await callRoute(t.app, routes.account.sendCode, { body: { email, scene: 'register' }, headers: zh });
      expect(t.mailer.sent[0]!.subject).toMatch(/^TradeFlip 验证码：\d{6}$/);
    });

    it('sends one code per email per 60 s and tells the remaining seconds', async () => {
      const t = await db.app();
      const email = uniqueEmail();
      const send = (headers?: Record<string, string>) =>
        callRoute(t.app, routes.account.sendCode, { body: { email, scene: 'register' }, headers });
      expect((await send()).status).toBe(200);

      const first = await send();
      expect(first.status).toBe(429);
      expect(first.body).toMatchObject({
        code: 429,
        reason: 'rate_limited',
        msg: 'Too many requests. Try again in 60s.',
        data: { retryAfter: 60 },
      });
      expect(first.headers['retry-after']).toBe('60');

      t.clock.advance(42.5);
      expect((await send()).body.msg).toBe('Too many requests. Try again in 18s.');
      expect((await send(zh)).body.msg).toBe('请求过于频繁，请 18 秒后再试。');

      t.clock.advance(17.5);
      expect((await send()).status).toBe(200);
      expect(t.mailer.sent).toHaveLength(2);
    });

    it('limits code sending per IP', async () => {
      const t = await db.app({ env: { RATE_LIMIT_CODE_IP: '2/600' } });
      const send = (ip: string) =>
        callRoute(t.app, routes.account.sendCode, { body: { email: uniqueEmail(), scene: 'register' }, ip });
      expect((await send('10.1.0.1')).status).toBe(200);
      expect((await send('10.1.0.1')).status).toBe(200);
      const limited = await send('10.1.0.1');
      expect(limited.status).toBe(429);
      expect(limited.body.msg).toBe('Too many requests. Try again in 600s.');
      expect((await send('10.1.0.2')).status).toBe(200);
      t.clock.advance(600);
      expect((await send('10.1.0.1')).status).toBe(200);
    });

    it('refuses the register scene for a registered email and the forgot scene for an unknown one', async () => {
      const t = await db.app();
      const { email } = await registerUser(t);
      const taken = await callRoute(t.app, routes.account.sendCode, { body: { email, scene: 'register' } });
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ reason: 'email_taken', msg: 'This email is already registered' });

      const unknown = await callRoute(t.app, routes.account.sendCode, {
        body: { email: uniqueEmail(), scene: 'forgot' },
        headers: zh,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ reason: 'email_not_registered', msg: '该邮箱未注册' });
    });

    it('validates email and scene', async () => {
      const t = await db.app();
      const bad = await callRoute(t.app, routes.account.sendCode, {
        body: { email: 'nope', scene: 'register' },
      });
      expectFieldRefused(bad, 'validation', 'email', 'Please enter a valid email address.');
      const missing = await call(t.app, routes.account.sendCode.method, routes.account.sendCode.path, {
        body: { scene: 'register' },
      });
      expect(missing.body.msg).toBe('Please enter your email');
      const scene = await call(t.app, routes.account.sendCode.method, routes.account.sendCode.path, {
        body: { email: uniqueEmail(), scene: 'x' },
      });
      expect(scene.body).toMatchObject({ reason: 'validation', msg: 'The request is invalid' });
      const zhBad = await callRoute(t.app, routes.account.sendCode, {
        body: { email: 'nope', scene: 'register' },
        headers: { 'accept-language': 'zh-TW,zh;q=0.9' },
      });
      expect(zhBad.body.msg).toBe('请输入有效的邮箱地址。');
    });

    it('lets the user ask again at once when the mail could not be sent', async () => {
      const mailer = new CapturingMailer();
      const t = await db.app({ mailer });
      const email = uniqueEmail();
      mailer.gate = Promise.reject(new Error('smtp down'));
      mailer.gate.catch(() => undefined);
      const failed = await callRoute(t.app, routes.account.sendCode, { body: { email, scene: 'register' } });
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({ code: 500, reason: 'internal', msg: 'Server busy. Try again later' });
      mailer.gate = undefined;
      expect(
        (await callRoute(t.app, routes.account.sendCode, { body: { email, scene: 'register' } })).status,
      ).toBe(200);
    });
  });

  describe('POST /api/app/auth/register', () => {
    it('creates the account, answers a session and gives the user an invite code', async () => {
      const t = await db.app();
      const email = uniqueEmail('Mixed');
      await callRoute(t.app, routes.account.sendCode, { body: { email, scene: 'register' } });
      const res = await callRoute(t.app, routes.account.register, {
        body: { email: email.toUpperCase(), code: t.mailer.lastCode(email), password: PASSWORD },
        headers: zh,
      });
      expect(res.status).toBe(200);
      const data = res.body.data as { token: string; user: Record<string, string> };
      expect(data.token.length).toBeGreaterThanOrEqual(22);
      expect(data.user).toMatchObject({
        email: email.toLowerCase(),
        language: 'zh-CN',
        status: 'active',
      });
      expect(data.user.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
      const me = await callRoute(t.app, routes.account.me, { token: data.token });
      expect(me.body.data).toEqual(data.user);
    });

    it('gives every user a different invite code and accepts an existing one', async () => {
      const t = await db.app();
      const inviter = await registerUser(t);
      const invited = await registerUser(t, uniqueEmail(), PASSWORD, {
        inviteCode: (inviter.user.inviteCode as string).toLowerCase(),
      });
      expect(invited.user.inviteCode).not.toBe(inviter.user.inviteCode);
      const list = await call(t.app, 'GET', `/api/admin/users?email=${encodeURIComponent(invited.email)}`, {
        token: 'test-admin-token-0123456789',
      });
      expect((list.body.data as { list: { inviterId: string }[] }).list[0]!.inviterId).toBe(inviter.user.id);
    });

    it('refuses an invite code that does not exist, without using up the code', async () => {
      const t = await db.app();
      const email = uniqueEmail();
      await callRoute(t.app, routes.account.sendCode, { body: { email, scene: 'register' } });
      const code = t.mailer.lastCode(email);
      const res = await callRoute(t.app, routes.account.register, {
        body: { email, code, password: PASSWORD, inviteCode: 'NOPE1234' },
      });
      expectFieldRefused(res, 'invite_code_invalid', 'inviteCode', 'Invite code does not exist');
      const retry = await callRoute(t.app, routes.account.register, {
        body: { email, code, password: PASSWORD, inviteCode: '' },
      });
      expect(retry.status).toBe(200);
    });

    it('consumes a code once', async () => {
      const t = await db.app();
      const email = uniqueEmail();
      await callRoute(t.app, routes.account.sendCode, { body: { email, scene: 'register' } });
      const body = { email, code: t.mailer.lastCode(email), password: PASSWORD };
      expect((await callRoute(t.app, routes.account.register, { body })).status).toBe(200);
      const again = await callRoute(t.app, routes.account.register, { body });
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ reason: 'code_invalid' });
    });

    it('refuses a wrong code, an expired code and a code after five wrong guesses', async () => {
      const t = await db.app();
      const email = uniqueEmail();
      await callRoute(t.app, routes.account.sendCode, { body: { email, scene: 'register' } });
      const code = t.mailer.lastCode(email);
      const wrongCode = code === '000000' ? '111111' : '000000';
      const wrong = await callRoute(t.app, routes.account.register, {
        body: { email, code: wrongCode, password: PASSWORD },
      });
      expectFieldRefused(wrong, 'code_invalid', 'code', 'The verification code is wrong or has expired');

      // A code lives 10 minutes.
      t.clock.advance(600);
      const expired = await callRoute(t.app, routes.account.register, {
        body: { email, code, password: PASSWORD },
      });
      expect(expired.body.reason).toBe('code_invalid');

      await callRoute(t.app, routes.account.sendCode, { body: { email, scene: 'register' } });
      const fresh = t.mailer.lastCode(email);
      t.clock.advance(599);
      for (let i = 0; i < 5; i++) {
        await callRoute(t.app, routes.account.register, {
          body: { email, code: fresh === '000000' ? '111111' : '000000', password: PASSWORD },
        });
      }
      const locked = await callRoute(t.app, routes.account.register, {
        body: { email, code: fresh, password: PASSWORD },
      });
      expect(locked.body.reason).toBe('code_invalid');
    });

    it('refuses a code of the other scene', async () => {
      const t = await db.app();
      const email = uniqueEmail();
      await callRoute(t.app, routes.account.sendCode, { body: { email, scene: 'register' } });
      const res = await callRoute(t.app, routes.account.forgot, {
        body: { email, code: t.mailer.lastCode(email), password: PASSWORD },
      });
      expect(res.body.reason).toBe('code_invalid');
    });

    it('says which field is wrong, in both languages', async () => {
      const t = await db.app();
      const empty = await call(t.app, routes.account.register.method, routes.account.register.path, {
        body: {},
      });
      expect(empty.status).toBe(400);
      expect(empty.body.msg).toBe('Please enter your email');
      expect(empty.body.data!.fields).toEqual({
        email: 'Please enter your email',
        code: 'Please enter the verification code',
        password: 'Please enter your password',
      });

      const weak = await callRoute(t.app, routes.account.register, {
        body: { email: uniqueEmail(), code: '12345', password: 'lettersonly' },
      });
      expect(weak.body.msg).toBe('The verification code is 6 digits');
      expect(weak.body.data!.fields).toEqual({
        code: 'The verification code is 6 digits',
        password: 'Password must be 8–32 chars with letters and numbers',
      });

      const weakZh = await callRoute(t.app, routes.account.register, {
        body: { email: uniqueEmail(), code: '123456', password: 'short1' },
        headers: zh,
      });
      expect(weakZh.body.msg).toBe('密码需为 8–32 位，且包含字母和数字');

      const tooLong = await callRoute(t.app, routes.account.register, {
        body: { email: uniqueEmail(), code: '123456', password: `a1${'x'.repeat(31)}` },
      });
      expect(tooLong.body.msg).toBe('Password must be 8–32 chars with letters and numbers');
    });

    it('limits registration per email and per IP', async () => {
      const t = await db.app({
        env: { RATE_LIMIT_REGISTER_EMAIL: '2/900', RATE_LIMIT_REGISTER_IP: '3/900' },
      });
      const email = uniqueEmail();
      const attempt = (address: string, ip: string) =>
        callRoute(t.app, routes.account.register, {
          body: { email: address, code: '123456', password: PASSWORD },
          ip,
        });
      expect((await attempt(email, '10.2.0.1')).body.reason).toBe('code_invalid');
      expect((await attempt(email, '10.2.0.2')).body.reason).toBe('code_invalid');
      const perEmail = await attempt(email, '10.2.0.3');
      expect(perEmail.status).toBe(429);
      expect(perEmail.body.msg).toBe('Too many requests. Try again in 900s.');

      expect((await attempt(uniqueEmail(), '10.2.0.9')).status).toBe(400);
      expect((await attempt(uniqueEmail(), '10.2.0.9')).status).toBe(400);
      expect((await attempt(uniqueEmail(), '10.2.0.9')).status).toBe(400);
      const perIp = await attempt(uniqueEmail(), '10.2.0.9');
      expect(perIp.status).toBe(429);
      t.clock.advance(300);
      expect((await attempt(uniqueEmail(), '10.2.0.9')).body.msg).toBe(
        'Too many requests. Try again in 600s.',
      );
    });
  });

  describe('POST /api/app/auth/login', () => {
    it('signs in with the password and answers a new session each time', async () => {
      const t = await db.app();
      const { email, token } = await registerUser(t);
      const res = await callRoute(t.app, routes.account.login, {
        body: { email: ` ${email.toUpperCase()} `, password: PASSWORD },
      });
      expect(res.status).toBe(200);
      const data = res.body.data as { token: string; user: { email: string } };
      expect(data.user.email).toBe(email);
      expect(data.token).not.toBe(token);
      expect((await callRoute(t.app, routes.account.me, { token: data.token })).status).toBe(200);
      expect((await callRoute(t.app, routes.account.me, { token })).status).toBe(200);
    });

    it('refuses a wrong password and an unknown email the same way', async () => {
      const t = await db.app();
      const { email } = await registerUser(t);
      const wrong = await callRoute(t.app, routes.account.login, {
        body: { email, password: 'Wrong1234' },
      });
      const unknown = await callRoute(t.app, routes.account.login, {
        body: { email: uniqueEmail(), password: PASSWORD },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({
        code: 400,
        reason: 'invalid_credentials',
        msg: 'Incorrect email or password',
      });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('requires email and password', async () => {
      const t = await db.app();
      const res = await callRoute(t.app, routes.account.login, { body: { email: '', password: '' } });
      expect(res.body.msg).toBe('Please enter your email');
      expect(res.body.data!.fields).toEqual({
        email: 'Please enter your email',
        password: 'Please enter your password',
      });
      const zhRes = await call(t.app, routes.account.login.method, routes.account.login.path, {
        body: { email: uniqueEmail() },
        headers: zh,
      });
      expect(zhRes.body.msg).toBe('请输入密码');
    });

    it('refuses a frozen account with the spec’s message', async () => {
      const t = await db.app();
      const { email } = await registerUser(t);
      await t.app.services.accounts.freeze(email);
      const res = await callRoute(t.app, routes.account.login, { body: { email, password: PASSWORD } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        code: 403,
        reason: 'account_frozen',
        msg: 'Your account has been frozen and you cannot sign in. Please contact support.',
      });
      const zhRes = await callRoute(t.app, routes.account.login, {
        body: { email, password: PASSWORD },
        headers: zh,
      });
      expect(zhRes.body.msg).toBe('您的账户已被冻结，无法登录。请联系客服。');
    });

    it('limits sign-in attempts per email and per IP', async () => {
      const t = await db.app({ env: { RATE_LIMIT_LOGIN_EMAIL: '3/900', RATE_LIMIT_LOGIN_IP: '5/60' } });
      const { email } = await registerUser(t);
      const attempt = (address: string, ip: string, password = 'Wrong1234') =>
        callRoute(t.app, routes.account.login, { body: { email: address, password }, ip });
      for (const ip of ['10.3.0.1', '10.3.0.2', '10.3.0.3'])
        expect((await attempt(email, ip)).status).toBe(400);
      const perEmail = await attempt(email, '10.3.0.4', PASSWORD);
      expect(perEmail.status).toBe(429);
      expect(perEmail.body).toMatchObject({
        reason: 'rate_limited',
        msg: 'Too many requests. Try again in 900s.',
      });
      t.clock.advance(900);
      expect((await attempt(email, '10.3.0.4', PASSWORD)).status).toBe(200);

      for (let i = 0; i < 5; i++) expect((await attempt(uniqueEmail(), '10.3.1.1')).status).toBe(400);
      const perIp = await attempt(uniqueEmail(), '10.3.1.1');
      expect(perIp.status).toBe(429);
      expect(perIp.body.msg).toBe('Too many requests. Try again in 60s.');
    });
  });

  describe('POST /api/app/auth/forgot', () => {
    it('resets the password with a code and signs out every session', async () => {
      const t = await db.app();
      const { email, token } = await registerUser(t);
      t.clock.advance(60);
      expect(
        (await callRoute(t.app, routes.account.sendCode, { body: { email, scene: 'forgot' } })).status,
      ).toBe(200);
      expect(t.mailer.sent.at(-1)!.subject).toMatch(/^TradeFlip password reset code: \d{6}$/);
      const res = await callRoute(t.app, routes.account.forgot, {
        body: { email, code: t.mailer.lastCode(email), password: 'NewSecret456' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 0 });

      expect((await callRoute(t.app, routes.account.me, { token })).body.reason).toBe('unauthorized');
      const oldLogin = await callRoute(t.app, routes.account.login, {
        body: { email, password: PASSWORD },
      });
      expect(oldLogin.body.reason).toBe('invalid_credentials');
      const newLogin = await callRoute(t.app, routes.account.login, {
        body: { email, password: 'NewSecret456' },
      });
      expect(newLogin.status).toBe(200);
    });

    it('requires email, code and a valid new password', async () => {
      const t = await db.app();
      const res = await call(t.app, routes.account.forgot.method, routes.account.forgot.path, {
        body: { email: 'a@b.co' },
      });
      expect(res.body.msg).toBe('Please enter the verification code');
      expect(res.body.data!.fields).toEqual({
        code: 'Please enter the verification code',
        password: 'Please enter your password',
      });
      const weak = await callRoute(t.app, routes.account.forgot, {
        body: { email: 'a@b.co', code: '123456', password: '12345678' },
        headers: zh,
      });
      expect(weak.body.msg).toBe('密码需为 8–32 位，且包含字母和数字');
      const wrongCode = await callRoute(t.app, routes.account.forgot, {
        body: { email: uniqueEmail(), code: '123456', password: 'NewSecret456' },
      });
      expect(wrongCode.body.reason).toBe('code_invalid');
    });
  });

  describe('POST /api/app/auth/logout', () => {
    it('revokes the calling session only', async () => {
      const t = await db.app();
      const { email, token } = await registerUser(t);
      const other = (await callRoute(t.app, routes.account.login, { body: { email, password: PASSWORD } }))
        .body.data as { token: string };
      expect((await callRoute(t.app, routes.account.logout, { token })).body).toEqual({ code: 0 });
      const after = await callRoute(t.app, routes.account.me, { token });
      expect(after.status).toBe(401);
      expect(after.body).toEqual({
        code: 401,
        reason: 'unauthorized',
        msg: 'Session expired. Please log in again.',
      });
      expect((await callRoute(t.app, routes.account.me, { token: other.token })).status).toBe(200);
      // Signing out again (or without a session) is harmless.
      expect((await callRoute(t.app, routes.account.logout, { token })).status).toBe(200);
      expect((await callRoute(t.app, routes.account.logout, {})).status).toBe(200);
    });
  });
});
