// Issue 8, defect 1: an Idempotency-Key must never move money twice, whatever step the process dies
// at (and issue 11: nor open or close a contract position twice; nor may the engine settle one twice
// or lose it, killed inside its settlement or just after). The real server runs in a child process and
// is killed (SIGKILL): at each step of a keyed call
// (CRASH_AT: claimed, inside the effect's transaction, after its commit, after the answer), and at
// random moments of a burst of keyed admin adjusts and user withdrawals. After each restart every
// key is retried until it answers; then the database must hold exactly one effect per key, and
// the audit must be clean.
//
// Withdrawal requests only record and freeze, so the networks here are external ones with nobody
// at the RPC URL (the sender and watcher just retry): no chain is needed to take or refuse a request.
import { and, count, eq } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import { DEV_MNEMONIC } from '../chain/dev-chains';
import { crashPoints } from '../config';
import { openDatabase } from '../db/client';
import { gamePositions, ledgerMovements, notifications, withdrawals } from '../db/schema';
import { runAudit } from '../modules/ledger/audit';
import { cliWorkspace } from '../test/cli';
import { describeEachTarget, PASSWORD, uniqueEmail } from '../test/harness';
import { latestCode, post as postTo, type Answer } from '../test/server-calls';
import { startServerProcess, type ServerProcess } from '../test/server-process';

const ADMIN_TOKEN = 'crash-test-admin-token-0123';
const RECIPIENT = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

interface KeyedCall {
  key: string;
  path: string;
  body: Record<string, unknown>;
  /** The user's session token; admin calls use the admin credential. */
  token?: string;
  /** How its one effect is found in the database afterwards. */
  effect:
    | { kind: 'adjust'; memo: string }
    | { kind: 'withdrawal'; amount: string }
    | { kind: 'position'; margin: string }
    | { kind: 'close'; id: string; type?: 'margin_unfreeze' | 'loss_consumed' };
}

/** A POST to the server in its child process; admin calls use the admin credential. */
function post(url: string, call: Omit<KeyedCall, 'effect' | 'key'> & { key?: string }): Promise<Answer> {
  return postTo(url, { ...call, token: call.token ?? ADMIN_TOKEN });
}

