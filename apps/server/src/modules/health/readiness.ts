// Whether this process can serve (/api/ready): its database answers, Redis answers when configured,
// the database's migrations are at this build's head, and it hears the market's marks (every
// process needs them: they price each order and settlement). Each check has a short deadline, so a
// cut database makes the probe answer 503 at once instead of hanging with the pool.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ReadinessPart } from '@tradeflip/api';
import type { Database } from '../../db/client';
import { migrationsFolder } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { MarketService } from '../market/service';

/** How long the database, or Redis, may take to answer a probe. */
const CHECK_MS = 1000;

export type Failing = Partial<Record<ReadinessPart, string>>;

/** When the newest migration bundled with this build was made (drizzle's `created_at` of it). */
function bundledHead(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** A check that ran out of time: said as it is, publicly (it names nothing of the deployment). */
class NoAnswer extends Error {}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswer(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The driver's words (Drizzle wraps them in its "Failed query: …", which names only the statement). */
function driverWords(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return (cause instanceof Error ? cause.message : String(cause)) || 'failed';
}

/**
 * What the public probe says of a part that failed: its deadline as it is, any other error only as
 * unreachable. The driver's words can name the database's host and port, or its user: they go to
 * the log (see `logChanges`), not to whoever asks /api/ready.
 */
function publicReason(error: unknown): string {
  return error instanceof NoAnswer ? error.message : 'unreachable';
}

/** How long one check's database and Redis answers serve the probes that follow it. */
const REUSE_MS = 500;

interface Checked {
  at: number;
  failing: Failing;
  /** The driver's words for each failing part, for the operator's log. */
  details: Failing;
}

export class Readiness {
  private readonly head = bundledHead();
  /** The check under way: the route is public, and a flood of probes shares one query at a time. */
  private underWay: Promise<Checked> | undefined;
  private last: Checked | undefined;
  /** The failing parts last logged, so an outage is logged as it starts and ends, not per probe. */
  private logged = '{}';

  constructor(
    private readonly deps: {
      db: Database;
      market: MarketService;
      redis: boolean;
      log?: FastifyBaseLogger;
      checkMs?: number;
      reuseMs?: number;
    },
  ) {}

  /**
   * Each part that fails now, and why (empty: ready). The database and Redis are asked at most once
   * per half second, whatever the rate of probes (a check under way, or one just done, answers
   * them); whether marks are heard is read afresh for each probe.
   */
  async failing(): Promise<Failing> {
    const reuseMs = this.deps.reuseMs ?? REUSE_MS;
    const fresh = this.last && Date.now() - this.last.at < reuseMs ? this.last : undefined;
    const checked =
      fresh ?? (await (this.underWay ??= this.check().finally(() => (this.underWay = undefined))));
    const failing: Failing = { ...checked.failing };
    const unheard = this.deps.market.marksUnheard();
    if (unheard) failing.marks = unheard.reason;
    return failing;
  }

  private async check(): Promise<Checked> {
    const ms = this.deps.checkMs ?? CHECK_MS;
    const failing: Failing = {};
    const details: Failing = {};
    const [database, redis] = await Promise.allSettled([
      // One statement both pings the database and reads how far it is migrated.
      withDeadline(
        queryRows<{ applied: string | null }>(
          this.deps.db,
          sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`,
        ),
        ms,
      ),
      this.deps.redis ? withDeadline(this.deps.market.relayReachable(), ms) : Promise.resolve(),
    ]);
    if (database.status === 'rejected') {
      failing.database = publicReason(database.reason);
      details.database = driverWords(database.reason);
    } else {
      const applied = Number(database.value[0]?.applied ?? 0);
      // A newer build may have migrated further: this one still serves (upgrades keep old processes).
      if (applied < this.head) failing.migrations = 'the database is behind this build’s migrations';
    }
    if (redis.status === 'rejected') {
      failing.redis = publicReason(redis.reason);
      details.redis = driverWords(redis.reason);
    }
    this.last = { at: Date.now(), failing, details };
    this.logChanges(failing, details);
    return this.last;
  }

  private logChanges(failing: Failing, details: Failing) {
    const now = JSON.stringify(failing);
    if (now === this.logged) return;
    const was = this.logged;
    this.logged = now;
    if (now === '{}')
      this.deps.log?.info(
        { was: JSON.parse(was) as Failing },
        'readiness: the database and Redis answer again',
      );
    else this.deps.log?.warn({ failing: { ...failing, ...details } }, 'readiness: not ready');
  }
}

/** The probe's answer for these failing parts: 200, or 503 naming each one (/api/ready's envelope). */
export function readinessAnswer(failing: Failing) {
  if (Object.keys(failing).length === 0) {
    return { status: 200 as const, body: { code: 0, data: { status: 'ready' as const, failing } } };
  }
  return {
    status: 503 as const,
    body: { code: 503, msg: 'Not ready', data: { status: 'unready' as const, failing } },
  };
}
