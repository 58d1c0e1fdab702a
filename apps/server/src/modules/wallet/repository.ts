// Reads of users for operator money commands (balances and entries are the ledger's: ledger/balances.ts).
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { queryRows } from '../../db/rows';
import { users } from '../../db/schema';

/** Users by email, for many emails at once (one JSON parameter, any count). */
export async function usersByEmail(
  db: Queryable,
  emails: string[],
): Promise<{ id: number; email: string }[]> {
  const rows = await queryRows<{ id: string | number; email: string }>(
    db,
    sql`select id, email from users
        where email in (select jsonb_array_elements_text(${JSON.stringify(emails)}::jsonb))`,
  );
  return rows.map((row) => ({ id: Number(row.id), email: row.email }));
}

export async function activeUserIds(db: Queryable): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.status, 'active'));
  return rows.map((row) => row.id);
}
