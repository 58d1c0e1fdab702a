// Queries of the VIP level table.
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { vipLevels } from './schema';

export type LevelRow = typeof vipLevels.$inferSelect;

export function levels(db: Queryable): Promise<LevelRow[]> {
  return db.select().from(vipLevels).orderBy(asc(vipLevels.level));
}

export async function removeLevel(db: Queryable, level: number) {
  await db.delete(vipLevels).where(eq(vipLevels.level, level));
}

export async function setLevel(
  db: Queryable,
  row: { level: number; minTurnover: string; rewardBonus: string },
  now: Date,
) {
  await db
    .insert(vipLevels)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({
      target: vipLevels.level,
      set: { minTurnover: row.minTurnover, rewardBonus: row.rewardBonus, updatedAt: now },
    });
}
