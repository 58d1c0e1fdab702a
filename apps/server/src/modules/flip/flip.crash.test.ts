// Issue 18, acceptance 3: each flip is settled exactly once, and recorded for the books once. The real
// server runs in a child process; its settler is killed (SIGKILL) just after its first batch committed
// (CRASH_AT=flip-settled: those flips won, once, not yet recorded), then a restart is killed inside its
// first batch's transaction (flip-settling: nothing of it stays), then the next start settles the rest
// and is killed inside its first recording (flip-recording: no event, no notice of it stays), then the
// last start records everything. Those expired while no process heard the market, after the last marks
// written: their close is not known, so they are refunded (DESIGN §8: no price near expiry).
// Afterwards every flip has exactly one outcome in the ledger, its events and one notice, and the
// audit is clean.
import { count, eq, sql } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import { Decimal } from '@tradeflip/money';
import { openDatabase } from '../../db/client';
import { queryRows } from '../../db/rows';
import { runAudit } from '../ledger/audit';
import { cliWorkspace } from '../../test/cli';
import { describeEachTarget } from '../../test/harness';
import { post, signUpFunded } from '../../test/server-calls';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { flipPositions } from './schema';

const ADMIN_TOKEN = 'flip-crash-admin-token-0123';
const FLIPS = 600;

