// The committed migrations (apps/server/drizzle, made by `npm run db:generate -w @tradeflip/server`)
// must describe exactly the schema in schema.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { Decimal } from '@tradeflip/money';
import { runAudit } from '../modules/ledger/audit';
import { loadTestSettings } from '../config';
import { migrationsFolder, type Database } from './client';
import { databaseId } from './identity';
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

describe('the database’s identity', () => {
  it('is written once per database: a second database has its own, migrating again keeps it', async () => {
    const clients = [new PGlite(), new PGlite()];
    try {
      const ids: string[] = [];
      for (const client of clients) {
        const db = drizzle({ client, schema }) as unknown as Database;
        await migrate(drizzle({ client }), { migrationsFolder });
        const id = await databaseId(db);
        await migrate(drizzle({ client }), { migrationsFolder });
        expect(await databaseId(db)).toBe(id);
        ids.push(id);
      }
      expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(ids[1]).not.toBe(ids[0]);
    } finally {
      for (const client of clients) await client.close();
    }
  });
});

describe('0008_vault_exposure on a database with open positions', () => {
  it("starts each vault's running total at its open positions' profit caps", async () => {
    // The migrations up to 0007 in a folder of their own, then every one: an existing database upgraded.
    const journal = JSON.parse(
      fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as Journal & Record<string, unknown>;
    const upTo = journal.entries.findIndex((entry) => entry.tag === '0008_vault_exposure');
    const older = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-migrations-'));
    fs.mkdirSync(path.join(older, 'meta'));
    for (const entry of journal.entries.slice(0, upTo)) {
      fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(older, `${entry.tag}.sql`));
    }
    fs.writeFileSync(
      path.join(older, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }),
    );
    const client = new PGlite();
    try {
      const db = drizzle({ client });
      await migrate(db, { migrationsFolder: older });
      await client.exec(`
        insert into users (email, password_hash, invite_code) values ('a@example.com', 'x', 'AAAAAA');
        insert into market_ticks (symbol, price, time, used_at) values ('BTCUSDT', 60000, 1, now());`);
      const position = (margin: string, multiple: string, status: string, n: number) =>
        client.query(
          `insert into game_positions (order_no, user_id, symbol, margin_token, side, margin, leverage, notional,
             entry_price, open_tick_id, open_fee, close_fee_rate, funding_rate, funding_interval_seconds, mmr,
             profit_cap_multiple, funding_paid, next_funding_at, status, opened_at)
           select $1, u.id, 'BTCUSDT', 'USDT', 'long', $2, 10, $2::numeric * 10, 60000, t.id, 0, 0, 0, 28800, 0.0005,
             $3, 0, now(), $4, now()
             from users u, market_ticks t limit 1`,
          [`C${n}`, margin, multiple, status],
        );
      await position('100', '10', 'open', 1);
      await position('0.123456', '7.5', 'open', 2);
      await position('5000', '10', 'closed', 3);
      await migrate(db, { migrationsFolder });
      const { rows } = await client.query<{ token: string; owed: string }>(
        `select token, owed::text as owed from vault_exposure where token in ('USDT', 'BTC') order by token`,
      );
      // 100 × 10 + 0.123456 × 7.5, exactly; the closed one owes nothing; a token with none owes 0.
      expect(rows.map((row) => [row.token, new Decimal(row.owed).toFixed()])).toEqual([
        ['BTC', '0'],
        ['USDT', '1000.92592'],
      ]);
    } finally {
      await client.close();
      fs.rmSync(older, { recursive: true, force: true });
    }
  });
});

