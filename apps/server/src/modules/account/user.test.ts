import * as routes from '@tradeflip/api/routes';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD,
  call,
  describeEachDatabase,
  expectFieldRefused,
  registerUser,
  uniqueEmail,
  callRoute,
} from '../../test/harness';
import { eq } from 'drizzle-orm';
import { sessions, verificationCodes } from './schema';
import { hashPassword } from './credentials';

const zh = { 'x-lang': 'zh-CN' };

describeEachDatabase('user', (db) => {
  describe('GET /api/app/user/me', () => {
    it('answers the signed-in user', async () => {
      const t = await db.app();
      const { token, email } = await registerUser(t);
      const res = await callRoute(t.app, routes.account.me, { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 0, data: { email, status: 'active', language: 'en-US' } });
      expect(Object.keys(res.body.data!).sort()).toEqual([
        'createdAt',
        'email',
        'id',
        'inviteCode',
        'language',
        'status',
      ]);
    });

    it('needs a session', async () => {
      const t = await db.app();
      const none = await callRoute(t.app, routes.account.me, {});
      expect(none.status).toBe(401);
      expect(none.body).toEqual({ code: 401, reason: 'unauthorized', msg: 'Please sign in first' });
      const unknown = await callRoute(t.app, routes.account.me, { token: 'not-a-real-token' });
      expect(unknown.body).toEqual({
        code: 401,
        reason: 'unauthorized',
        msg: 'Session expired. Please log in again.',
      });
      const zhUnknown = await callRoute(t.app, routes.account.me, { token: 'x', headers: zh });
      expect(zhUnknown.body.msg).toBe('登录已过期，请重新登录。');
      const basic = await callRoute(t.app, routes.account.me, { headers: { authorization: 'Basic abc' } });
      expect(basic.status).toBe(401);
    });

    it('ends a session after its lifetime', async () => {
      const t = await db.app({ env: { SESSION_TTL_DAYS: '2' } });
      const { token } = await registerUser(t);
      t.clock.advance(2 * 86400 - 1);
      expect((await callRoute(t.app, routes.account.me, { token })).status).toBe(200);
      t.clock.advance(1);
      expect((await callRoute(t.app, routes.account.me, { token })).body.reason).toBe('unauthorized');
    });
  });

  describe('frozen users', () => {
    it('answers 401 user_frozen to any call with their token, also on public routes', async () => {
      const t = await db.app();
      const { token, email } = await registerUser(t);
      const frozen = await callRoute(t.app, routes.admin.freezeUser, {
        body: { email },
        token: 'test-admin-token-0123456789',
      });
      expect(frozen.body.data).toMatchObject({ email, status: 'frozen' });

      const expected = { code: 401, reason: 'user_frozen', msg: 'Account frozen. Please contact support.' };
      expect((await callRoute(t.app, routes.account.me, { token })).body).toEqual(expected);
      expect(
        (await callRoute(t.app, routes.account.setLanguage, { token, body: { language: 'zh-CN' } })).body,
      ).toEqual(expected);
      expect((await callRoute(t.app, routes.account.logout, { token })).body).toEqual(expected);
      expect((await callRoute(t.app, routes.flip.config, { token })).status).toBe(401);
      // The probes are the balancer's, not the app's: they never look a token up.
      expect((await callRoute(t.app, routes.health.health, { token })).status).toBe(200);
      expect((await callRoute(t.app, routes.account.me, { token, headers: zh })).body.msg).toBe(
        '账户已冻结，请联系客服。',
      );
    });

    it('keeps the frozen-time sessions revoked after an unfreeze', async () => {
      const t = await db.app();
      const { token, email } = await registerUser(t);
      await t.app.services.accounts.freeze(email);
      await t.app.services.accounts.unfreeze(email);
      expect((await callRoute(t.app, routes.account.me, { token })).body.reason).toBe('unauthorized');
      expect(
        (await callRoute(t.app, routes.account.login, { body: { email, password: PASSWORD } })).status,
      ).toBe(200);
    });
  });

  describe('POST /api/app/user/password', () => {
    it('changes the password, revokes every older session and answers a new one', async () => {
      const t = await db.app();
      const { token, email } = await registerUser(t);
      const second = (await callRoute(t.app, routes.account.login, { body: { email, password: PASSWORD } }))
        .body.data as { token: string };
      const res = await callRoute(t.app, routes.account.changePassword, {
        token,
        body: { oldPassword: PASSWORD, newPassword: 'Changed789' },
      });
      expect(res.status).toBe(200);
      const fresh = res.body.data as { token: string; user: { email: string } };
      expect(fresh.user.email).toBe(email);
      expect((await callRoute(t.app, routes.account.me, { token: fresh.token })).status).toBe(200);
      expect((await callRoute(t.app, routes.account.me, { token })).body.reason).toBe('unauthorized');
      expect((await callRoute(t.app, routes.account.me, { token: second.token })).body.reason).toBe(
        'unauthorized',
      );
      expect(
        (await callRoute(t.app, routes.account.login, { body: { email, password: 'Changed789' } })).status,
      ).toBe(200);
    });

    it('checks the current password', async () => {
      const t = await db.app();
      const { token } = await registerUser(t);
      const res = await callRoute(t.app, routes.account.changePassword, {
        token,
        body: { oldPassword: 'Wrong1234', newPassword: 'Changed789' },
      });
      expectFieldRefused(res, 'old_password_wrong', 'oldPassword', 'The current password is incorrect');
      expect((await callRoute(t.app, routes.account.me, { token })).status).toBe(200);
    });

    it('limits guesses of the current password per user and per IP, as sign-in does', async () => {
      const t = await db.app({ env: { RATE_LIMIT_LOGIN_EMAIL: '3/900', RATE_LIMIT_LOGIN_IP: '5/900' } });
      const guess = (token: string, ip: string, oldPassword = 'Wrong1234') =>
        callRoute(t.app, routes.account.changePassword, {
          token,
          ip,
          headers: zh,
          body: { oldPassword, newPassword: 'Changed789' },
        });
      const first = await registerUser(t);
      for (let i = 0; i < 3; i++) expect((await guess(first.token, '10.0.0.1')).status).toBe(400);
      // The fourth guess for this user is refused even from another address, and even when right.
      const limited = await guess(first.token, '10.0.0.2', PASSWORD);
      expect(limited.status).toBe(429);
      expect(limited.body.reason).toBe('rate_limited');
      expect(limited.body.msg).toMatch(/^请求过于频繁，请 \d+ 秒后再试/);
      expect((await callRoute(t.app, routes.account.me, { token: first.token })).status).toBe(200);

      // Per IP: guesses against several accounts from one address stop at the IP's limit.
      const others = [await registerUser(t), await registerUser(t), await registerUser(t)];
      for (const other of [others[0]!, others[0]!, others[1]!, others[1]!, others[2]!]) {
        expect((await guess(other.token, '10.0.0.9')).status).toBe(400);
      }
      // Each account had at most two guesses: the IP's limit is what refuses this one.
      expect((await guess(others[2]!.token, '10.0.0.9')).status).toBe(429);
    });

    it('validates both fields', async () => {
      const t = await db.app();
      const { token } = await registerUser(t);
      const empty = await call(
        t.app,
        routes.account.changePassword.method,
        routes.account.changePassword.path,
        { token, body: {} },
      );
      expect(empty.body.msg).toBe('Please enter your current password');
      expect(empty.body.data!.fields).toEqual({
        oldPassword: 'Please enter your current password',
        newPassword: 'Please enter a new password',
      });
      const weak = await callRoute(t.app, routes.account.changePassword, {
        token,
        body: { oldPassword: PASSWORD, newPassword: 'abcdefgh' },
      });
      expect(weak.body.msg).toBe('Password must be 8–32 chars with letters and numbers');
      const weakZh = await call(
        t.app,
        routes.account.changePassword.method,
        routes.account.changePassword.path,
        {
          token,
          body: { oldPassword: PASSWORD },
          headers: zh,
        },
      );
      expect(weakZh.body.msg).toBe('请输入新密码');
      const same = await callRoute(t.app, routes.account.changePassword, {
        token,
        body: { oldPassword: PASSWORD, newPassword: PASSWORD },
      });
      expect(same.body).toMatchObject({
        reason: 'validation',
        msg: 'The new password must differ from the current one',
      });
      const signedOut = await callRoute(t.app, routes.account.changePassword, {
        body: { oldPassword: PASSWORD, newPassword: 'Changed789' },
      });
      expect(signedOut.status).toBe(401);
    });
  });

  describe('POST /api/app/user/me/lang', () => {
    it('stores the language of the signed-in user and accepts a signed-out call', async () => {
      const t = await db.app();
      const { token } = await registerUser(t);
      const res = await callRoute(t.app, routes.account.setLanguage, { token, body: { language: 'zh-CN' } });
      expect(res.body).toEqual({ code: 0 });
      expect((await callRoute(t.app, routes.account.me, { token })).body.data!.language).toBe('zh-CN');
      expect(
        (await callRoute(t.app, routes.account.setLanguage, { body: { language: 'en-US' } })).body,
      ).toEqual({
        code: 0,
      });
      const bad = await call(t.app, routes.account.setLanguage.method, routes.account.setLanguage.path, {
        token,
        body: { language: 'fr-FR' },
      });
      expect(bad.body).toMatchObject({ code: 400, reason: 'validation', msg: 'The request is invalid' });
    });

    it('mails codes in the stored language', async () => {
      const t = await db.app();
      const { token, email } = await registerUser(t);
      await callRoute(t.app, routes.account.setLanguage, { token, body: { language: 'zh-CN' } });
      t.clock.advance(60);
      await callRoute(t.app, routes.account.sendCode, { body: { email, scene: 'forgot' } });
      expect(t.mailer.sent.at(-1)!.subject).toMatch(/^TradeFlip 重置密码验证码：\d{6}$/);
    });
  });

  it('clears codes and sessions that can no longer be used', async () => {
    const t = await db.app();
    const { token, email, user } = await registerUser(t);
    await callRoute(t.app, routes.account.logout, { token });
    const userId = Number(user.id);
    const codes = () =>
      db.handle.db.select().from(verificationCodes).where(eq(verificationCodes.email, email));
    const userSessions = () => db.handle.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(await codes()).toHaveLength(1);
    t.clock.advance(86400);
    await t.app.services.accounts.deleteExpired();
    expect(await codes()).toHaveLength(1);
    t.clock.advance(31 * 86400);
    await t.app.services.accounts.deleteExpired();
    expect(await codes()).toHaveLength(0);
    expect(await userSessions()).toHaveLength(0);
  });

  it('hashes passwords with argon2id at m=19456, t=2, p=1', async () => {
    expect(await hashPassword(PASSWORD)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(uniqueEmail()).not.toBe(uniqueEmail());
  });
});
