// Why this shape: the services ask for a limit at the point where it applies — consume(bucket, id,
// rule) with a rule from config that may be off — and only need "allowed, or retry after N s" to
// answer the spec's 429 ('Too many requests. Try again in {s}s.'). So that small interface stays,
// and the counting behind it is rate-limiter-flexible's: one limiter per bucket and rule (a fixed
// window starting at a key's first hit), in memory by default, or in Redis when REDIS_URL is set so
// that several API processes share the counts. A Redis limiter counts in this process's memory while
// Redis fails (the library's insurance limiter), so an unreachable Redis never turns into a 5xx.
// The memory store reads Date.now(), not our Clock: a test that crosses a window fakes Date, and
// TestClock.advance moves it.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { RateRule } from '../config';
import { rateLimited } from '../errors';

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window resets (when not allowed). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /**
   * Counts `points` hits (default 1) of `id` in `bucket`; a rule of null never limits. 0 points only
   * asks whether `id` is over the limit already (a caller counting failures alone).
   */
  consume(bucket: string, id: string, rule: RateRule | null, points?: number): Promise<RateDecision>;
  close(): Promise<void>;
}

const allowed: RateDecision = { allowed: true, retryAfterSeconds: 0 };

/** Maps (bucket, rule) to a library limiter made on first use; a bucket is used with one rule. */
abstract class FlexibleRateLimiter implements RateLimiter {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  protected abstract create(bucket: string, rule: RateRule): RateLimiterAbstract;

  async consume(bucket: string, id: string, rule: RateRule | null, points = 1): Promise<RateDecision> {
    if (!rule) return allowed;
    const name = `${bucket}\n${rule.max}/${rule.windowSeconds}`;
    let limiter = this.limiters.get(name);
    if (!limiter) {
      limiter = this.create(bucket, rule);
      this.limiters.set(name, limiter);
    }
    try {
      await limiter.consume(id, points);
      return allowed;
    } catch (refusal) {
      // The library rejects with a RateLimiterRes when the limit is hit, with an Error otherwise.
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
    }
  }

  async close() {
    this.limiters.clear();
  }
}

function memoryLimiter(bucket: string, rule: RateRule) {
  return new RateLimiterMemory({ keyPrefix: bucket, points: rule.max, duration: rule.windowSeconds });
}

export class MemoryRateLimiter extends FlexibleRateLimiter {
  protected create(bucket: string, rule: RateRule) {
    return memoryLimiter(bucket, rule);
  }
}

/** How long a call waits for Redis's count before counting in memory alone. */
const COMMAND_TIMEOUT_MS = 1000;

/** Shared counters in Redis under `${prefix}${bucket}:${id}`; Redis keeps the time of the window. */
export class RedisRateLimiter extends FlexibleRateLimiter {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'tradeflip:rl:',
  ) {
    super();
    this.redis = new Redis(url, {
      lazyConnect: false,
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      // Every /api call asks the limiter first: a Redis that takes the connection and never answers
      // (a partition) would hold each call forever. Past this, the insurance limiter counts instead.
      commandTimeout: COMMAND_TIMEOUT_MS,
    });
    this.redis.on('error', () => {
      // ioredis reconnects by itself; meanwhile the insurance limiter counts in memory.
    });
  }

  protected create(bucket: string, rule: RateRule) {
    return new RateLimiterRedis({
      storeClient: this.redis,
      keyPrefix: `${this.prefix}${bucket}`,
      points: rule.max,
      duration: rule.windowSeconds,
      insuranceLimiter: memoryLimiter(bucket, rule),
    });
  }

  override async close() {
    await super.close();
    this.redis.disconnect();
  }
}

export function createRateLimiter(options: { redisUrl: string | undefined }): RateLimiter {
  return options.redisUrl ? new RedisRateLimiter(options.redisUrl) : new MemoryRateLimiter();
}

/**
 * Throws the spec's 429 ('Too many requests. Try again in {s}s.') when a limit is hit; `inMinutes`
 * words the wait in minutes (errors.ts rateLimited).
 */
export async function enforce(
  limiter: RateLimiter,
  bucket: string,
  id: string,
  rule: RateRule | null,
  options: { inMinutes?: boolean } = {},
) {
  const decision = await limiter.consume(bucket, id, rule);
  if (!decision.allowed) throw rateLimited(decision.retryAfterSeconds, options);
}

/**
 * The coarse per-IP limit on every /api call but the operators' and the probes (health, ready): players on
 * one address (a NAT, the operator's own machine) must not lock the operator out of the admin API
 * or make the CLI think the server is gone. Admin routes check their credential at once, without the
 * database (a long random token: guessing it is no use).
 */
/** Liveness and readiness (modules/health). */
const PROBES = new Set(['/api/health', '/api/ready']);

export const apiRateLimitPlugin = fp<{ limiter: RateLimiter; rule: RateRule | null }>(
  async (app: FastifyInstance, { limiter, rule }) => {
    if (!rule) return;
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      // The probes come from load balancers, several a second from one address (a token they carry
      // is not looked up: modules/account/authenticate.ts).
      const probe = PROBES.has(request.routeOptions.url ?? '');
      if (request.routeOptions.config.admin || probe) return;
      await enforce(limiter, 'api', request.ip, rule);
    });
  },
  { name: 'api-rate-limit' },
);