describeEachTarget('Lightning Flip’s settler killed mid-batch', (target) => {
  const ws = cliWorkspace(target, 'tf-flip-crash-');
  const running = new Set<ServerProcess>();
  const start = async (extra: Record<string, string> = {}) => {
    const server = await startServerProcess({
      ...ws.env(),
      ADMIN_TOKEN,
      LOG_LEVEL: 'fatal',
      RATE_LIMIT_API_IP: 'off',
      RATE_LIMIT_CODE_IP: 'off',
      RATE_LIMIT_REGISTER_IP: 'off',
      ...extra,
    });
    running.add(server);
    return server;
  };
  afterEach(async () => {
    for (const server of running) await server.kill();
    running.clear();
  });
  const admin = async (server: ServerProcess, path: string, body: unknown) => {
    const answer = await post(server.url, { path, body, token: ADMIN_TOKEN });
    expect(answer !== 'dropped' && answer.status, path).toBe(200);
  };

  async function outcomes() {
    const database = await openDatabase({ databaseUrl: ws.databaseUrl, dataDir: ws.dataDir });
    try {
      const [open] = await database.db
        .select({ n: count() })
        .from(flipPositions)
        .where(eq(flipPositions.status, 'open'));
      // Each flip's outcomes in the ledger (the ledger's own table, read as the audit reads it).
      const perFlip = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from ledger_movements
             where ref_type = 'flip_position' and type in ('flip_profit_pay', 'flip_consume', 'flip_refund')
             group by ref_id`,
      );
      // Each flip's events (once it won: its bet and its profit; a refund has none) and the turnover.
      const events = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from game_events where ref_type = 'flip_position' group by ref_id`,
      );
      const [turnover] = await queryRows<{ usdt: string }>(
        database.db,
        sql`select usdt::text from user_turnover`,
      );
      // Each flip's line in the notification centre.
      const notices = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from notifications where kind = 'flip_result' group by params->>'flipId'`,
      );
      const results = await queryRows<{ result: string | null; n: number }>(
        database.db,
        sql`select result, count(*)::int as n from flip_positions group by result`,
      );
      const won = results.find((r) => r.result === 'won')?.n ?? 0;
      const noPrice = results.find((r) => r.result === 'no_price')?.n ?? 0;
      const audit = await runAudit(database.db);
      return {
        won,
        noPrice,
        open: open?.n ?? 0,
        settled: perFlip.length,
        most: Math.max(0, ...perFlip.map((r) => r.n)),
        events: events.reduce((sum, r) => sum + r.n, 0),
        notices: notices.length,
        mostNotices: Math.max(0, ...notices.map((r) => r.n)),
        turnover: new Decimal(turnover?.usdt ?? 0).toFixed(),
        audit,
      };
    } finally {
      await database.close();
    }
  }

  it('settles and records every flip once: killed after a batch, inside one, inside a recording', async () => {
    // The first server opens the flips; its settler dies just after its first batch committed.
    let server = await start({ CRASH_AT: 'flip-settled' });
    const user = await signUpFunded(
      { url: server.url, dataDir: ws.dataDir, adminToken: ADMIN_TOKEN },
      '1000',
    );
    await admin(server, '/api/admin/vault/fund', { token: 'USDT', amount: '100000' });
    await admin(server, '/api/admin/market/price', { symbol: 'BTCUSDT', price: '100' });
    await admin(server, '/api/admin/flip/config', {
      maxOpenPositions: 1000,
      duration: { seconds: 60, enabled: true },
      rate: { symbol: 'BTCUSDT', seconds: 60, payoutRate: '0.85' },
    });
    let lastExpiry = 0;
    const openOne = async () => {
      const answer = await post(server.url, {
        path: '/api/app/flip/open',
        body: { symbol: 'BTCUSDT', direction: 'up', amount: '1', duration: 60, token: 'USDT' },
        token: user.token,
      });
      expect(answer !== 'dropped' && answer.body).toMatchObject({ code: 0 });
      const { expiresAt } = (answer as { body: { data: { expiresAt: string } } }).body.data;
      lastExpiry = Math.max(lastExpiry, Date.parse(expiresAt));
    };
    for (let i = 0; i < FLIPS; i += 20) await Promise.all(Array.from({ length: 20 }, openOne));
    // They win: the price moves up before they expire (a pin is the mark at once).
    await admin(server, '/api/admin/market/price', { symbol: 'BTCUSDT', price: '101' });
    await server.exited; // died just after its first batch (the flips due then) committed
    const first = await outcomes();
    expect(first.settled).toBeGreaterThan(0);
    expect(first).toMatchObject({
      open: FLIPS - first.settled,
      won: first.settled,
      most: 1,
      events: 0,
      notices: 0,
      turnover: '0',
    });
    expect(first.audit.ok).toBe(true);

    // Killed inside its first batch, once every flip is due (opening 600 takes a while): nothing of
    // that batch stays.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, lastExpiry + 500 - Date.now())));
    server = await start({ CRASH_AT: 'flip-settling' });
    await server.exited;
    const second = await outcomes();
    expect(second).toMatchObject({ open: first.open, settled: first.settled, events: 0, notices: 0 });
    expect(second.audit.ok).toBe(true);

    // The next start settles the rest, then is killed inside its first recording: none of it stays.
    server = await start({ CRASH_AT: 'flip-recording' });
    await server.exited;
    const third = await outcomes();
    expect(third).toMatchObject({ open: 0, settled: FLIPS, most: 1, events: 0, notices: 0, turnover: '0' });
    expect(third.audit.ok).toBe(true);

    // The last start records every flip, and nothing twice.
    server = await start();
    const openLeft = async () => {
      const res = await fetch(`${server.url}/api/app/flip/positions?status=open`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      return ((await res.json()) as { data: { total: number } }).data.total;
    };
    expect(await openLeft()).toBe(0);
    // Recorded once every result is in the player's notification centre (read through the server:
    // the embedded database admits one process at a time), beside any other notice of theirs.
    const resultsListed = async () => {
      let results = 0;
      for (let page = 1; ; page++) {
        const res = await fetch(`${server.url}/api/app/notifications?pageSize=100&page=${page}`, {
          headers: { authorization: `Bearer ${user.token}` },
        });
        const { list } = ((await res.json()) as { data: { list: { kind: string }[] } }).data;
        results += list.filter((notice) => notice.kind === 'flip_result').length;
        if (list.length < 100) return results;
      }
    };
    await vi.waitFor(async () => expect(await resultsListed()).toBe(FLIPS), {
      timeout: 60_000,
      interval: 500,
    });
    await server.stop();
    const done = await outcomes();
    // The rest expired after the last marks written (the first server died at the first expiry).
    expect(done).toMatchObject({
      open: 0,
      settled: FLIPS,
      most: 1,
      won: first.won,
      noPrice: FLIPS - first.won,
      events: 2 * first.won,
      turnover: String(first.won),
      notices: FLIPS,
      mostNotices: 1,
    });
    expect(done.audit.ok).toBe(true);
  }, 300_000);
});
