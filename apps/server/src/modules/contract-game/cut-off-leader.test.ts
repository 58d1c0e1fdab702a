// No blind leader: a process that hears no market marks never leads the contract engine (or the flip
// settler), so liquidations happen at the market's price whichever process started first. Each setup
// is one PostgreSQL database with two real server processes: a healthy one on the feed leader's Redis,
// and one cut off from it, on a Redis server of its own (pub/sub ignores database numbers, so it is
// another server). In one setup the healthy process starts first; in the other the cut-off one does,
// and takes every lease it may while the feed's lease is still held elsewhere (a row this test holds,
// then hands to the healthy process). The runs alternate between the two setups, reusing their
// processes: pin the price up, open several 100x longs, pin a drop through their liquidation price,
// and all of them are liquidated within 5 s. Needs TEST_DATABASE_URL, TEST_REDIS_URL and redis-server.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTestSettings } from '../../config';
import { queryRows } from '../../db/rows';
import { openScratchPostgres } from '../../db/scratch';
import { makeWebDist } from '../../test/harness';
import { post, signUpFunded } from '../../test/server-calls';
import { startServerProcess, type ServerProcess } from '../../test/server-process';

const settings = loadTestSettings();
const ready = Boolean(settings.databaseUrl && settings.redisUrl);
const ADMIN_TOKEN = 'cut-off-leader-admin-token-0123';
const RUNS = 10;
const LONGS = 4;
/** The jobs that settle at the mark. */
const SETTLING = ['game-engine', 'flip-settler'];

interface Position {
  id: string;
  status: 'open' | 'closed';
  closeReason: string | null;
  liquidationPrice: string;
}

interface Setup {
  label: string;
  database: Awaited<ReturnType<typeof openScratchPostgres>>;
  healthy: ServerProcess;
  cutOff: ServerProcess;
  dataDir: string;
  /** The cut-off process's log lines. */
  cutOffLog: string[];
  healthyLog: string[];
  player: { token: string };
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function logLines(server: ServerProcess): string[] {
  const lines: string[] = [];
  let rest = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString();
    const parts = text.split('\n');
    rest = parts.pop()!;
    lines.push(...parts);
  });
  return lines;
}

/** The `msg` of every log line that says a job is not led here. */
const notLeading = (lines: string[]) =>
  lines
    .map((line) => {
      try {
        return (JSON.parse(line) as { msg?: string }).msg ?? '';
      } catch {
        return '';
      }
    })
    .filter((msg) => msg.includes('this process does not lead'));

