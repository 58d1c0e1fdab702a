import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { Toast } from 'antd-mobile';
import { setNavigator, type Navigate } from '../navigation';
import { storeLanguage } from '../language';
import { getSession, setSession } from '../session';
import * as routes from '@tradeflip/api/routes';
import {
  api,
  ApiError,
  getWithFallback,
  http,
  isCancel,
  resolveUrl,
  setApiBase,
  type RequestOptions,
} from './index';
import { installFakeAdapter, type FakeRequest } from './test-adapter';

let server: ReturnType<typeof installFakeAdapter>;
let toast: MockInstance;
let nav: ReturnType<typeof vi.fn<Navigate>>;

const flush = () => vi.advanceTimersByTimeAsync(0);
const toasts = () => toast.mock.calls.map(([arg]) => (arg as { content: string }).content);
const ok = (data: unknown) => ({ code: 0, data });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Starts a call, waits for it to reach the adapter, and returns both. */
async function send<T>(start: () => Promise<T>) {
  const before = server.requests.length;
  const result = start();
  result.catch(() => undefined);
  await flush();
  const request = server.requests[before] as FakeRequest;
  return { result, request };
}

function signIn(token = 'tok-1') {
  setSession({ token, user: { id: 'u1', email: 'a@b.co' } });
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-02T03:04:05Z') });
  server = installFakeAdapter();
  toast = vi.spyOn(Toast, 'show').mockImplementation(() => ({ close: () => undefined }));
  nav = vi.fn<Navigate>();
  setNavigator(nav);
  setApiBase('/api');
  window.history.replaceState(null, '', '/pages/wallet/token?symbol=USDT');
});

afterEach(() => {
  setNavigator(null);
  vi.restoreAllMocks();
});

describe('API base', () => {
  it('defaults to /api and does not double the /api of a path', async () => {
    const { request } = await send(() => http.get('/api/app/user/me'));
    expect(request.url).toBe('/api/app/user/me');
    expect(resolveUrl('/app/asset/balances')).toBe('/api/app/asset/balances');
  });

  it('strips a path’s leading /api when the base already ends with /api', () => {
    setApiBase('https://api.example.com/api/');
    expect(resolveUrl('/api/app/asset/overview')).toBe('https://api.example.com/api/app/asset/overview');
    expect(resolveUrl('app/asset/overview')).toBe('https://api.example.com/api/app/asset/overview');
    setApiBase('https://api.example.com');
    expect(resolveUrl('/api/app/asset/overview')).toBe('https://api.example.com/api/app/asset/overview');
    expect(resolveUrl('/apis/x')).toBe('https://api.example.com/apis/x');
  });
});

describe('headers on every call', () => {
  it('sends bearer authorization only when a token exists', async () => {
    const anonymous = await send(() => http.get('/api/app/market/tickers'));
    expect(anonymous.request.header('Authorization')).toBeUndefined();
    signIn('secret-token');
    const signed = await send(() => http.post('/api/app/feedback', { content: 'hi' }));
    expect(signed.request.header('Authorization')).toBe('Bearer secret-token');
  });

  it('sends the current language as Accept-Language and X-Lang', async () => {
    const en = await send(() => http.get('/api/app/vip'));
    expect(en.request.header('Accept-Language')).toBe('en-US');
    expect(en.request.header('X-Lang')).toBe('en-US');
    storeLanguage('zh-CN');
    const zh = await send(() => http.get('/api/app/vip', { params: { again: 1 } }));
    expect(zh.request.header('Accept-Language')).toBe('zh-CN');
    expect(zh.request.header('X-Lang')).toBe('zh-CN');
  });

  it('sends a unique X-Request-Id and the XMLHttpRequest marker', async () => {
    const a = await send(() => http.get('/api/a'));
    const b = await send(() => http.post('/api/b'));
    expect(a.request.header('X-Request-Id')).toMatch(UUID);
    expect(b.request.header('X-Request-Id')).toMatch(UUID);
    expect(a.request.header('X-Request-Id')).not.toBe(b.request.header('X-Request-Id'));
    expect(a.request.header('X-Requested-With')).toBe('XMLHttpRequest');
    expect(b.request.header('X-Requested-With')).toBe('XMLHttpRequest');
  });
});

