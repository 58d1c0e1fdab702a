// Acceptance 4, spelled out on one journey: what the app's requests carry, read from the network.
// (Every other spec checks the same rules on its own requests through the shared fixture.)
import { headerProblems } from '../support/api-log';
import { newEmail, newPassword, registerInBrowser, storedSession } from '../support/app';
import { expect, test } from '../support/fixtures';

test('every /api request carries the spec’s headers, _r on GETs and an idempotency key on POSTs', async ({
  page,
  apiLog,
}) => {
  const startedAt = Date.now();
  const email = newEmail('headers');
  await registerInBrowser(page, email, newPassword());
  await page.getByTestId('tab-profile').click();
  await expect(page.getByTestId('profile-invite-code')).toHaveText(/^[A-Z0-9]+$/);
  const { token } = await storedSession(page);
  await page.getByTestId('menu-language').click();
  const langPosted = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/app/user/me/lang');
  await page.getByTestId('lang-zh-CN').click();
  await langPosted;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('语言');
  await page.goto('/pages/user/account/index');
  await expect(page.getByTestId('account-email')).toHaveText(email);
  // The invite code comes from GET /api/app/user/me (the email is known before it answers).
  await expect(page.getByTestId('account-invite-code')).toHaveText(/[A-Z0-9]{4,}/);

  const calls = await apiLog.settled();
  const route = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.url.pathname === path);
  const gets = calls.filter((c) => c.method === 'GET');
  const posts = calls.filter((c) => c.method === 'POST');
  expect(gets.length, 'GETs seen').toBeGreaterThan(0);
  expect(posts.length, 'POSTs seen').toBeGreaterThanOrEqual(3);
  expect(headerProblems(calls)).toEqual([]);

  for (const call of calls) {
    expect(call.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(call.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  }
  expect(new Set(calls.map((c) => c.headers['x-request-id'])).size).toBe(calls.length);

  for (const get of gets) {
    const r = Number(get.url.searchParams.get('_r'));
    expect(r).toBeGreaterThanOrEqual(startedAt - 60_000);
    expect(r).toBeLessThanOrEqual(Date.now() + 60_000);
  }
  const keys = posts.map((p) => p.headers['idempotency-key']);
  expect(keys.every(Boolean)).toBe(true);
  expect(new Set(keys).size, 'one key per operation').toBe(posts.length);

  // Signed out: the code and the registration go without a token; signed in: every call has it.
  for (const call of [...route('POST', '/api/app/auth/code'), ...route('POST', '/api/app/auth/register')]) {
    expect(call.headers.authorization).toBeUndefined();
  }
  const signedIn = [...route('GET', '/api/app/user/me'), ...route('POST', '/api/app/user/me/lang')];
  expect(signedIn.length).toBeGreaterThanOrEqual(2);
  for (const call of signedIn) expect(call.headers.authorization).toBe(`Bearer ${token}`);

  // The language headers follow the switch.
  const [langPost] = route('POST', '/api/app/user/me/lang');
  expect(langPost?.headers['accept-language']).toBe('zh-CN');
  const firstMe = route('GET', '/api/app/user/me')[0];
  const lastMe = route('GET', '/api/app/user/me').at(-1);
  expect(firstMe?.headers['accept-language']).toBe('en-US');
  expect(lastMe?.headers['x-lang']).toBe('zh-CN');
});

test('the request-rule check itself reports each broken rule', () => {
  const good = {
    'accept-language': 'en-US',
    'x-lang': 'en-US',
    'x-requested-with': 'XMLHttpRequest',
  };
  const call = (method: string, path: string, headers: Record<string, string>) => ({
    method,
    url: new URL(`http://app.test${path}`),
    headers,
  });
  const problems = headerProblems([
    call('GET', '/api/app/user/me?_r=1', { ...good, 'x-request-id': 'a', authorization: 'Bearer t' }),
    call('GET', '/api/app/user/me', { ...good, 'x-request-id': 'b', authorization: 'Bearer t' }),
    call('GET', '/api/app/user/me?_r=2', { ...good, 'x-request-id': 'a' }),
    call('POST', '/api/app/auth/login', { ...good, 'x-request-id': 'c', authorization: 'Bearer t' }),
    call('POST', '/api/app/user/me/lang', { 'x-request-id': 'd', 'idempotency-key': 'k' }),
  ]);
  expect(problems).toEqual([
    'GET /api/app/user/me: no _r timestamp',
    'GET /api/app/user/me: X-Request-Id a reused from GET /api/app/user/me',
    'GET /api/app/user/me: Authorization is undefined',
    'POST /api/app/auth/login: no Idempotency-Key',
    'POST /api/app/auth/login: sent a token signed out',
    'POST /api/app/user/me/lang: Accept-Language is undefined',
    'POST /api/app/user/me/lang: X-Requested-With is undefined',
  ]);
});