/** A migrations folder holding the committed ones before `tag`: the database of the release before it. */
function migrationsBefore(tag: string): { folder: string; remove(): void } {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as Journal & Record<string, unknown>;
  const upTo = journal.entries.findIndex((entry) => entry.tag === tag);
  if (upTo < 0) throw new Error(`no migration ${tag}`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-migrations-'));
  fs.mkdirSync(path.join(folder, 'meta'));
  for (const entry of journal.entries.slice(0, upTo)) {
    fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  fs.writeFileSync(
    path.join(folder, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }),
  );
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/**
 * Money as the release before 0009 wrote it, in its `accounts` table: a user credited 100 and
 * holding 25 of it frozen for a withdrawal in review, a vault funded with 40 that took a 5 fee.
 */
const MONEY_BEFORE_0009 = `
  insert into users (email, password_hash, invite_code) values ('rich@example.com', 'x', 'RICH01');
  insert into accounts (kind, owner, user_id, token, available, frozen, created_at, updated_at)
    select 'user', 'user:' || id, id, 'USDT', 70, 25, now(), now() from users;
  insert into accounts (kind, owner, token, available, created_at, updated_at) values
    ('vault', 'vault', 'USDT', 45, now(), now()),
    ('equity', 'equity', 'USDT', -140, now(), now());
  insert into ledger_movements (type, ref_type, memo, cause_key, created_at) values
    ('admin_adjust', 'admin', 'gift', null, now()),
    ('admin_adjust', 'vault_fund', null, null, now()),
    ('withdraw', 'withdrawal', 'W1', 'withdrawal:1:freeze', now()),
    ('game_open_fee', 'game_position', 'C1', null, now());
  insert into ledger_postings (movement_id, account_id, token, available_delta, frozen_delta, available_after, frozen_after)
    select m.id, a.id, 'USDT', p.da, p.df, p.aa, p.fa
      from (values
        ('gift', 'user', 100, 0, 100, 0), ('gift', 'equity', -100, 0, -100, 0),
        ('vault_fund', 'vault', 40, 0, 40, 0), ('vault_fund', 'equity', -40, 0, -140, 0),
        ('W1', 'user', -25, 25, 75, 25),
        ('C1', 'user', -5, 0, 70, 25), ('C1', 'vault', 5, 0, 45, 0)
      ) as p(movement, kind, da, df, aa, fa)
      join ledger_movements m on coalesce(m.memo, m.ref_type) = p.movement
      join accounts a on a.kind = p.kind;
  insert into withdrawals (order_no, user_id, token, network, address, amount, fee, status, created_at, updated_at)
    select 'W1', id, 'USDT', 'BEP20', '0x' || repeat('1', 40), 24, 1, 'reviewing', now(), now() from users;`;

/** After 0009: the same money under `ledger_accounts`, a clean audit, and ids that go on. */
async function expectUpgraded(db: Database, query: (text: string) => Promise<Record<string, unknown>[]>) {
  const report = await runAudit(db);
  expect(report.differences).toEqual([]);
  expect(report).toMatchObject({ ok: true, accounts: 3, movements: 4, postings: 7 });
  const rows = await query(
    `select owner, available::text as available, frozen::text as frozen from ledger_accounts order by id`,
  );
  expect(
    rows.map((row) => [
      row.owner,
      new Decimal(String(row.available)).toFixed(),
      new Decimal(String(row.frozen)).toFixed(),
    ]),
  ).toEqual([
    ['user:1', '70', '25'],
    ['vault', '45', '0'],
    ['equity', '-140', '0'],
  ]);
  expect(await query(`select to_regclass('public.accounts') as old`)).toEqual([{ old: null }]);
  // The identity goes on from the old sequence: a new ledger account takes the next id.
  const [created] = await query(
    `insert into ledger_accounts (kind, owner, token, created_at, updated_at)
     values ('vault', 'vault', 'BTC', now(), now()) returning id`,
  );
  expect(Number(created!.id)).toBe(4);
}

describe('0009_ledger_accounts upgrades a database of the release before, with money in it', () => {
  it('on PGlite', async () => {
    const older = migrationsBefore('0009_ledger_accounts');
    const client = new PGlite();
    try {
      await migrate(drizzle({ client }), { migrationsFolder: older.folder });
      await client.exec(MONEY_BEFORE_0009);
      const db = drizzle({ client, schema });
      await migrate(db, { migrationsFolder });
      await expectUpgraded(
        db as unknown as Database,
        async (text) => (await client.query(text)).rows as Record<string, unknown>[],
      );
    } finally {
      await client.close();
      older.remove();
    }
  });

  const settings = loadTestSettings();
  const url = settings.databaseUrl;
  (url || settings.ci ? it : it.skip)('on PostgreSQL', async () => {
    if (!url) throw new Error('CI=true but TEST_DATABASE_URL is not set');
    const older = migrationsBefore('0009_ledger_accounts');
    const name = `tf_upgrade_${process.pid}_${randomBytes(4).toString('hex')}`;
    const server = new pg.Client({ connectionString: url });
    await server.connect();
    await server.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: target.toString(), max: 2 });
    pool.on('error', () => {
      // The drop below ends connections the pool is still closing.
    });
    try {
      await migratePg(drizzlePg({ client: pool }), { migrationsFolder: older.folder });
      await pool.query(MONEY_BEFORE_0009);
      const db = drizzlePg({ client: pool, schema });
      await migratePg(db, { migrationsFolder });
      await expectUpgraded(
        db as unknown as Database,
        async (text) => (await pool.query(text)).rows as Record<string, unknown>[],
      );
    } finally {
      await pool.end();
      await server.query(`drop database if exists ${name} with (force)`);
      await server.end();
      older.remove();
    }
  });
});
