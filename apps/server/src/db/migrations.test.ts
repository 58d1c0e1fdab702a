// The committed migrations (apps/server/drizzle, made by `npm run db:generate -w @tradeflip/server`)
// must describe exactly the schema in schema.ts.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { migrationsFolder } from './client';
import * as schema from './schema';

interface Journal {
  entries: { idx: number; tag: string }[];
}

describe('committed migrations', () => {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as Journal;

  it('has an SQL file and a snapshot for every journal entry', () => {
    expect(journal.entries.length).toBeGreaterThan(0);
    for (const entry of journal.entries) {
      expect(fs.existsSync(path.join(migrationsFolder, `${entry.tag}.sql`)), entry.tag).toBe(true);
      const snapshot = `${String(entry.idx).padStart(4, '0')}_snapshot.json`;
      expect(fs.existsSync(path.join(migrationsFolder, 'meta', snapshot)), snapshot).toBe(true);
    }
    const sqlFiles = fs.readdirSync(migrationsFolder).filter((file) => file.endsWith('.sql'));
    expect(sqlFiles.sort()).toEqual(journal.entries.map((entry) => `${entry.tag}.sql`).sort());
  });

  it('are not stale: generating from schema.ts adds nothing', async () => {
    const last = journal.entries.at(-1)!;
    const snapshotFile = path.join(
      migrationsFolder,
      'meta',
      `${String(last.idx).padStart(4, '0')}_snapshot.json`,
    );
    const committed = JSON.parse(fs.readFileSync(snapshotFile, 'utf8')) as Parameters<
      typeof generateMigration
    >[0];
    const current = generateDrizzleJson(schema as unknown as Record<string, unknown>, committed.id);
    const statements = await generateMigration(committed, current);
    expect(
      statements,
      'schema.ts changed: run `npm run db:generate -w @tradeflip/server` and commit',
    ).toEqual([]);
  });
});