describe.runIf(ready || settings.ci)('a process cut off from the price feed', () => {
  let otherRedis: ChildProcess | undefined;
  let otherRedisUrl = '';
  const setups: Setup[] = [];
  const dirs: string[] = [];
  const processes: ServerProcess[] = [];

  async function start(env: Record<string, string>): Promise<ServerProcess> {
    const dataDir = env.DATA_DIR!;
    const webDist = makeWebDist();
    dirs.push(webDist);
    const server = await startServerProcess(
      {
        CHAINS: 'off',
        WEB_DIST: webDist,
        ADMIN_TOKEN,
        MARKET_TICK_MS: '100',
        RATE_LIMIT_API_IP: 'off',
        RATE_LIMIT_CODE_IP: 'off',
        RATE_LIMIT_REGISTER_IP: 'off',
        ...env,
        DATA_DIR: dataDir,
      },
      { stdout: 'pipe' },
    );
    processes.push(server);
    return server;
  }

  const admin = async (server: ServerProcess, route: string, body: unknown) => {
    const answer = await post(server.url, { path: route, body, token: ADMIN_TOKEN });
    expect(answer !== 'dropped' && answer.status, `${route} ${JSON.stringify(answer)}`).toBe(200);
  };

  /** Which process holds each lease that settles at the mark (by the process id in its holder). */
  async function settlingHolders(setup: Setup): Promise<Record<string, 'healthy' | 'cut off' | 'other'>> {
    const rows = await queryRows<{ name: string; holder: string }>(
      setup.database.db,
      sql`select name, holder from worker_leases where name in ('game-engine', 'flip-settler') and expires_at > now()`,
    );
    return Object.fromEntries(
      rows.map((row) => {
        const pid = Number(row.holder.split(':').at(-2));
        const who =
          pid === setup.healthy.serverPid ? 'healthy' : pid === setup.cutOff.serverPid ? 'cut off' : 'other';
        return [row.name, who];
      }),
    );
  }

  async function setUp(label: string, cutOffFirst: boolean): Promise<Setup> {
    const database = await openScratchPostgres(settings.databaseUrl!, 'cutoff');
    const dir = (name: string) => {
      const made = fs.mkdtempSync(path.join(os.tmpdir(), `tf-cutoff-${name}-`));
      dirs.push(made);
      return made;
    };
    const healthyDir = dir('healthy');
    const healthyEnv = { DATABASE_URL: database.url, REDIS_URL: settings.redisUrl!, DATA_DIR: healthyDir };
    // Its feed loop comes round once a minute: once the healthy process leads the feed it keeps it.
    const cutOffEnv = {
      DATABASE_URL: database.url,
      REDIS_URL: otherRedisUrl,
      DATA_DIR: dir('cut-off'),
      MARKET_TICK_MS: '60000',
    };
    let healthy: ServerProcess;
    let cutOff: ServerProcess;
    if (cutOffFirst) {
      // The feed's lease is held elsewhere while both start: the cut-off process, first, takes the
      // leases it may; then the healthy one leads the feed.
      await database.db.execute(
        sql`insert into worker_leases (name, holder, expires_at) values ('market-feed', 'elsewhere', now() + interval '1 hour')`,
      );
      cutOff = await start(cutOffEnv);
      healthy = await start(healthyEnv);
      await database.db.execute(
        sql`delete from worker_leases where name = 'market-feed' and holder = 'elsewhere'`,
      );
    } else {
      healthy = await start(healthyEnv);
      cutOff = await start(cutOffEnv);
    }
    const cutOffLog = logLines(cutOff);
    const healthyLog = logLines(healthy);
    await admin(healthy, '/api/admin/vault/fund', { token: 'USDT', amount: '100000' });
    const player = await signUpFunded(
      { url: healthy.url, dataDir: healthyDir, adminToken: ADMIN_TOKEN },
      '10000',
    );
    return { label, database, healthy, cutOff, dataDir: healthyDir, cutOffLog, healthyLog, player };
  }

  beforeAll(async () => {
    if (!ready) throw new Error('CI=true but TEST_DATABASE_URL or TEST_REDIS_URL is not set');
    const port = await freePort();
    otherRedis = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    otherRedisUrl = `redis://127.0.0.1:${port}`;
    await vi.waitFor(
      async () => {
        expect(otherRedis!.exitCode).toBeNull();
        await new Promise<void>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () => (socket.end(), resolve()));
          socket.once('error', reject);
        });
      },
      { timeout: 10_000, interval: 50 },
    );
    // The two setups are independent (each its own database): they start side by side.
    setups.push(
      ...(await Promise.all([
        setUp('the healthy process started first', false),
        setUp('the cut-off process started first', true),
      ])),
    );
  }, 180_000);

  afterAll(async () => {
    await Promise.all(processes.map((server) => server.stop()));
    for (const setup of setups) await setup.database.close();
    otherRedis?.kill();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it(`never leads the engine: a drop through ${LONGS} 100x longs liquidates all within 5 s, ${RUNS} runs of ${RUNS}`, async () => {
    for (let run = 0; run < RUNS; run++) {
      const setup = setups[run % setups.length]!;
      const { healthy, player } = setup;
      const context = `run ${run + 1}, ${setup.label}`;
      await admin(healthy, '/api/admin/market/price', { symbol: 'BTCUSDT', price: '60000' });
      const longs: Position[] = [];
      for (let i = 0; i < LONGS; i++) {
        const opened = await post(healthy.url, {
          path: '/api/app/game/open',
          body: { symbol: 'BTCUSDT', side: 'long', margin: '10', leverage: 100 },
          token: player.token,
        });
        expect(opened !== 'dropped' && opened.body, context).toMatchObject({ code: 0 });
        longs.push((opened as { body: { data: Position } }).body.data);
      }
      // N 1000, maintenance 0.5: 60000 · (1 − 9.5/1000) = 59430; the drop goes below it.
      expect(longs.map((long) => long.liquidationPrice)).toEqual(longs.map(() => '59430'));
      await admin(healthy, '/api/admin/market/price', { symbol: 'BTCUSDT', price: '59000' });
      await vi.waitFor(
        async () => {
          for (const long of longs) {
            const res = await fetch(`${healthy.url}/api/app/game/position?id=${long.id}`, {
              headers: { authorization: `Bearer ${player.token}` },
            });
            const { data } = (await res.json()) as { data: Position };
            expect({ status: data.status, closeReason: data.closeReason }, context).toEqual({
              status: 'closed',
              closeReason: 'liquidation',
            });
          }
        },
        { timeout: 5_000, interval: 50 },
      );
      // The cut-off process leads none of the jobs that settle at the mark.
      expect(Object.values(await settlingHolders(setup)), context).not.toContain('cut off');
    }
    for (const setup of setups) {
      // Said once per job (not at every pass), and only by the cut-off process, naming why.
      await vi.waitFor(() => expect(notLeading(setup.cutOffLog)).toHaveLength(SETTLING.length), {
        timeout: 15_000,
      });
      const said = notLeading(setup.cutOffLog);
      for (const job of SETTLING) {
        expect(
          said.filter((msg) => msg.startsWith(`${job}: this process does not lead: no price mark heard for`)),
        ).toHaveLength(1);
      }
      expect(said.every((msg) => msg.includes('another Redis than the feed’s leader'))).toBe(true);
      expect(notLeading(setup.healthyLog), setup.label).toEqual([]);
    }
  }, 120_000);
});