describe('idempotency key', () => {
  it('is added to POST, PUT, PATCH and DELETE but not GET', async () => {
    const calls: (() => Promise<unknown>)[] = [
      () => http.post('/api/x', { a: 1 }),
      () => http.put('/api/x', { a: 1 }),
      () => http.patch('/api/x', { a: 1 }),
      () => http.delete('/api/x'),
    ];
    const keys = new Set<string | undefined>();
    for (const call of calls) {
      const { request } = await send(call);
      expect(request.header('Idempotency-Key')).toMatch(UUID);
      keys.add(request.header('Idempotency-Key'));
    }
    expect(keys.size).toBe(4);
    const get = await send(() => http.get('/api/x'));
    expect(get.request.header('Idempotency-Key')).toBeUndefined();
  });

  it('can be opted out of, or given by the caller', async () => {
    const off = await send(() => http.post('/api/x', {}, { idempotent: false }));
    expect(off.request.header('Idempotency-Key')).toBeUndefined();
    const given = await send(() => http.post('/api/y', {}, { idempotencyKey: 'key-42' }));
    expect(given.request.header('Idempotency-Key')).toBe('key-42');
  });

  it('is reused when an identical mutation supersedes one still in flight', async () => {
    const body = { token: 'USDT', amount: '10' };
    const first = await send(() => http.post('/api/app/asset/withdraw', body));
    const second = await send(() => http.post('/api/app/asset/withdraw', { amount: '10', token: 'USDT' }));
    expect(second.request.header('Idempotency-Key')).toBe(first.request.header('Idempotency-Key'));
    await expect(first.result).rejects.toSatisfy(isCancel);
  });

  it('a superseding mutation waits for the first one’s stored answer instead of failing with 409', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const first = await send(() => http.post('/api/app/game/open', { margin: '5' }));
    const second = await send(() => http.post('/api/app/game/open', { margin: '5' }));
    second.request.respond(409, { code: 409, reason: 'idempotency_in_flight', msg: 'still running' });
    await vi.advanceTimersByTimeAsync(400);
    const replay = server.last();
    expect(replay).not.toBe(second.request);
    expect(replay.header('Idempotency-Key')).toBe(first.request.header('Idempotency-Key'));
    replay.respond(200, ok({ id: 'p1' }));
    await expect(second.result).resolves.toEqual(ok({ id: 'p1' }));
    expect(toast).not.toHaveBeenCalled();
  });
});

describe('GET cache busting', () => {
  it('adds an _r timestamp to GETs only', async () => {
    const get = await send(() => http.get('/api/app/asset/balances', { params: { token: 'USDT' } }));
    expect(get.request.params).toEqual({ token: 'USDT', _r: Date.now() });
    const post = await send(() => http.post('/api/app/feedback', { content: 'x' }));
    expect(post.request.params).not.toHaveProperty('_r');
  });
});

describe('identical in-flight requests', () => {
  it('cancel the earlier one, which rejects silently', async () => {
    const first = await send(() => http.get('/api/app/asset/overview', { params: { a: 1 } }));
    const second = await send(() => http.get('/api/app/asset/overview', { params: { a: 1 } }));
    expect(first.request.aborted).toBe(true);
    await expect(first.result).rejects.toSatisfy(isCancel);
    second.request.respond(200, ok({ total: '1' }));
    await expect(second.result).resolves.toEqual(ok({ total: '1' }));
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.requests).toHaveLength(2); // the cancelled GET is not retried
    expect(toast).not.toHaveBeenCalled();
  });

  it('are identical only with the same method, URL, params and body', async () => {
    const a = await send(() => http.get('/api/x', { params: { page: 1 } }));
    await send(() => http.get('/api/x', { params: { page: 2 } }));
    await send(() => http.get('/api/y', { params: { page: 1 } }));
    const p = await send(() => http.post('/api/x', { page: 1 }));
    await send(() => http.post('/api/x', { page: 2 }));
    expect(a.request.aborted).toBe(false);
    expect(p.request.aborted).toBe(false);
  });
});

