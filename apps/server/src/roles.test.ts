// ROLE=api and ROLE=worker on one PostgreSQL database and one Redis: players' flips are opened through
// the API process and settled by the worker, which alone holds the leases; with the worker stopped
// nothing settles, and once it is back the flips that fell due meanwhile settle, each once. Real
// processes (server.ts), real PostgreSQL and Redis; needs TEST_DATABASE_URL and TEST_REDIS_URL
// (required when CI=true).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Decimal } from '@tradeflip/money';
import { loadTestSettings } from './config';
import { queryRows } from './db/rows';
import { openScratchPostgres } from './db/scratch';
import { runAudit } from './modules/ledger/audit';
import { readServerRecord } from './server-record';
import { makeWebDist } from './test/harness';
import { post, signUpFunded } from './test/server-calls';
import { runServerToExit, startServerProcess, type ServerProcess } from './test/server-process';

const settings = loadTestSettings();
const ready = Boolean(settings.databaseUrl && settings.redisUrl);
const ADMIN_TOKEN = 'roles-test-admin-token-0123';
const FLIPS = 8;

describe.runIf(ready || settings.ci)('an API process and a worker on one database', () => {
  let database: Awaited<ReturnType<typeof openScratchPostgres>> | undefined;
  const dirs: string[] = [];
  const running = new Set<ServerProcess>();

  beforeAll(async () => {
    if (!ready) throw new Error('CI=true but TEST_DATABASE_URL or TEST_REDIS_URL is not set');
    database = await openScratchPostgres(settings.databaseUrl!, 'roles', { max: 2 });
  });
  afterAll(async () => {
    for (const server of running) await server.kill();
    await database?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function start(role: 'api' | 'worker') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tf-${role}-`));
    const webDist = makeWebDist();
    dirs.push(dataDir, webDist);
    const server = await startServerProcess({
      ROLE: role,
      DATABASE_URL: database!.url,
      REDIS_URL: settings.redisUrl!,
      CHAINS: 'off',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      ADMIN_TOKEN,
      LOG_LEVEL: 'fatal',
      MARKET_TICK_MS: '100',
      RATE_LIMIT_API_IP: 'off',
      RATE_LIMIT_CODE_IP: 'off',
      RATE_LIMIT_REGISTER_IP: 'off',
    });
    running.add(server);
    return { server, dataDir };
  }

  const flipState = () =>
    queryRows<{ id: number; status: string; pnl: string | null; outcomes: number }>(
      database!.db,
      sql`select f.id::int as id, f.status, f.pnl::text as pnl,
                 (select count(*)::int from ledger_movements m
                   where m.ref_type = 'flip_position' and m.ref_id::text = f.id::text
                     and m.type in ('flip_profit_pay', 'flip_consume', 'flip_refund')) as outcomes
            from flip_positions f order by f.id`,
    );
  const leaseHolders = async () =>
    (await queryRows<{ holder: string }>(database!.db, sql`select holder from worker_leases`)).map(
      (row) => row.holder,
    );

  it('settles through the worker the flips opened through the API, once, and none while it is down', async () => {
    // The worker first: it migrates the database and leads every job; it listens nowhere.
    let worker = await start('worker');
    expect(worker.server.url).toBe('');
    expect(readServerRecord(worker.dataDir)).toMatchObject({ role: 'worker', pid: worker.server.serverPid });
    const api = await start('api');
    const admin = async (url: string, body: unknown) => {
      const answer = await post(api.server.url, { path: url, body, token: ADMIN_TOKEN });
      expect(answer !== 'dropped' && answer.status, url).toBe(200);
    };
    const user = await signUpFunded(
      { url: api.server.url, dataDir: api.dataDir, adminToken: ADMIN_TOKEN },
      '1000',
    );
    await admin('/api/admin/vault/fund', { token: 'USDT', amount: '100000' });
    await admin('/api/admin/flip/config', {
      duration: { seconds: 5, enabled: true },
      rate: { symbol: 'BTCUSDT', seconds: 5, payoutRate: '0.85' },
    });
    // The pin reaches the worker's feed, and its marks the API process over Redis.
    await admin('/api/admin/market/price', { symbol: 'BTCUSDT', price: '100' });
    const openFlips = async () => {
      for (let i = 0; i < FLIPS; i++) {
        const answer = await post(api.server.url, {
          path: '/api/app/flip/open',
          body: { symbol: 'BTCUSDT', direction: 'up', amount: '1', duration: 5, token: 'USDT' },
          token: user.token,
        });
        expect(answer !== 'dropped' && answer.body).toMatchObject({ code: 0 });
      }
    };
    await vi.waitFor(openFlips, { timeout: 15_000, interval: 500 });
    await admin('/api/admin/market/price', { symbol: 'BTCUSDT', price: '101' });
    await vi.waitFor(
      async () => expect((await flipState()).filter((flip) => flip.status === 'open')).toEqual([]),
      { timeout: 30_000, interval: 250 },
    );
    // Every lease is the worker's: the API process leads nothing.
    const holders = await leaseHolders();
    expect(holders.length).toBeGreaterThan(0);
    for (const holder of holders) expect(holder).toContain(`:${worker.server.serverPid}:`);

    // Flips opened, then the worker stops: past their expiry, nothing settles them. Opened once
    // the mark has followed the pin back (a player's open is refused while the two are apart).
    await admin('/api/admin/market/price', { symbol: 'BTCUSDT', price: '100' });
    await vi.waitFor(
      async () => {
        const res = await fetch(`${api.server.url}/api/app/market/tickers`);
        const body = (await res.json()) as { data: { list: { symbol: string; mark: string }[] } };
        expect(body.data.list.find((row) => row.symbol === 'BTCUSDT')?.mark).toBe('100');
      },
      { timeout: 15_000, interval: 250 },
    );
    const settledBefore = (await flipState()).length;
    await openFlips();
    await worker.server.stop();
    running.delete(worker.server);
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    const waiting = (await flipState()).filter((flip) => flip.status === 'open');
    expect(waiting).toHaveLength(FLIPS);
    expect(await leaseHolders()).toEqual([]);

    // A worker again: the flips that fell due settle, each once.
    worker = await start('worker');
    await vi.waitFor(
      async () => expect((await flipState()).filter((flip) => flip.status === 'open')).toEqual([]),
      { timeout: 30_000, interval: 250 },
    );
    const flips = await flipState();
    expect(flips).toHaveLength(settledBefore + FLIPS);
    expect(flips.map((flip) => flip.outcomes)).toEqual(flips.map(() => 1));
    // The user's balance is the credit, every flip's result and the rewards of their plays (paid by
    // the worker's rewarder after the settlement), nothing twice.
    const results = flips.reduce((sum, flip) => sum.plus(flip.pnl ?? 0), new Decimal(0));
    await vi.waitFor(
      async () => {
        const [rewards] = await queryRows<{ usdt: string | null }>(
          database!.db,
          sql`select sum(p.available_delta)::text as usdt
                from ledger_postings p
                join ledger_movements m on m.id = p.movement_id
                join ledger_accounts a on a.id = p.account_id
                join users u on u.id = a.user_id
               where m.ref_type = 'game_event' and a.token = 'USDT' and u.email = ${user.email}`,
        );
        const answer = await fetch(`${api.server.url}/api/app/asset/balances`, {
          headers: { authorization: `Bearer ${user.token}` },
        });
        const { list } = ((await answer.json()) as { data: { list: { token: string; available: string }[] } })
          .data;
        const usdt = list.find((row) => row.token === 'USDT')!;
        expect(new Decimal(usdt.available).toFixed()).toBe(
          new Decimal(1000)
            .plus(results)
            .plus(rewards?.usdt ?? 0)
            .toFixed(),
        );
      },
      { timeout: 10_000, interval: 250 },
    );
    expect((await runAudit(database!.db)).ok).toBe(true);
  }, 180_000);

  it('refuses a split role on the embedded database, or the hot wallet key on an API process', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-role-refused-'));
    dirs.push(dataDir);
    const key = `0x${'ab'.repeat(32)}`;
    // Side by side: each is a start-up that stops at its configuration.
    const [embedded, keyed] = await Promise.all([
      runServerToExit({ ROLE: 'worker', DATA_DIR: dataDir, CHAINS: 'off' }),
      runServerToExit({
        ROLE: 'api',
        DATA_DIR: dataDir,
        DATABASE_URL: database!.url,
        REDIS_URL: settings.redisUrl!,
        CHAINS: 'off',
        HOT_WALLET_PRIVATE_KEY: key,
      }),
    ]);
    expect(embedded.code).toBe(1);
    expect(embedded.stderr).toContain('DATABASE_URL is required by ROLE=worker');
    expect(keyed.code).toBe(1);
    expect(keyed.stderr).toContain('HOT_WALLET_PRIVATE_KEY must not be set on ROLE=api');
    expect(`${keyed.stderr}${keyed.stdout}`).not.toContain('abab');
  }, 120_000);

  it('says at start-up that a worker uses no PORT and serves no admin API without ADMIN_PORT', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-worker-start-'));
    dirs.push(dataDir);
    const worker = await startServerProcess(
      {
        ROLE: 'worker',
        DATA_DIR: dataDir,
        DATABASE_URL: database!.url,
        REDIS_URL: settings.redisUrl!,
        CHAINS: 'off',
        ADMIN_TOKEN,
        PORT: '18123',
        LOG_LEVEL: 'info',
      },
      { stdout: 'pipe' },
    );
    running.add(worker);
    let output = '';
    worker.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const line = async (msg: string) => {
      await vi.waitFor(() => expect(output).toContain(`"msg":"${msg}"`), { timeout: 20_000 });
      return JSON.parse(output.split('\n').find((l) => l.includes(`"msg":"${msg}"`))!) as Record<
        string,
        unknown
      >;
    };
    expect(await line('PORT is not used on ROLE=worker: it opens no public port')).toMatchObject({
      level: 40,
      port: '18123',
    });
    expect(await line('TradeFlip is running')).toMatchObject({ url: 'none (ROLE=worker)', adminApi: 'off' });
    await worker.stop();
  }, 120_000);
});
