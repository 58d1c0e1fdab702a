// `npm run admin -- backup FILE` / `restore FILE` on the embedded default. The server runs in a child
// process (with its local chains) while users play; the backup is taken in the middle of it, restored
// into another DATA_DIR, and that copy must be one moment of the source: every account's balances are
// those the source's ledger had after the copy's last movement, the audit is clean, and a server started
// on it serves the same sessions and balances. Then what a restore refuses.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Decimal } from '@tradeflip/money';
import { parseConfig } from '../config';
import { openPglite } from '../db/client';
import { databaseId } from '../db/identity';
import { queryRows } from '../db/rows';
import { cliWorkspace, runCliScript } from '../test/cli';
import { dataDirCommands } from './backup';
import { CliError } from './command-kit';
import { makeWebDist, pgliteTarget } from '../test/harness';
import { post, signUpFunded } from '../test/server-calls';
import { startServerProcess, type ServerProcess } from '../test/server-process';

const ADMIN_TOKEN = 'backup-test-admin-token-0123';

interface AccountBalance {
  owner: string;
  token: string;
  available: string;
  frozen: string;
}

/** Every ledger account's balances, as they stood after movement `upTo` (all of them without it). */
async function balancesAt(dataDir: string, upTo?: number): Promise<AccountBalance[]> {
  const database = await openPglite(path.join(dataDir, 'db'));
  try {
    const rows = await queryRows<AccountBalance>(
      database.db,
      sql`select a.owner, a.token, coalesce(p.available_after, 0)::text as available,
                 coalesce(p.frozen_after, 0)::text as frozen
            from ledger_accounts a
            left join lateral (
              select available_after, frozen_after from ledger_postings
               where account_id = a.id and movement_id <= ${upTo ?? Number.MAX_SAFE_INTEGER}
               order by id desc limit 1) p on true
           order by a.owner, a.token`,
    );
    return rows
      .map((row) => ({
        ...row,
        available: new Decimal(row.available).toFixed(),
        frozen: new Decimal(row.frozen).toFixed(),
      }))
      .filter((row) => row.available !== '0' || row.frozen !== '0');
  } finally {
    await database.close();
  }
}

async function lastMovement(dataDir: string): Promise<number> {
  const database = await openPglite(path.join(dataDir, 'db'));
  try {
    const [row] = await queryRows<{ id: number }>(
      database.db,
      sql`select coalesce(max(id), 0)::int as id from ledger_movements`,
    );
    return row!.id;
  } finally {
    await database.close();
  }
}

/** The database's identity, which names its price stream on Redis (db/identity.ts). */
async function identityOf(dataDir: string): Promise<string> {
  const database = await openPglite(path.join(dataDir, 'db'));
  try {
    return await databaseId(database.db);
  } finally {
    await database.close();
  }
}

