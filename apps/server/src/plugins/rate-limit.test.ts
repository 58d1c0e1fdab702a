import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadTestSettings } from '../config';
import { ADMIN_TOKEN, call, pgliteTarget, TestClock, useDatabase } from '../test/harness';
import { TcpProxy } from '../test/tcp-proxy';
import { MemoryRateLimiter, RedisRateLimiter } from './rate-limit';

describe('the in-memory rate limiter', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('allows max hits per window and tells when the window resets', async () => {
    const clock = new TestClock();
    const limiter = new MemoryRateLimiter();
    const rule = { max: 2, windowSeconds: 60 };
    expect((await limiter.consume('login', 'a', rule)).allowed).toBe(true);
    expect((await limiter.consume('login', 'a', rule)).allowed).toBe(true);
    expect(await limiter.consume('login', 'a', rule)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect((await limiter.consume('login', 'b', rule)).allowed).toBe(true);
    expect((await limiter.consume('code', 'a', rule)).allowed).toBe(true);
    clock.advance(59.2);
    expect(await limiter.consume('login', 'a', rule)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock.advance(0.8);
    expect((await limiter.consume('login', 'a', rule)).allowed).toBe(true);
    expect((await limiter.consume('login', 'a', null)).allowed).toBe(true);
  });
});

/** A refused hit, told to retry within the rule's window. */
function expectRefused(hit: { allowed: boolean; retryAfterSeconds: number }, windowSeconds: number) {
  expect(hit.allowed).toBe(false);
  expect(hit.retryAfterSeconds).toBeGreaterThan(0);
  expect(hit.retryAfterSeconds).toBeLessThanOrEqual(windowSeconds);
}

const redisUrl = loadTestSettings().redisUrl;
describe.skipIf(!redisUrl)('the Redis rate limiter (TEST_REDIS_URL)', () => {
  it('shares counts between limiters', async () => {
    const prefix = `tradeflip-test:${randomBytes(4).toString('hex')}:`;
    const one = new RedisRateLimiter(redisUrl!, prefix);
    const two = new RedisRateLimiter(redisUrl!, prefix);
    try {
      const rule = { max: 2, windowSeconds: 30 };
      expect((await one.consume('login', 'a', rule)).allowed).toBe(true);
      expect((await two.consume('login', 'a', rule)).allowed).toBe(true);
      expectRefused(await one.consume('login', 'a', rule), 30);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('keeps limiting in memory while Redis cannot be reached', async () => {
    const unreachable = new RedisRateLimiter('redis://127.0.0.1:1');
    try {
      const rule = { max: 1, windowSeconds: 30 };
      expect(await unreachable.consume('login', 'a', rule)).toEqual({ allowed: true, retryAfterSeconds: 0 });
      expectRefused(await unreachable.consume('login', 'a', rule), 30);
    } finally {
      await unreachable.close();
    }
  });

  it('keeps limiting in memory, in time, while Redis takes connections and never answers', async () => {
    // A partition: the connection stands, the commands go out, no answer comes back.
    const redis = new URL(redisUrl!);
    const proxy = await TcpProxy.start({ host: redis.hostname, port: Number(redis.port || 6379) });
    const limiter = new RedisRateLimiter(
      proxy.urlFor(redisUrl!),
      `tradeflip-test:${randomBytes(4).toString('hex')}:`,
    );
    try {
      const rule = { max: 1, windowSeconds: 30 };
      expect((await limiter.consume('login', 'a', rule)).allowed).toBe(true);
      await proxy.cut('silent');
      const started = Date.now();
      expect((await limiter.consume('login', 'b', rule)).allowed).toBe(true);
      expectRefused(await limiter.consume('login', 'b', rule), 30);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await limiter.close();
      await proxy.close();
    }
  }, 15_000);

  describe('two API processes with REDIS_URL', () => {
    const db = useDatabase(pgliteTarget);

    it('share the per-IP count of /api calls and answer the spec’s 429', async () => {
      const env = { REDIS_URL: redisUrl!, RATE_LIMIT_API_IP: '3/60' };
      const one = await db.app({ env });
      const two = await db.app({ env });
      const ip = `10.${randomBytes(3).join('.')}`;
      const health = (t: typeof one) => call(t.app, 'GET', '/api/app/flip/config', { ip });
      expect((await health(one)).status).toBe(200);
      expect((await health(two)).status).toBe(200);
      expect((await health(one)).status).toBe(200);
      const refused = await health(two);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        reason: 'rate_limited',
        msg: expect.stringMatching(/^Too many requests\. Try again in \d+s\.$/),
      });
    });
  });
});

describe('the per-IP limit of /api calls', () => {
  const db = useDatabase(pgliteTarget);

  it('never counts the operators’ calls or the health check (players on the same address lock nobody out)', async () => {
    const t = await db.app({ env: { RATE_LIMIT_API_IP: '3/60' } });
    const ip = `10.${randomBytes(3).join('.')}`;
    for (let i = 0; i < 3; i++)
      expect((await call(t.app, 'GET', '/api/app/flip/config', { ip })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/app/flip/config', { ip })).status).toBe(429);
    expect((await call(t.app, 'GET', '/api/health', { ip })).status).toBe(200);
    // A token on a probe is not looked up (no query): not counted either.
    const withToken = await call(t.app, 'GET', '/api/health', { ip, token: 'junk-token' });
    expect(withToken.status).toBe(200);
    const house = await call(t.app, 'GET', '/api/admin/house', {
      ip,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(house.status).toBe(200);
  });
});
