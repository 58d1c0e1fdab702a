// Rows of the address book (withdraw_addresses), owned by the withdraw module.
import { and, count, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { withdrawAddresses } from './schema';
import type { NetworkName } from '../../chain/network';

export type SavedAddressRow = typeof withdrawAddresses.$inferSelect;

export async function userAddresses(
  db: Queryable,
  userId: number,
  network?: NetworkName,
): Promise<SavedAddressRow[]> {
  return db
    .select()
    .from(withdrawAddresses)
    .where(
      and(
        eq(withdrawAddresses.userId, userId),
        network === undefined ? undefined : eq(withdrawAddresses.network, network),
      ),
    )
    .orderBy(desc(withdrawAddresses.id));
}

export async function countAddresses(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawAddresses)
    .where(eq(withdrawAddresses.userId, userId));
  return row?.n ?? 0;
}

/** Inserts the entry; undefined when the user already saved this address on this network. */
export async function insertAddress(
  db: Queryable,
  values: typeof withdrawAddresses.$inferInsert,
): Promise<SavedAddressRow | undefined> {
  const [row] = await db.insert(withdrawAddresses).values(values).onConflictDoNothing().returning();
  return row;
}

/** Deletes one of the user's entries; false when there was none of theirs with that id. */
export async function deleteAddress(db: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(withdrawAddresses)
    .where(and(eq(withdrawAddresses.id, id), eq(withdrawAddresses.userId, userId)))
    .returning({ id: withdrawAddresses.id });
  return rows.length > 0;
}