/** Retries a key until it answers (a claim left by a dead process blocks it for a second). */
async function settle(url: string, call: KeyedCall) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await post(url, call);
    if (answer !== 'dropped' && answer.status !== 409) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${call.key} stayed in flight`);
}

describeEachTarget('keyed money calls when the server is killed', (target) => {
  const ws = cliWorkspace(target, 'tf-crash-');
  const env = (extra: Record<string, string> = {}) => ({
    ...ws.env(),
    ADMIN_TOKEN,
    LOG_LEVEL: 'fatal',
    IDEMPOTENCY_CLAIM_SECONDS: '1',
    RATE_LIMIT_LOGIN_EMAIL: 'off',
    RATE_LIMIT_API_IP: 'off',
    RATE_LIMIT_CODE_IP: 'off',
    RATE_LIMIT_REGISTER_IP: 'off',
    // External networks on the embedded database too: the crash points are the same on both.
    TEST_EMBEDDED_PRODUCTION: '1',
    ETH_RPC_URL: 'http://127.0.0.1:1',
    ETH_CHAIN_ID: '31337',
    DEPOSIT_MNEMONIC: DEV_MNEMONIC,
    HOT_WALLET_MNEMONIC: DEV_MNEMONIC,
    ...extra,
  });
  let serial = 0;
  // A failed expectation must not leave a server holding the database for the next test.
  const running = new Set<ServerProcess>();
  const start = async (extra?: Record<string, string>) => {
    const server = await startServerProcess(env(extra));
    running.add(server);
    return server;
  };
  afterEach(async () => {
    for (const server of running) await server.kill();
    running.clear();
  });

  async function signUp(server: ServerProcess, funds: string) {
    const email = uniqueEmail('crash');
    await post(server.url, { path: '/api/app/auth/code', body: { email, scene: 'register' } });
    const registered = await post(server.url, {
      path: '/api/app/auth/register',
      body: { email, password: PASSWORD, code: latestCode(ws.dataDir, email) },
    });
    if (registered === 'dropped' || registered.status !== 200) throw new Error('sign-up failed');
    const funded = await post(server.url, {
      path: '/api/admin/balances/adjust',
      body: { email, token: 'USDT', amount: funds, reason: 'crash test funds' },
    });
    expect(funded !== 'dropped' && funded.status).toBe(200);
    return { email, token: (registered.body.data as { token: string }).token };
  }

  function adjustCall(email: string): KeyedCall {
    const memo = `crash adjust ${++serial} ${Math.random()}`;
    return {
      key: `adjust-${serial}-${Date.now()}`,
      path: '/api/admin/balances/adjust',
      body: { email, token: 'USDT', amount: '1.5', reason: memo },
      effect: { kind: 'adjust', memo },
    };
  }

  function withdrawCall(token: string): KeyedCall {
    // A unique amount per key finds its withdrawal afterwards.
    const amount = `10.${String(++serial).padStart(6, '0')}`;
    return {
      key: `withdraw-${serial}-${Date.now()}`,
      path: '/api/app/asset/withdraw',
      token,
      body: { token: 'USDT', network: 'ERC20', address: RECIPIENT, amount, password: PASSWORD },
      effect: { kind: 'withdrawal', amount },
    };
  }

  function openCall(token: string): KeyedCall {
    // A unique margin per key finds its position afterwards.
    const margin = `2.${String(++serial).padStart(6, '0')}`;
    return {
      key: `open-${serial}-${Date.now()}`,
      path: '/api/app/game/open',
      token,
      body: { symbol: 'BTCUSDT', side: 'long', margin, leverage: 10 },
      effect: { kind: 'position', margin },
    };
  }

  function closeCall(token: string, id: string): KeyedCall {
    return {
      key: `close-${++serial}-${Date.now()}`,
      path: '/api/app/game/close',
      token,
      body: { id },
      effect: { kind: 'close', id },
    };
  }

  /** Opens a position without a key (so no crash point applies): the margin unique per call. */
  async function openPosition(server: ServerProcess, token: string, body: Record<string, unknown> = {}) {
    const answer = await post(server.url, {
      path: '/api/app/game/open',
      token,
      body: {
        symbol: 'BTCUSDT',
        side: 'long',
        margin: `3.${String(++serial).padStart(6, '0')}`,
        leverage: 10,
        ...body,
      },
    });
    expect(answer !== 'dropped' && answer.body, 'open').toMatchObject({ code: 0 });
    return (answer as { body: { data: { id: string } } }).body.data.id;
  }

  /** The contract game needs a price (pinned: it ticks on every start) and a vault to play against. */
  async function gameReady(server: ServerProcess) {
    for (const [path, body] of [
      ['/api/admin/market/price', { symbol: 'BTCUSDT', price: '60000' }],
      ['/api/admin/vault/fund', { token: 'USDT', amount: '1000000' }],
    ] as const) {
      const answer = await post(server.url, { path, body, key: `${path}-${Date.now()}` });
      expect(answer !== 'dropped' && answer.status, path).toBe(200);
    }
  }

  /** After a restart the feed's lease of the killed process runs out first: wait for a fresh price. */
  async function priceFresh(server: ServerProcess) {
    for (let attempt = 0; attempt < 200; attempt++) {
      const res = await fetch(`${server.url}/api/app/market/tickers`);
      const list = ((await res.json()) as { data: { list: { symbol: string; stale: boolean }[] } }).data.list;
      if (list.find((row) => row.symbol === 'BTCUSDT')?.stale === false) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the price stayed stale');
  }

  /** The notification centre's notices of a position's liquidation, in the database the server left. */
  async function liquidationNotices(positionId: string) {
    const database = await openDatabase({ databaseUrl: ws.databaseUrl, dataDir: ws.dataDir });
    try {
      const rows = await database.db
        .select()
        .from(notifications)
        .where(eq(notifications.kind, 'liquidation'));
      return rows.filter((row) => row.params.positionId === positionId).length;
    } finally {
      await database.close();
    }
  }

  /** Opens the database the stopped server left and counts each call's effects. */
  async function effectsAndAudit(calls: KeyedCall[]) {
    const database = await openDatabase({ databaseUrl: ws.databaseUrl, dataDir: ws.dataDir });
    try {
      const counts: Record<string, number> = {};
      for (const call of calls) {
        const [row] =
          call.effect.kind === 'close'
            ? await database.db
                .select({ n: count() })
                .from(ledgerMovements)
                .where(
                  and(
                    eq(ledgerMovements.type, call.effect.type ?? 'margin_unfreeze'),
                    eq(ledgerMovements.refType, 'game_position'),
                    eq(ledgerMovements.refId, call.effect.id),
                  ),
                )
            : call.effect.kind === 'position'
              ? await database.db
                  .select({ n: count() })
                  .from(gamePositions)
                  .where(eq(gamePositions.margin, call.effect.margin))
              : call.effect.kind === 'adjust'
                ? await database.db
                    .select({ n: count() })
                    .from(ledgerMovements)
                    .where(
                      and(
                        eq(ledgerMovements.type, 'admin_adjust'),
                        eq(ledgerMovements.memo, call.effect.memo),
                      ),
                    )
                : await database.db
                    .select({ n: count() })
                    .from(withdrawals)
                    .where(eq(withdrawals.amount, call.effect.amount));
        counts[call.key] = Number(row!.n);
      }
      return { counts, audit: await runAudit(database.db) };
    } finally {
      await database.close();
    }
  }

  const once = (calls: KeyedCall[]) => Object.fromEntries(calls.map((call) => [call.key, 1]));

  it('at every step of a keyed call, a retry after the restart moves the money once', async () => {
    let server = await start();
    const user = await signUp(server, '1000');
    await gameReady(server);
    await server.stop();

    const calls: KeyedCall[] = [];
    for (const step of crashPoints) {
      for (const kind of ['adjust', 'withdraw', 'open', 'close'] as const) {
        server = await start({ CRASH_AT: step });
        if (kind === 'open' || kind === 'close') await priceFresh(server);
        const call =
          kind === 'adjust'
            ? adjustCall(user.email)
            : kind === 'withdraw'
              ? withdrawCall(user.token)
              : kind === 'open'
                ? openCall(user.token)
                : closeCall(user.token, await openPosition(server, user.token));
        calls.push(call);
        const answer = await post(server.url, call);
        // Only after the answer is the process gone with the caller holding a reply.
        if (step === 'answered') expect(answer !== 'dropped' && answer.status, step).toBe(200);
        else expect(answer, step).toBe('dropped');
        await server.exited;
      }
    }

    server = await start();
    await priceFresh(server);
    for (const call of calls) {
      const first = await settle(server.url, call);
      expect(first.status, `${call.key}: ${JSON.stringify(first.body)}`).toBe(200);
      // And again: the same answer, replayed.
      const again = await settle(server.url, call);
      expect(again).toEqual(first);
    }
    await server.stop();

    const { counts, audit } = await effectsAndAudit(calls);
    expect(counts).toEqual(once(calls));
    expect(audit.differences).toEqual([]);
    expect(audit.ok).toBe(true);
  }, 240_000);

  it('killed at random moments of bursts of keyed calls, every key has exactly one effect', async () => {
    let server = await start();
    const users = [await signUp(server, '5000'), await signUp(server, '5000')];
    const calls: KeyedCall[] = [];
    for (let round = 0; round < 4; round++) {
      const burst = users.flatMap((user) =>
        Array.from({ length: 12 }, (_, i) => (i % 2 ? withdrawCall(user.token) : adjustCall(user.email))),
      );
      calls.push(...burst);
      // Eight at a time, as several clients would; killed after a random number of answers, so
      // the kill lands inside the burst with calls at every stage.
      const queue = [...burst];
      const killAfter = 1 + Math.floor(Math.random() * (burst.length - 10));
      let answered = 0;
      let dropped = 0;
      const killed = server;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let call = queue.shift(); call; call = queue.shift()) {
            if ((await post(killed.url, call)) === 'dropped') dropped += 1;
            else if (++answered === killAfter) await killed.kill();
          }
        }),
      );
      expect(dropped).toBeGreaterThan(0);

      server = await start();
      for (const call of burst) {
        const answer = await settle(server.url, call);
        expect(answer.status, `${call.key}: ${JSON.stringify(answer.body)}`).toBe(200);
      }
    }
    await server.stop();

    const { counts, audit } = await effectsAndAudit(calls);
    expect(counts).toEqual(once(calls));
    expect(audit.ok).toBe(true);
  }, 240_000);

  it('the engine killed inside a settlement and just after it: the position closes once, at the crossing tick', async () => {
    let server = await start();
    const user = await signUp(server, '1000');
    await gameReady(server);
    await priceFresh(server);
    // Long at 60000, 100x: liquidated at 59430 (60000 · (1 − 9.5/1000)).
    const id = await openPosition(server, user.token, { margin: '10', leverage: 100 });
    await server.stop();

    // Killed inside the settlement's transaction (every row written, not committed): nothing of it stays.
    server = await start({ CRASH_AT: 'settling' });
    const cross = await post(server.url, {
      path: '/api/admin/market/price',
      body: { symbol: 'BTCUSDT', price: '59000' },
      key: `pin-${Date.now()}`,
    });
    expect(cross !== 'dropped' && cross.status).toBe(200);
    await server.exited;
    const liquidated = {
      ...closeCall(user.token, id),
      effect: { kind: 'close', id, type: 'loss_consumed' },
    } as const;
    const untouched = await effectsAndAudit([liquidated]);
    expect(Object.values(untouched.counts)).toEqual([0]);
    expect(untouched.audit.ok).toBe(true);
    // Nor of its notice: it is stored in that transaction.
    expect(await liquidationNotices(id)).toBe(0);

    // The next leader rebuilds its index and settles at the pinned tick on taking the lead; killed
    // just after the commit, the settlement stays, once.
    server = await start({ CRASH_AT: 'settled' });
    await server.exited;
    server = await start();
    const position = async (positionId: string) => {
      const res = await fetch(`${server.url}/api/app/game/position?id=${positionId}`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      return ((await res.json()) as { data: { status: string } }).data;
    };
    expect(await position(id)).toMatchObject({
      status: 'closed',
      closeReason: 'liquidation',
      closePrice: '59000',
    });
    // A restarted leader finds nothing left to settle. Its first pass is over once it has closed a
    // position opened now and crossed by the next price: the engine settles one step at a time, in
    // order, and leads (when the killed process's lease runs out) with that pass.
    await priceFresh(server);
    const later = await openPosition(server, user.token, { margin: '10', leverage: 100 });
    const crossLater = await post(server.url, {
      path: '/api/admin/market/price',
      body: { symbol: 'BTCUSDT', price: '58000' },
      key: `pin-${Date.now()}`,
    });
    expect(crossLater !== 'dropped' && crossLater.status).toBe(200);
    await vi.waitFor(async () => expect(await position(later)).toMatchObject({ status: 'closed' }), {
      timeout: 30_000,
      interval: 100,
    });
    await server.stop();
    const settled = await effectsAndAudit([liquidated]);
    expect(Object.values(settled.counts)).toEqual([1]);
    expect(settled.audit.ok).toBe(true);
    // The player is told once: the notice committed with the settlement, and no pass after stored another.
    expect(await liquidationNotices(id)).toBe(1);
  }, 240_000);
});
