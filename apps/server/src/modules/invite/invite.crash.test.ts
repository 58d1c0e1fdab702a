// Issue 19, acceptance 1 ("also when the reward step is interrupted and re-run"): a friend's 1,200
// game events wait; the real server (a child process) is killed (SIGKILL) just after its rewarder's
// first batch committed (CRASH_AT=invite-rewarded: those 500 events rewarded, once), a restart is
// killed inside its first batch's transaction (invite-rewarding: nothing of it stays), and the next
// start rewards the rest. Afterwards each event paid each level exactly once, the balances are exact
// and the audit is clean.
import { sql } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import { Decimal } from '@tradeflip/money';
import { openDatabase } from '../../db/client';
import { queryRows } from '../../db/rows';
import { runAudit } from '../ledger/audit';
import { cliWorkspace } from '../../test/cli';
import { describeEachTarget, registerUser, uniqueEmail } from '../../test/harness';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { REWARD_BATCH } from './service';

const ADMIN_TOKEN = 'invite-crash-admin-token-0123';
const EVENTS = 1200;

describeEachTarget('the invite rewarder killed mid-batch', (target) => {
  const ws = cliWorkspace(target, 'tf-invite-crash-');
  const running = new Set<ServerProcess>();
  const start = async (extra: Record<string, string> = {}) => {
    const server = await startServerProcess({ ...ws.env(), ADMIN_TOKEN, LOG_LEVEL: 'fatal', ...extra });
    running.add(server);
    return server;
  };
  afterEach(async () => {
    for (const server of running) await server.kill();
    running.clear();
  });

  async function outcomes() {
    const database = await openDatabase({ databaseUrl: ws.databaseUrl, dataDir: ws.dataDir });
    try {
      const perKey = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from ledger_movements
             where type in ('invite_reward', 'upline_reward') group by cause_key`,
      );
      const [rows] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from invite_rewards`,
      );
      const paid = await queryRows<{ level: string; total: string }>(
        database.db,
        sql`select level, sum(amount)::text as total from invite_rewards group by level order by level`,
      );
      return {
        movements: perKey.length,
        most: Math.max(0, ...perKey.map((row) => row.n)),
        rewards: rows?.n ?? 0,
        paid: Object.fromEntries(paid.map((row) => [row.level, new Decimal(row.total).toFixed()])),
        audit: await runAudit(database.db),
      };
    } finally {
      await database.close();
    }
  }

  it('pays each event’s rewards once: killed just after a batch, then inside one, then restarted', async () => {
    // The events wait before any rewarder runs: the friend's 1,200 bets of 10 USDT (the app in this
    // process runs no jobs).
    const app = await ws.startServer();
    let tokens: string[] = [];
    try {
      const inviter = await registerUser(app.t, uniqueEmail('inviter'));
      const friend = await registerUser(app.t, uniqueEmail('friend'), undefined, {
        inviteCode: String(inviter.user.inviteCode),
      });
      const services = app.app.services;
      await services.operatorMoney.fundVault({ token: 'USDT', amount: '100000' });
      const friendId = Number(friend.user.id);
      tokens = [inviter.token, friend.token];
      const prices = await services.gameEvents.prices(['USDT']);
      for (let i = 0; i < EVENTS; i += 100) {
        await app.database.db.transaction((tx) =>
          services.gameEvents.record(
            tx,
            Array.from({ length: 100 }, (_, n) => ({
              userId: friendId,
              game: 'flip' as const,
              kind: 'bet' as const,
              token: 'USDT',
              amount: new Decimal(10),
              ref: { type: 'test_play', id: i + n + 1 },
            })),
            prices,
          ),
        );
      }
    } finally {
      await app.close();
    }

    let server = await start({ CRASH_AT: 'invite-rewarded' });
    await server.exited; // died just after its first batch committed
    const first = await outcomes();
    expect(first).toMatchObject({ rewards: 2 * REWARD_BATCH, movements: 2 * REWARD_BATCH, most: 1 });
    expect(first.audit.ok).toBe(true);

    server = await start({ CRASH_AT: 'invite-rewarding' });
    await server.exited; // died inside the next batch: nothing of it stays
    expect(await outcomes()).toMatchObject({ rewards: first.rewards, movements: first.movements });

    server = await start();
    // Each of the two has a reward per event once the rest is paid (asked over HTTP: the embedded
    // database is the running server's alone).
    const rewardsOf = async (token: string) => {
      const res = await fetch(`${server.url}/api/app/invite/rewards?page=1&pageSize=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { data: { total: number } }).data.total;
    };
    await vi.waitFor(async () => expect(await Promise.all(tokens.map(rewardsOf))).toEqual([EVENTS, EVENTS]), {
      timeout: 60_000,
      interval: 500,
    });
    await server.stop();
    const done = await outcomes();
    // Each bet of 10 paid 0.1 % to the friend and 0.2 % to the inviter (the default rules), once; the
    // friend's 12,000 of turnover is VIP2's: +20 % on their own (0.012 a bet).
    expect(done).toMatchObject({
      rewards: 2 * EVENTS,
      movements: 2 * EVENTS,
      most: 1,
      paid: { self: '14.4', upline: '24' },
    });
    expect(done.audit.ok).toBe(true);
  }, 300_000);
});
