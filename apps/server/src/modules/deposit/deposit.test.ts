// The deposit calls as the web app makes them (options, info, list, detail) and the operators' chain
// calls, on an app serving one local Anvil chain (ERC20) and on an app without chains.
import { sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DepositRecord } from '@tradeflip/api';
import { queryRows } from '../../db/rows';
import { startTestChain, type TestChain } from '../../test/chains';
import { adminCall, call, describeEachDatabase, registerUser, uniqueEmail } from '../../test/harness';
import type { TestApp } from '../../test/harness';
import { ChainWatcher } from './chain-watcher';
import * as repo from './repository';

const UNAVAILABLE = 'Deposit is not available for this token';

describeEachDatabase('deposits API', (db) => {
  let chain: TestChain;
  let t: TestApp;

  beforeAll(async () => {
    chain = await startTestChain('ERC20');
    t = await db.app({ chains: chain.registry });
  });
  afterAll(async () => {
    await chain?.stop();
  });

  /** A deposit row as the watcher writes it. */
  async function recordDeposit(userId: number, n: number, overrides: Partial<repo.FoundDeposit> = {}) {
    const address = chain.registry.depositAddress(userId).toLowerCase();
    await repo.recordDeposits(
      db.handle.db,
      [
        {
          userId,
          token: 'USDT',
          network: 'ERC20',
          address,
          fromAddress: '0x00000000000000000000000000000000000000aa',
          txHash: `0x${String(userId).padStart(8, '0')}${String(n).padStart(56, '0')}`,
          logIndex: 0,
          blockNumber: 100 + n,
          blockHash: `0x${'b'.repeat(64)}`,
          amount: `${n}.5`,
          confirmations: 3,
          requiredConfirmations: 12,
          status: 'confirming',
          belowMinimum: false,
          processedAt: null,
          ...overrides,
        },
      ],
      t.clock.now(),
    );
  }

  describe('options', () => {
    it('lists tokens with networks: open where a chain serves them, with minimum and confirmations', async () => {
      const user = await registerUser(t);
      const res = await call(t.app, 'GET', '/api/app/asset/deposit/options?_r=1', { token: user.token });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        list: [
          {
            token: 'USDT',
            name: 'Tether USD',
            enabled: true,
            networks: [
              { network: 'ERC20', minDeposit: '1', confirmations: 12, enabled: true },
              // This app serves no BEP20 chain.
              { network: 'BEP20', minDeposit: '1', confirmations: 15, enabled: false },
            ],
          },
        ],
      });
    });

    it('needs a session', async () => {
      const res = await call(t.app, 'GET', '/api/app/asset/deposit/options');
      expect(res.status).toBe(401);
      expect(res.body.reason).toBe('unauthorized');
    });
  });

  describe('info', () => {
    it('answers the user’s own checksummed address, stored lower-case, the same every time', async () => {
      const user = await registerUser(t);
      const userId = Number(user.user.id);
      const url = '/api/app/asset/deposit/info?token=usdt&network=Ethereum';
      const first = await call(t.app, 'GET', url, { token: user.token });
      expect(first.status).toBe(200);
      const expected = chain.registry.depositAddress(userId);
      expect(first.body.data).toEqual({
        token: 'USDT',
        network: 'ERC20',
        address: expected,
        minDeposit: '1',
        confirmations: 12,
        chainId: 31337,
        contractAddress: getAddress(chain.chain.tokenAddress),
        // The local chains have no block explorer.
        explorerAddressUrl: null,
      });
      expect(expected).toBe(getAddress(expected));
      const again = await call(t.app, 'GET', url, { token: user.token });
      expect(again.body.data).toEqual(first.body.data);
      const stored = await queryRows<{ address: string; derivation_index: string | number }>(
        db.handle.db,
        sql`select address, derivation_index from deposit_addresses where user_id = ${userId}`,
      );
      expect(stored).toEqual([{ address: expected.toLowerCase(), derivation_index: expect.anything() }]);
      expect(Number(stored[0]!.derivation_index)).toBe(userId);

      // Another user gets another address.
      const other = await registerUser(t);
      const theirs = await call(t.app, 'GET', url, { token: other.token });
      expect((theirs.body.data as { address: string }).address).not.toBe(expected);
    });

    it('refuses an unknown network or token, in the caller’s language', async () => {
      const user = await registerUser(t);
      const tron = await call(t.app, 'GET', '/api/app/asset/deposit/info?token=USDT&network=TRC20', {
        token: user.token,
      });
      expect(tron.status).toBe(400);
      expect(tron.body).toMatchObject({ reason: 'validation', msg: 'This network is not supported' });
      const tronZh = await call(t.app, 'GET', '/api/app/asset/deposit/info?token=USDT&network=TRC20', {
        token: user.token,
        headers: { 'x-lang': 'zh-CN' },
      });
      expect(tronZh.body.msg).toBe('不支持该网络');
      const missing = await call(t.app, 'GET', '/api/app/asset/deposit/info?token=USDT', {
        token: user.token,
        headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
      });
      expect(missing.status).toBe(400);
      expect(missing.body.msg).toBe('不支持该网络');
      const unknown = await call(t.app, 'GET', '/api/app/asset/deposit/info?token=FOO&network=ERC20', {
        token: user.token,
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.msg).toBe('Token FOO is not supported');
    });

    it('answers 400 “Deposit is not available for this token” where deposits are closed', async () => {
      const user = await registerUser(t);
      const ask = (query: string, lang = 'en-US') =>
        call(t.app, 'GET', `/api/app/asset/deposit/info?${query}`, {
          token: user.token,
          headers: { 'x-lang': lang },
        });
      // A token without networks, and a network this app serves no chain for.
      for (const query of ['token=BTC&network=ERC20', 'token=USDT&network=BEP20']) {
        const res = await ask(query);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ reason: 'validation', msg: UNAVAILABLE });
      }
      expect((await ask('token=BTC&network=ERC20', 'zh-CN')).body.msg).toBe('该币种暂不支持充值');

      // Switched off by configuration.
      await db.handle.db.execute(
        sql`update token_networks set deposit_enabled = false where token = 'USDT' and network = 'ERC20'`,
      );
      t.app.services.tokens.invalidate();
      try {
        const res = await ask('token=USDT&network=ERC20');
        expect(res.status).toBe(400);
        expect(res.body.msg).toBe(UNAVAILABLE);
        const options = await call(t.app, 'GET', '/api/app/asset/deposit/options', { token: user.token });
        expect(options.body.data).toMatchObject({ list: [{ token: 'USDT', enabled: false }] });
      } finally {
        await db.handle.db.execute(
          sql`update token_networks set deposit_enabled = true where token = 'USDT' and network = 'ERC20'`,
        );
        t.app.services.tokens.invalidate();
      }
    });

    it('works without chains too: nothing is open and info says so (never a 500)', async () => {
      const offline = await db.app();
      const user = await registerUser(offline);
      const options = await call(offline.app, 'GET', '/api/app/asset/deposit/options', { token: user.token });
      expect(options.status).toBe(200);
      const usdt = (options.body.data as { list: { enabled: boolean; networks: { enabled: boolean }[] }[] })
        .list[0]!;
      expect(usdt.enabled).toBe(false);
      expect(usdt.networks.every((network) => !network.enabled)).toBe(true);
      const info = await call(offline.app, 'GET', '/api/app/asset/deposit/info?token=USDT&network=BEP20', {
        token: user.token,
      });
      expect(info.status).toBe(400);
      expect(info.body.msg).toBe(UNAVAILABLE);
      const status = await adminCall(offline.app, 'GET', '/api/admin/chain/status');
      expect(status.status).toBe(200);
      expect((status.body.data as { list: { enabled: boolean }[] }).list.map((n) => n.enabled)).toEqual([
        false,
        false,
      ]);
    });
  });

  describe('records', () => {
    it('lists the user’s own deposits, newest first, paged; detail answers their own and 404 for others', async () => {
      const alice = await registerUser(t);
      const bob = await registerUser(t);
      const aliceId = Number(alice.user.id);
      const bobId = Number(bob.user.id);
      for (const n of [1, 2, 3]) await recordDeposit(aliceId, n);
      await recordDeposit(bobId, 9);

      const page1 = await call(t.app, 'GET', '/api/app/asset/deposit/list?page=1&pageSize=2', {
        token: alice.token,
      });
      expect(page1.status).toBe(200);
      const data = page1.body.data as {
        list: DepositRecord[];
        total: number;
        page: number;
        pageSize: number;
      };
      expect(data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
      expect(data.list.map((d) => d.amount)).toEqual(['3.5', '2.5']);
      expect(data.list[0]).toEqual({
        id: expect.any(String),
        token: 'USDT',
        network: 'ERC20',
        address: chain.registry.depositAddress(aliceId),
        fromAddress: getAddress('0x00000000000000000000000000000000000000aa'),
        txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        amount: '3.5',
        confirmations: 3,
        requiredConfirmations: 12,
        status: 'confirming',
        belowMinimum: false,
        createdAt: t.clock.now().toISOString(),
        processedAt: null,
        explorerTxUrl: null,
      });
      const page2 = await call(t.app, 'GET', '/api/app/asset/deposit/list?page=2&pageSize=2', {
        token: alice.token,
      });
      expect((page2.body.data as { list: DepositRecord[] }).list.map((d) => d.amount)).toEqual(['1.5']);
      const other = await call(t.app, 'GET', '/api/app/asset/deposit/list?token=BTC', { token: alice.token });
      expect(other.body.data).toMatchObject({ list: [], total: 0 });

      const own = data.list[0]!;
      const detail = await call(t.app, 'GET', `/api/app/asset/deposit/detail?id=${own.id}`, {
        token: alice.token,
      });
      expect(detail.status).toBe(200);
      expect(detail.body.data).toEqual(own);
      const bobs = await call(t.app, 'GET', '/api/app/asset/deposit/list', { token: bob.token });
      const bobDeposit = (bobs.body.data as { list: DepositRecord[] }).list[0]!;
      const stolen = await call(t.app, 'GET', `/api/app/asset/deposit/detail?id=${bobDeposit.id}`, {
        token: alice.token,
      });
      expect(stolen.status).toBe(404);
      expect(stolen.body.reason).toBe('not_found');
      const none = await call(t.app, 'GET', '/api/app/asset/deposit/detail?id=999999999', {
        token: alice.token,
      });
      expect(none.status).toBe(404);
      const missing = await call(t.app, 'GET', '/api/app/asset/deposit/detail', { token: alice.token });
      expect(missing.status).toBe(400);
      expect(missing.body.msg).toBe('Missing parameter: id');
      const junk = await call(t.app, 'GET', '/api/app/asset/deposit/detail?id=abc', { token: alice.token });
      expect(junk.status).toBe(400);
    });
  });

  describe('operations', () => {
    it('answers a user’s deposit address (created when missing) and 404 for an unknown email', async () => {
      const user = await registerUser(t);
      const res = await adminCall(
        t.app,
        'GET',
        `/api/admin/deposit/address?email=${encodeURIComponent(user.email.toUpperCase())}&network=erc20`,
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        userId: user.user.id,
        email: user.email,
        network: 'ERC20',
        token: 'USDT',
        address: chain.registry.depositAddress(Number(user.user.id)),
        chainId: 31337,
        contractAddress: getAddress(chain.chain.tokenAddress),
        chainDecimals: 6,
        confirmations: 12,
      });
      const owners = await repo.ownersOf(db.handle.db, 'ERC20', [
        chain.registry.depositAddress(Number(user.user.id)).toLowerCase(),
      ]);
      expect([...owners.values()]).toEqual([Number(user.user.id)]);
      const unknown = await adminCall(
        t.app,
        'GET',
        `/api/admin/deposit/address?email=${uniqueEmail()}&network=ERC20`,
      );
      expect(unknown.status).toBe(404);
      const bep20 = await adminCall(
        t.app,
        'GET',
        `/api/admin/deposit/address?email=${user.email}&network=BEP20`,
      );
      expect(bep20.status).toBe(400);
      expect(bep20.body.msg).toBe(UNAVAILABLE);
      const anonymous = await call(
        t.app,
        'GET',
        `/api/admin/deposit/address?email=${user.email}&network=ERC20`,
      );
      expect(anonymous.status).toBe(401);
    });

    it('shows each network’s head, cursor and lag, and lists deposits with filters', async () => {
      // The treasury check reads its snapshot in one transaction: one query at a time on its
      // connection, or pg warns (once a process) that queued queries are deprecated.
      const warnings = vi.spyOn(process, 'emitWarning');
      const before = await adminCall(t.app, 'GET', '/api/admin/chain/status');
      expect(warnings.mock.calls.map((args) => String(args[0]))).not.toContainEqual(
        expect.stringContaining('client.query()'),
      );
      warnings.mockRestore();
      const head = await chain.head();
      expect(before.body.data).toEqual({
        list: [
          {
            network: 'ERC20',
            chainId: 31337,
            rpcUrl: chain.node.rpcUrl,
            head,
            cursor: null,
            lag: null,
            hotWallet: chain.chain.hotWallet!.account.address,
            enabled: true,
          },
          {
            network: 'BEP20',
            chainId: null,
            rpcUrl: null,
            head: null,
            cursor: null,
            lag: null,
            hotWallet: null,
            enabled: false,
          },
        ],
        // The ledger against the chain (modules/deposit/reconcile.ts, tested with the sweeper).
        treasury: [expect.objectContaining({ network: 'ERC20', block: head })],
      });
      const watcher = new ChainWatcher(
        { db: db.handle.db, clock: t.clock, tokens: t.app.services.tokens, ledger: t.app.services.ledger },
        { chain: chain.chain, logRange: 50, pollMs: 20, startBlock: Math.max(0, head - 1) },
      );
      await watcher.tick();
      await chain.mine(5);
      const after = await adminCall(t.app, 'GET', '/api/admin/chain/status');
      expect((after.body.data as { list: unknown[] }).list[0]).toMatchObject({
        head: head + 5,
        cursor: head + 1,
        lag: 5,
      });
      await watcher.stop();

      const user = await registerUser(t);
      await recordDeposit(Number(user.user.id), 4, { status: 'failed', belowMinimum: true, amount: '0.25' });
      await db.handle.db.execute(
        sql`update deposits set flag = 'look at me' where user_id = ${Number(user.user.id)}`,
      );
      const flagged = await adminCall(t.app, 'GET', '/api/admin/deposits?flagged=true');
      expect(flagged.status).toBe(200);
      expect(flagged.body.data).toMatchObject({
        total: 1,
        list: [
          { email: user.email, userId: user.user.id, flag: 'look at me', belowMinimum: true, amount: '0.25' },
        ],
      });
      const byEmail = await adminCall(t.app, 'GET', `/api/admin/deposits?email=${user.email}&status=failed`);
      expect(byEmail.body.data).toMatchObject({ total: 1 });
      const confirming = await adminCall(t.app, 'GET', '/api/admin/deposits?status=confirming&network=ERC20');
      expect(
        (confirming.body.data as { list: { status: string }[] }).list.every((d) => d.status === 'confirming'),
      ).toBe(true);
    });
  });
});
