// One leader per background worker across processes sharing the database (the watcher of a network,
// the withdrawal sender): a lease row that its holder renews and others may take once it expires.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { queryRows } from '../db/rows';

/**
 * Takes or renews the lease `name` for `holder` until now + ttlMs. True when `holder` has it: it was
 * free, expired, or already `holder`'s.
 */
export async function acquireLease(
  db: Queryable,
  name: string,
  holder: string,
  now: Date,
  ttlMs: number,
): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + ttlMs);
  const rows = await queryRows<{ holder: string }>(
    db,
    sql`
    insert into worker_leases (name, holder, expires_at)
    values (${name}, ${holder}, ${expiresAt.toISOString()})
    on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
      where worker_leases.holder = excluded.holder or worker_leases.expires_at < ${now.toISOString()}
    returning holder`,
  );
  return rows.length === 1;
}

/** Gives the lease up (on shutdown), so another process takes over at once. */
export async function releaseLease(db: Queryable, name: string, holder: string): Promise<void> {
  await db.execute(sql`delete from worker_leases where name = ${name} and holder = ${holder}`);
}

/** Every lease: who holds it and until when (the metrics show which process leads each job). */
export async function leases(db: Queryable): Promise<{ name: string; holder: string; expiresAt: Date }[]> {
  const rows = await queryRows<{ name: string; holder: string; expires_at: string | Date }>(
    db,
    sql`select name, holder, expires_at from worker_leases`,
  );
  return rows.map((row) => ({ name: row.name, holder: row.holder, expiresAt: new Date(row.expires_at) }));
}
