// Issue 19, acceptance 3: feedback's validation in both languages ('Please enter content', spec),
// what is stored (content, contact, language, app version), the operator's reply shown to the player,
// and the per-user limit.
import { expect, it } from 'vitest';
import * as routes from '@tradeflip/api/routes';
import { translate } from '@tradeflip/i18n';
import { adminApi, adminCommand } from '../../test/accounts';
import { adminCall, adminCallRoute, callRoute, describeEachDatabase, registerUser } from '../../test/harness';

describeEachDatabase('feedback', (db) => {
  it('refuses empty content in the user’s language and stores nothing', async () => {
    const t = await db.app();
    const user = await registerUser(t);
    for (const lang of ['en-US', 'zh-CN'] as const) {
      for (const content of ['', '   ']) {
        const res = await callRoute(t.app, routes.feedback.send, {
          token: user.token,
          body: { content, contact: 'me@x.io' },
          headers: { 'x-lang': lang },
        });
        expect(res.status).toBe(400);
        expect(res.body.data.fields).toEqual({ content: translate(lang, 'validation.contentRequired') });
      }
    }
    expect(translate('en-US', 'validation.contentRequired')).toBe('Please enter content');
    const mine = await callRoute(t.app, routes.feedback.mine, {
      token: user.token,
      query: { page: 1, pageSize: 20 },
    });
    expect(mine.body.data.total).toBe(0);
  });

  it('stores it with the language and app version; the operator’s reply shows under it', async () => {
    const t = await db.app();
    const user = await registerUser(t);
    const sent = await callRoute(t.app, routes.feedback.send, {
      token: user.token,
      body: { content: '  The flip chart is great  ', appVersion: '2026.11' },
      headers: { 'x-lang': 'zh-CN' },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ content: 'The flip chart is great', contact: null, reply: null });
    const open = await adminCommand('feedback:list').run(adminApi(t), ['--open']);
    expect(open).toContain(user.email);
    expect(open).toMatch(/zh-CN/);
    const listed = await adminCallRoute(t.app, routes.feedback.adminList, {
      query: { page: 1, pageSize: 20 },
    });
    expect(listed.body.data.list[0]).toMatchObject({
      email: user.email,
      language: 'zh-CN',
      appVersion: '2026.11',
    });

    const replied = await adminCommand('feedback:reply').run(adminApi(t), [sent.body.data.id, 'Thank you!']);
    expect(replied).toContain(user.email);
    const mine = await callRoute(t.app, routes.feedback.mine, {
      token: user.token,
      query: { page: 1, pageSize: 20 },
    });
    expect(mine.body.data.list).toEqual([
      expect.objectContaining({
        content: 'The flip chart is great',
        reply: 'Thank you!',
        repliedAt: expect.any(String),
      }),
    ]);
    expect(await adminCommand('feedback:list').run(adminApi(t), ['--open'])).not.toContain(user.email);
    const missing = await adminCallRoute(t.app, routes.feedback.adminReply, {
      body: { id: 99999999, reply: 'x' },
    });
    expect(missing.status).toBe(404);
    // An id of another type is refused, not coerced onto some feedback (true was #1, [2] #2).
    for (const id of [true, [sent.body.data.id], '0x2', 1.5, -1, '', null]) {
      const odd = await adminCall(t.app, 'POST', '/api/admin/feedback/reply', { body: { id, reply: 'odd' } });
      expect(odd.status, JSON.stringify(id)).toBe(400);
    }
    const afterOdd = await adminCallRoute(t.app, routes.feedback.adminList, { query: {} });
    expect(JSON.stringify(afterOdd.body.data)).not.toContain('odd');
    // Its digits as a string still name it.
    const byString = await adminCall(t.app, 'POST', '/api/admin/feedback/reply', {
      body: { id: String(sent.body.data.id), reply: 'Thanks again' },
    });
    expect(byString.status).toBe(200);
  });

  it('takes at most 5 an hour from one user', async () => {
    const t = await db.app();
    const user = await registerUser(t);
    const other = await registerUser(t);
    const send = (token: string) =>
      callRoute(t.app, routes.feedback.send, {
        token,
        body: { content: 'hello' },
        headers: { 'x-lang': 'en-US' },
      });
    for (let i = 0; i < 5; i++) expect((await send(user.token)).status).toBe(200);
    const limited = await send(user.token);
    expect(limited.status).toBe(429);
    // An hour's limit: the wait in minutes a person can read, not "in 3600s".
    expect(limited.body.msg).toBe('Too many requests. Try again in 60 min.');
    // Per user: another is not held back by it.
    expect((await send(other.token)).status).toBe(200);
    // A restart (a new server on the same database, its in-memory limiter empty) still holds it.
    const restarted = await db.app();
    const again = await callRoute(restarted.app, routes.feedback.send, {
      token: user.token,
      body: { content: 'hello again' },
      headers: { 'x-lang': 'zh-CN' },
    });
    expect(again.status).toBe(429);
    expect(again.body.msg).toMatch(/^请求过于频繁，请 \d+ 分钟后再试。$/);
  });
});
