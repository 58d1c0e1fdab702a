// Fixed-window counters for the rate limits of DESIGN §3 (code sending, login, register, per email
// and per IP) and a coarse per-IP limit on every /api call. In memory by default; in Redis when
// REDIS_URL is set so that several API processes share the counts.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Clock } from '../clock';
import type { RateRule } from '../config';
import { rateLimited } from './errors';

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window resets (when not allowed). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit of `id` in `bucket`; a rule of null never limits. */
  consume(bucket: string, id: string, rule: RateRule | null): Promise<RateDecision>;
  close(): Promise<void>;
}

const allowed: RateDecision = { allowed: true, retryAfterSeconds: 0 };

export class MemoryRateLimiter implements RateLimiter {
  private windows = new Map<string, { count: number; resetAt: number }>();
  private hits = 0;

  constructor(private readonly clock: Clock) {}

  async consume(bucket: string, id: string, rule: RateRule | null): Promise<RateDecision> {
    if (!rule) return allowed;
    const now = this.clock.now().getTime();
    if (++this.hits % 1000 === 0) this.sweep(now);
    const key = `${bucket}\n${id}`;
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + rule.windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= rule.max) return allowed;
    return { allowed: false, retryAfterSeconds: Math.ceil((window.resetAt - now) / 1000) };
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }

  async close() {
    this.windows.clear();
  }
}

const consumeScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

/** Shared counters in Redis; the window starts at a key's first hit (Redis keeps the time). */
export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'tradeflip:rl:',
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.redis.on('error', () => {
      // ioredis reconnects by itself; a failing call surfaces as a 5xx of that request.
    });
  }

  async consume(bucket: string, id: string, rule: RateRule | null): Promise<RateDecision> {
    if (!rule) return allowed;
    const [count, ttl] = (await this.redis.eval(
      consumeScript,
      1,
      `${this.prefix}${bucket}:${id}`,
      String(rule.windowSeconds * 1000),
    )) as [number, number];
    if (count <= rule.max) return allowed;
    return { allowed: false, retryAfterSeconds: Math.ceil(ttl / 1000) };
  }

  async close() {
    this.redis.disconnect();
  }
}

export function createRateLimiter(options: { redisUrl: string | undefined; clock: Clock }): RateLimiter {
  return options.redisUrl ? new RedisRateLimiter(options.redisUrl) : new MemoryRateLimiter(options.clock);
}

/** Throws the spec's 429 ('Too many requests. Try again in {s}s.') when a limit is hit. */
export async function enforce(limiter: RateLimiter, bucket: string, id: string, rule: RateRule | null) {
  const decision = await limiter.consume(bucket, id, rule);
  if (!decision.allowed) throw rateLimited(decision.retryAfterSeconds);
}

/** The coarse per-IP limit on every /api call. */
export const apiRateLimitPlugin = fp<{ limiter: RateLimiter; rule: RateRule | null }>(
  async (app: FastifyInstance, { limiter, rule }) => {
    if (!rule) return;
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      await enforce(limiter, 'api', request.ip, rule);
    });
  },
  { name: 'api-rate-limit' },
);
