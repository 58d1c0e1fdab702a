// Each job's lease, as its leader writes it: a killed leader's job is taken over within 1.25 leases
// (a follower asks four times a lease), so the lease bounds the takeover. The jobs that move money on
// a price (the feed, the contract engine, the flip settler) are taken over within 3 s, the others
// within 10 s.
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { parseConfig } from '../config';
import { queryRows } from '../db/rows';
import { pgliteTarget, useDatabase } from '../test/harness';
import { startJobs, type Job } from './jobs';

const TAKEOVER_PER_LEASE = 1.25;

describe('background jobs', () => {
  const db = useDatabase(pgliteTarget);
  let jobs: Job[] = [];
  afterAll(() => Promise.all(jobs.map((job) => job.stop())));

  it('hold leases short enough to be taken over within 3 s (on a price) or 10 s', async () => {
    const { app } = await db.app();
    jobs = startJobs(app, db.handle.db, parseConfig({ CHAINS: 'off' }));
    const bounds: Record<string, number> = {
      'market-feed': 3_000,
      'game-engine': 3_000,
      'flip-settler': 3_000,
      'invite-rewarder': 10_000,
      'notice-pusher': 10_000,
      'plays-feed': 10_000,
    };
    let leases: { name: string; left_ms: number }[] = [];
    await vi.waitFor(
      async () => {
        leases = await queryRows(
          db.handle.db,
          sql`select name, extract(epoch from (expires_at - now())) * 1000 as left_ms from worker_leases`,
        );
        expect(leases.map((lease) => lease.name).sort()).toEqual(Object.keys(bounds).sort());
      },
      { timeout: 20_000, interval: 50 },
    );
    for (const lease of leases) {
      expect({ [lease.name]: Number(lease.left_ms) * TAKEOVER_PER_LEASE <= bounds[lease.name]! }).toEqual({
        [lease.name]: true,
      });
    }
  });
});