describe('backup and restore of the embedded database', () => {
  const source = cliWorkspace(pgliteTarget, 'tf-backup-source-');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-backup-'));
  const webDist = makeWebDist();
  const running = new Set<ServerProcess>();
  afterEach(async () => {
    for (const server of running) await server.kill();
    running.clear();
  });
  afterAll(() => {
    fs.rmSync(scratch, { recursive: true, force: true });
    fs.rmSync(webDist, { recursive: true, force: true });
  });
  const serverEnv = {
    ADMIN_TOKEN,
    LOG_LEVEL: 'fatal',
    RATE_LIMIT_API_IP: 'off',
    RATE_LIMIT_CODE_IP: 'off',
    RATE_LIMIT_REGISTER_IP: 'off',
  };
  const start = async (env: Record<string, string>) => {
    const server = await startServerProcess({ ...env, ...serverEnv });
    running.add(server);
    return server;
  };
  /** An empty DATA_DIR of its own, with the environment of the CLI and the server on it. */
  const elsewhere = (name: string) => {
    const dataDir = path.join(scratch, name);
    return { dataDir, env: { DATA_DIR: dataDir, WEB_DIST: webDist, LOG_LEVEL: 'silent' } };
  };
  const admin = (args: string[], env: Record<string, string>) => runCliScript('admin', args, env);
  /** The same command run in this process (quicker than a CLI process where the exit code is not the point). */
  const run = (command: string, file: string, env: Record<string, string>) =>
    dataDirCommands.find((candidate) => candidate.name === command)!.run(parseConfig(env), [file]);

  it('copies one moment of a server in play, and the copy runs with the same balances', async () => {
    const server = await start(source.env());
    const call = async (callPath: string, body: unknown, token = ADMIN_TOKEN) => {
      const answer = await post(server.url, { path: callPath, body, token });
      expect(answer !== 'dropped' && answer.body, callPath).toMatchObject({ code: 0 });
    };
    const funding = { url: server.url, dataDir: source.dataDir, adminToken: ADMIN_TOKEN };
    // One after the other: the first is user 1 in the ledger, the second user 2.
    const users = [await signUpFunded(funding, '1000'), await signUpFunded(funding, '500')];
    await call('/api/admin/vault/fund', { token: 'USDT', amount: '100000' });
    await call('/api/admin/market/price', { symbol: 'BTCUSDT', price: '100' });
    await call('/api/admin/flip/config', {
      maxOpenPositions: 1000,
      duration: { seconds: 60, enabled: true },
      rate: { symbol: 'BTCUSDT', seconds: 60, payoutRate: '0.85' },
    });

    // Play goes on (flips and an operator's credits, each a ledger movement) until told to stop.
    let playing = true;
    let moves = 0;
    let failure: unknown;
    const movesReach = async (count: number) => {
      while (moves < count && !failure) await new Promise((resolve) => setTimeout(resolve, 20));
      if (failure) throw failure;
    };
    const play = async (user: { email: string; token: string }, index: number) => {
      for (let i = 0; playing; i++) {
        if (i % 5 === 4) {
          await call('/api/admin/balances/adjust', {
            email: user.email,
            token: 'USDT',
            amount: '0.5',
            reason: 'play',
          });
        } else {
          const direction = (i + index) % 2 === 0 ? 'up' : 'down';
          await call(
            '/api/app/flip/open',
            { symbol: 'BTCUSDT', direction, amount: '1', duration: 60, token: 'USDT' },
            user.token,
          );
        }
        moves++;
      }
    };
    // Its failure is reported where it is awaited, not as an unhandled rejection meanwhile.
    const players = Promise.all(users.map(play)).catch((error: unknown) => (failure = error));
    await movesReach(20);

    const file = path.join(scratch, 'in-play.tfbackup');
    const backup = await admin(['backup', file], { ...source.env(), ADMIN_TOKEN });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('via the running server');
    expect(backup.stdout).toMatch(/the local ERC20 chain, the local BEP20 chain/);
    const movesAtBackup = moves;
    await movesReach(movesAtBackup + 10);
    playing = false;
    await players;
    if (failure) throw failure;
    await server.stop();

    const copy = elsewhere('restored');
    const restored = await admin(['restore', file], copy.env);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(path.join(copy.dataDir, 'db'));
    expect(fs.existsSync(path.join(copy.dataDir, 'chains', 'erc20.json'))).toBe(true);
    // A database of its own: run beside the original on one Redis, it never hears the original's prices.
    expect(await identityOf(copy.dataDir)).not.toBe(await identityOf(source.dataDir));

    // One moment of the source: play before it is in, play after it is not, and every balance is the
    // source's right after the copy's last movement.
    const cut = await lastMovement(copy.dataDir);
    expect(cut).toBeGreaterThan(20);
    expect(await lastMovement(source.dataDir)).toBeGreaterThan(cut);
    const copied = await balancesAt(copy.dataDir);
    expect(copied.filter((row) => row.owner.startsWith('user:'))).toHaveLength(2);
    expect(copied).toEqual(await balancesAt(source.dataDir, cut));

    const audit = await runCliScript('audit', ['--json'], copy.env);
    expect(audit.code, audit.stderr).toBe(0);
    expect((JSON.parse(audit.stdout) as { ok: boolean }).ok).toBe(true);

    // A server on the copy (its chains from the backup) knows the users' sessions and their balances.
    const again = await start(copy.env);
    for (const [index, user] of users.entries()) {
      const res = await fetch(`${again.url}/api/app/asset/balances`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      const body = (await res.json()) as {
        data: { list: { token: string; available: string; frozen: string }[] };
      };
      const usdt = body.data.list.find((row) => row.token === 'USDT')!;
      const owner = copied
        .filter((row) => row.owner.startsWith('user:') && row.token === 'USDT')
        .sort((a, b) => Number(a.owner.slice(5)) - Number(b.owner.slice(5)))[index]!;
      expect(new Decimal(usdt.available).plus(usdt.frozen).toFixed(), user.email).toBe(
        new Decimal(owner.available).plus(owner.frozen).toFixed(),
      );
    }
    await again.stop();
    // That server has settled the flips copied open since: the copy is now a database of its own.
    const ran = await balancesAt(copy.dataDir);

    // With no server, the CLI takes the backup itself; and it never overwrites a file.
    const stopped = path.join(scratch, 'stopped.tfbackup');
    const direct = await run('backup', stopped, copy.env);
    expect(direct).toContain(`via the database in ${path.join(copy.dataDir, 'db')}`);
    await expect(run('backup', stopped, copy.env)).rejects.toThrow(`${stopped} exists already`);

    // A restore never replaces a database: a DATA_DIR holding one is named and left as it was.
    await expect(run('restore', stopped, copy.env)).rejects.toThrow(
      `${copy.dataDir} is not empty: ${path.join(copy.dataDir, 'db')}`,
    );
    expect(await balancesAt(copy.dataDir)).toEqual(ran);
    // Restored elsewhere, that backup is the same database.
    const third = elsewhere('restored-again');
    await run('restore', stopped, third.env);
    expect(await balancesAt(third.dataDir)).toEqual(ran);
  }, 420_000);

  it('refuses a file that is not a backup, and PostgreSQL', async () => {
    const target = elsewhere('not-a-backup');
    for (const [name, content] of [
      ['notes.txt', 'just some text\n'],
      ['empty.tar', Buffer.alloc(1024)],
    ] as const) {
      const file = path.join(scratch, name);
      fs.writeFileSync(file, content);
      await expect(run('restore', file, target.env)).rejects.toThrow(`${file} is not a TradeFlip backup`);
    }
    await expect(run('restore', path.join(scratch, 'nowhere.tfbackup'), target.env)).rejects.toThrow(
      /cannot read .*ENOENT/,
    );
    expect(fs.existsSync(path.join(target.dataDir, 'db'))).toBe(false);

    const postgres = { ...target.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test', ADMIN_TOKEN };
    for (const command of ['backup', 'restore']) {
      const refusal = run(command, path.join(scratch, 'pg.tfbackup'), postgres);
      await expect(refusal).rejects.toThrow(/pg_dump.*"Backups and restore"/);
      await expect(refusal).rejects.toBeInstanceOf(CliError);
    }
  });
});
