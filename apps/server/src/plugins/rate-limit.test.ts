import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadTestSettings } from '../config';
import { TestClock } from '../test/harness';
import { MemoryRateLimiter, RedisRateLimiter } from './rate-limit';

describe('the in-memory rate limiter', () => {
  it('allows max hits per window and tells when the window resets', async () => {
    const clock = new TestClock();
    const limiter = new MemoryRateLimiter(clock);
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
      const third = await one.consume('login', 'a', rule);
      expect(third.allowed).toBe(false);
      expect(third.retryAfterSeconds).toBeGreaterThan(0);
      expect(third.retryAfterSeconds).toBeLessThanOrEqual(30);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