describe('GET retry', () => {
  it('retries once after a random 400–800 ms on a network error', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // 600 ms
    const { result, request } = await send(() => http.get('/api/app/asset/precisions'));
    request.failNetwork();
    await vi.advanceTimersByTimeAsync(599);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(2);
    server.last().respond(200, ok([1]));
    await expect(result).resolves.toEqual(ok([1]));
    expect(toast).not.toHaveBeenCalled();
  });

  it('waits between 400 and 800 ms', async () => {
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    const low = await send(() => http.get('/api/low'));
    low.request.failNetwork();
    await vi.advanceTimersByTimeAsync(399);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(2);
    random.mockReturnValue(0.9999);
    const high = await send(() => http.get('/api/high'));
    high.request.failNetwork();
    await vi.advanceTimersByTimeAsync(799);
    expect(server.requests).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests).toHaveLength(4);
  });

  it('retries only once, then fails with the network message', async () => {
    const { result, request } = await send(() => http.get('/api/x'));
    request.failNetwork();
    await vi.advanceTimersByTimeAsync(800);
    server.last().failNetwork();
    await expect(result).rejects.toMatchObject({
      message: 'Network error, please try again',
      kind: 'network',
    });
    expect(server.requests).toHaveLength(2);
    expect(toasts()).toEqual(['Network error, please try again']);
  });

  it('retries after a timeout (abort)', async () => {
    const { result, request } = await send(() => http.get('/api/slow', { timeout: 1000 }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(request.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(800);
    expect(server.requests).toHaveLength(2);
    server.last().respond(200, ok('late'));
    await expect(result).resolves.toEqual(ok('late'));
  });

  it('does not retry mutations', async () => {
    const { result, request } = await send(() => http.post('/api/app/feedback', { content: 'x' }));
    request.failNetwork();
    await expect(result).rejects.toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry, and stays silent, when the caller aborts', async () => {
    const controller = new AbortController();
    const { result, request } = await send(() => http.get('/api/x', { signal: controller.signal }));
    controller.abort();
    await expect(result).rejects.toSatisfy(isCancel);
    expect(request.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.requests).toHaveLength(1);
    expect(toast).not.toHaveBeenCalled();
  });

  it('cancels a pending retry when an identical call supersedes it', async () => {
    const first = await send(() => http.get('/api/x'));
    first.request.failNetwork();
    await flush();
    const second = await send(() => http.get('/api/x'));
    await expect(first.result).rejects.toSatisfy(isCancel);
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.requests).toHaveLength(2);
    second.request.respond(200, ok(1));
    await expect(second.result).resolves.toEqual(ok(1));
  });
});

describe('304', () => {
  it('is retried once with no-cache', async () => {
    const { result, request } = await send(() => http.get('/api/app/asset/precision-map'));
    expect(request.header('Cache-Control')).toBeUndefined();
    request.respond(304);
    await flush();
    const retry = server.last();
    expect(retry).not.toBe(request);
    expect(retry.header('Cache-Control')).toBe('no-cache');
    expect(retry.header('Pragma')).toBe('no-cache');
    retry.respond(200, ok({ price_dp: {} }));
    await expect(result).resolves.toEqual(ok({ price_dp: {} }));
  });

  it('fails when the retry is a 304 again', async () => {
    const { result, request } = await send(() => http.get('/api/x'));
    request.respond(304);
    await flush();
    server.last().respond(304);
    await expect(result).rejects.toMatchObject({ status: 304 });
    expect(server.requests).toHaveLength(2);
  });
});

describe('timeout', () => {
  it('is 15 s by default', async () => {
    const { request } = await send(() => http.post('/api/x'));
    await vi.advanceTimersByTimeAsync(14_999);
    expect(request.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(request.aborted).toBe(true);
  });

  it('can be set per call, and a timed-out mutation rejects with the network message', async () => {
    const { result, request } = await send(() => http.post('/api/x', undefined, { timeout: 60_000 }));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(request.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toMatchObject({
      kind: 'timeout',
      message: 'Network error, please try again',
    });
  });
});

describe('the app-level network timeout (spec §9: 60 s)', () => {
  it('caps a call that asks for longer', async () => {
    const { result, request } = await send(() => http.post('/api/x', undefined, { timeout: 300_000 }));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(request.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(request.aborted).toBe(true);
    await expect(result).rejects.toMatchObject({ kind: 'timeout' });
  });
});

describe('envelope', () => {
  it('resolves with the whole body when code is 0 (spec §8)', async () => {
    const { result, request } = await send(() => api(routes.account.me));
    request.respond(200, { code: 0, msg: 'ok', data: { id: 'u1' } });
    await expect(result).resolves.toEqual({ code: 0, msg: 'ok', data: { id: 'u1' } });
  });

  it('rejects any other code with an ApiError carrying the body', async () => {
    const body = {
      code: 422,
      reason: 'validation',
      msg: 'Invalid address',
      data: { fields: { address: 'Invalid address' } },
    };
    const { result, request } = await send(() => http.post('/api/app/asset/withdraw', {}));
    request.respond(422, body);
    const err = (await result.catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      code: 422,
      status: 422,
      reason: 'validation',
      message: 'Invalid address',
      body,
    });
    expect(err.fields).toEqual({ address: 'Invalid address' });
  });

  it('rejects a non-zero code even with HTTP 200', async () => {
    const { result, request } = await send(() => http.get('/api/x'));
    request.respond(200, { code: 1001, msg: 'Nope' });
    await expect(result).rejects.toMatchObject({ code: 1001, status: 200, message: 'Nope' });
  });
});

describe('401', () => {
  it('with reason user_frozen signs out, says why and goes to login?from=force after 300 ms', async () => {
    signIn();
    const { result, request } = await send(() => http.get('/api/app/asset/balances', { silent: true }));
    request.respond(401, { code: 401, reason: 'user_frozen', msg: 'frozen' });
    await expect(result).rejects.toMatchObject({ status: 401, reason: 'user_frozen' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user_id')).toBeNull();
    expect(localStorage.getItem('email')).toBeNull();
    expect(getSession()).toBeNull();
    expect(toasts()).toEqual(['You have been signed out because your account was frozen.']);
    await vi.advanceTimersByTimeAsync(299);
    expect(nav).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(nav).toHaveBeenCalledWith('/pages/login/index?from=force', { replace: true });
  });

  it('otherwise, with a token, signs out and goes to login with a way back', async () => {
    signIn();
    const { result, request } = await send(() => http.get('/api/app/asset/balances'));
    request.respond(401, { code: 401, reason: 'unauthorized', msg: 'Please sign in first' });
    await expect(result).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user_id')).toBeNull();
    expect(localStorage.getItem('email')).toBeNull();
    expect(toasts()).toEqual(['Session expired. Please log in again.']);
    expect(nav).toHaveBeenCalledWith(
      `/pages/login/index?redirect=${encodeURIComponent('/pages/wallet/token?symbol=USDT')}`,
      { replace: true },
    );
  });

  it('ends the session once when several calls fail together', async () => {
    signIn();
    const a = await send(() => http.get('/api/a'));
    const b = await send(() => http.get('/api/b'));
    a.request.respond(401, { code: 401, reason: 'unauthorized' });
    b.request.respond(401, { code: 401, reason: 'unauthorized' });
    await Promise.allSettled([a.result, b.result]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(nav).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('without a token is just rejected', async () => {
    const { result, request } = await send(() => http.post('/api/app/auth/login', { email: 'a@b.co' }));
    request.respond(401, { code: 401, reason: 'invalid_credentials', msg: 'Incorrect email or password' });
    await expect(result).rejects.toMatchObject({ status: 401, message: 'Incorrect email or password' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(nav).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });

  it('with skipAuthRedirect is just rejected and keeps the session', async () => {
    signIn();
    const opts: RequestOptions = { skipAuthRedirect: true };
    const { result, request } = await send(() => http.post('/api/app/user/password', {}, opts));
    request.respond(401, { code: 401, reason: 'unauthorized' });
    await expect(result).rejects.toMatchObject({ status: 401 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(nav).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
  });

  it('falls back to a full page load when no router navigate is registered', async () => {
    setNavigator(null);
    const replace = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      pathname: '/pages/user/index',
      search: '',
      replace,
      assign: vi.fn(),
    } as Location);
    signIn();
    const { result, request } = await send(() => http.get('/api/x'));
    request.respond(401, { code: 401 });
    await result.catch(() => undefined);
    expect(replace).toHaveBeenCalledWith(
      `/pages/login/index?redirect=${encodeURIComponent('/pages/user/index')}`,
    );
  });
});

describe('failure toasts', () => {
  async function failWith(status: number, body: unknown, opts?: RequestOptions) {
    const { result, request } = await send(() => http.post('/api/x', {}, opts));
    request.respond(status, body);
    return (await result.catch((e: unknown) => e)) as ApiError;
  }

  it('show the server msg', async () => {
    const err = await failWith(400, {
      code: 400,
      reason: 'insufficient_balance',
      msg: 'Insufficient balance',
    });
    expect(err.message).toBe('Insufficient balance');
    expect(toasts()).toEqual(['Insufficient balance']);
  });

  it('fall back to “Request failed” without a msg', async () => {
    await failWith(404, '<html>not found</html>');
    expect(toasts()).toEqual(['Request failed. Please try again later.']);
  });

  it('say “Server busy” for 5xx without a msg', async () => {
    const err = await failWith(502, 'Bad gateway');
    expect(err.message).toBe('Server busy. Try again later');
    expect(toasts()).toEqual(['Server busy. Try again later']);
  });

  it('keep the server msg for 5xx when there is one', async () => {
    await failWith(500, { code: 500, msg: 'Maintenance until 10:00' });
    expect(toasts()).toEqual(['Maintenance until 10:00']);
  });

  it('say “Too many requests” for 429 without a msg', async () => {
    await failWith(429, { code: 429, reason: 'rate_limited' });
    expect(toasts()).toEqual(['Too many requests. Try again later']);
  });

  it('say “Network error” when there is no answer', async () => {
    const { result, request } = await send(() => http.post('/api/x'));
    request.failNetwork();
    await result.catch(() => undefined);
    expect(toasts()).toEqual(['Network error, please try again']);
  });

  it('are left out for silent calls', async () => {
    const err = await failWith(500, { code: 500, msg: 'boom' }, { silent: true });
    expect(err.message).toBe('boom');
    expect(toast).not.toHaveBeenCalled();
  });

  it('are throttled to one per 1.2 s', async () => {
    await failWith(400, { code: 400, msg: 'first' });
    await failWith(400, { code: 400, msg: 'second' });
    await vi.advanceTimersByTimeAsync(1199);
    await failWith(400, { code: 400, msg: 'third' });
    await vi.advanceTimersByTimeAsync(1);
    await failWith(400, { code: 400, msg: 'fourth' });
    expect(toasts()).toEqual(['first', 'fourth']);
  });

  it('are in the current language', async () => {
    storeLanguage('zh-CN');
    await failWith(503, '');
    await vi.advanceTimersByTimeAsync(1200);
    const { result, request } = await send(() => http.post('/api/y'));
    request.failNetwork();
    await result.catch(() => undefined);
    expect(toasts()).toEqual(['服务器繁忙，请稍后再试', '网络错误，请重试']);
  });
});

describe('fallback paths', () => {
  it('fall back on failure, silently for the first call', async () => {
    const { result, request } = await send(() =>
      getWithFallback(routes.wallet.precisionMap, routes.wallet.precisionMapFallback, {}),
    );
    expect(request.url).toBe('/api/app/asset/precision-map');
    request.respond(500, { code: 500 });
    await flush();
    const fallback = server.last();
    expect(fallback.url).toBe('/api/asset/precision-map');
    fallback.respond(200, ok({ price_dp: { BTC: 2 } }));
    await expect(result).resolves.toEqual(ok({ price_dp: { BTC: 2 } }));
    expect(toast).not.toHaveBeenCalled();
  });

  it('fall back only when the condition holds (withdraw config: 404)', async () => {
    const on404 = (e: ApiError) => e.status === 404;
    const { result, request } = await send(() =>
      getWithFallback(
        routes.withdraw.config,
        routes.withdraw.configFallback,
        { query: { token: 'USDT' } },
        on404,
      ),
    );
    request.respond(500, { code: 500, msg: 'down' });
    await expect(result).rejects.toMatchObject({ message: 'down' });
    expect(server.requests).toHaveLength(1);
    expect(toasts()).toEqual(['down']);
  });
});
