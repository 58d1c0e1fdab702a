// The deposit watcher against a real Anvil chain (DESIGN §5, issue 4 acceptance 1–3): transfers become
// confirming (n/N) deposits and are credited once after N blocks, also when logs are seen again; reorgs
// (anvil_reorg, evm_snapshot/evm_revert) leave vanished deposits uncredited or reverse their credit;
// below-minimum deposits are recorded and never credited. The watcher is ticked by hand: no timers.
import type { Address, Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DepositRecord } from '@tradeflip/api';
import * as depositRepo from './repository';
import { startTestChain, type TestChain } from '../../test/chains';
import { adminCall, call, describeEachDatabase, registerUser, type TestApp } from '../../test/harness';
import { ChainWatcher, REORG_DEPTH } from './chain-watcher';

const REQUIRED = 12; // token_networks.confirmations of USDT on ERC20

describeEachDatabase('chain watcher', (db) => {
  let chain: TestChain;
  let t: TestApp;
  let watcher: ChainWatcher;

  const newWatcher = (holder = 'test-watcher') =>
    new ChainWatcher(
      { db: db.handle.db, clock: t.clock, tokens: t.app.services.tokens, ledger: t.app.services.ledger },
      { chain: chain.chain, logRange: 100, pollMs: 20, holder },
    );

  beforeAll(async () => {
    chain = await startTestChain('ERC20');
    t = await db.app({ chains: chain.registry });
    await chain.mine(20);
    watcher = newWatcher();
    // The first tick starts the cursor at the chain's head (past the token's deployment).
    expect(await watcher.tick()).toMatchObject({ leader: true, found: 0 });
  });
  afterAll(async () => {
    await watcher?.stop();
    await chain?.stop();
  });

  /** A registered user and their ERC20 deposit address (asked through the API, so it is stored). */
  async function depositor() {
    const user = await registerUser(t);
    const info = await call(t.app, 'GET', '/api/app/asset/deposit/info?token=USDT&network=ERC20', {
      token: user.token,
    });
    expect(info.status).toBe(200);
    return { ...user, address: (info.body.data as { address: Address }).address };
  }

  async function depositsOf(token: string): Promise<DepositRecord[]> {
    const res = await call(t.app, 'GET', '/api/app/asset/deposit/list', { token });
    expect(res.status).toBe(200);
    return (res.body.data as { list: DepositRecord[] }).list;
  }

  async function availableOf(token: string): Promise<string> {
    const res = await call(t.app, 'GET', '/api/app/asset/balances', { token });
    const list = (res.body.data as { list: { token: string; available: string }[] }).list;
    return list.find((balance) => balance.token === 'USDT')!.available;
  }

  async function depositEntries(token: string) {
    const res = await call(t.app, 'GET', '/api/app/asset/flows?token=USDT&type=deposit', { token });
    return (res.body.data as { list: { availableDelta: string; refType: string; refId: string }[] }).list;
  }

  describe('a deposit, end to end', () => {
    it('is confirming (n/N) until the network’s confirmations, then completed and credited once', async () => {
      const user = await depositor();
      const sent = await chain.transfer(user.address, '25.5');

      const first = await watcher.tick();
      expect(first).toMatchObject({ leader: true, found: 1, credited: 0 });
      let [deposit] = await depositsOf(user.token);
      expect(deposit).toMatchObject({
        token: 'USDT',
        network: 'ERC20',
        address: user.address,
        txHash: sent.hash,
        amount: '25.5',
        status: 'confirming',
        confirmations: 1,
        requiredConfirmations: REQUIRED,
        belowMinimum: false,
        processedAt: null,
      });
      expect(await availableOf(user.token)).toBe('0');

      await chain.mine(REQUIRED - 2);
      await watcher.tick();
      [deposit] = await depositsOf(user.token);
      expect(deposit).toMatchObject({ status: 'confirming', confirmations: REQUIRED - 1 });
      expect(await availableOf(user.token)).toBe('0');

      // The block that gives it its Nth confirmation.
      await chain.mine(1);
      expect(await watcher.tick()).toMatchObject({ credited: 1 });
      [deposit] = await depositsOf(user.token);
      expect(deposit).toMatchObject({ status: 'completed', confirmations: REQUIRED });
      expect(deposit!.processedAt).not.toBeNull();
      expect(await availableOf(user.token)).toBe('25.5');
      expect(await depositEntries(user.token)).toMatchObject([
        { availableDelta: '25.5', refType: 'deposit', refId: deposit!.id },
      ]);
      // The chain account stands for what came in from the chain.
      const house = await adminCall(t.app, 'GET', '/api/admin/house');
      const chainAccount = (
        house.body.data as { list: { kind: string; network: string | null; available: string }[] }
      ).list.find((row) => row.kind === 'chain' && row.network === 'ERC20');
      expect(Number(chainAccount!.available)).toBeLessThanOrEqual(-25.5);
      await db.expectAuditClean();

      // Ticking again changes nothing.
      expect(await watcher.tick()).toMatchObject({ found: 0, credited: 0 });
      expect(await availableOf(user.token)).toBe('25.5');

      // A restarted watcher whose cursor is older than the deposit sees the same log again: one deposit,
      // credited once.
      await watcher.stop();
      const from = sent.blockNumber - 3;
      const block = await chain.chain.publicClient.getBlock({ blockNumber: BigInt(from - 1) });
      await depositRepo.saveCursor(db.handle.db, {
        network: 'ERC20',
        nextBlock: from,
        lastBlockHash: block.hash,
        updatedAt: t.clock.now(),
      });
      watcher = newWatcher('restarted-watcher');
      // The old holder's lease was given up on stop: the new one leads at once.
      const again = await watcher.tick();
      expect(again).toMatchObject({ leader: true, found: 0, credited: 0 });
      expect(again.cursor).toBe(again.head! + 1);
      expect(again.scannedBlocks).toBeGreaterThanOrEqual(again.head! + 1 - from);
      expect(await depositsOf(user.token)).toHaveLength(1);
      expect(await availableOf(user.token)).toBe('25.5');
      expect(await depositEntries(user.token)).toHaveLength(1);
      await db.expectAuditClean();
    });

    it('credits several deposits of several users, in one block or many, each once', async () => {
      const alice = await depositor();
      const bob = await depositor();
      await chain.transfer(alice.address, '10');
      await chain.transfer(bob.address, '20');
      await chain.transfer(alice.address, '1.000001');
      expect(await watcher.tick()).toMatchObject({ found: 3 });
      await chain.mine(REQUIRED);
      expect(await watcher.tick()).toMatchObject({ credited: 3 });
      expect(await availableOf(alice.token)).toBe('11.000001');
      expect(await availableOf(bob.token)).toBe('20');
      expect((await depositsOf(alice.token)).map((d) => d.status)).toEqual(['completed', 'completed']);
      await db.expectAuditClean();
    });

    it('ignores transfers to addresses that are not deposit addresses', async () => {
      const stranger = '0x000000000000000000000000000000000000bEEF';
      await chain.transfer(stranger, '99');
      expect(await watcher.tick()).toMatchObject({ found: 0 });
    });
  });

  describe('below the minimum deposit', () => {
    it('is recorded (failed, belowMinimum) and never credited', async () => {
      const user = await depositor();
      await chain.transfer(user.address, '0.5'); // minimum: 1 USDT
      expect(await watcher.tick()).toMatchObject({ found: 1 });
      await chain.mine(REQUIRED + 1);
      expect(await watcher.tick()).toMatchObject({ credited: 0 });
      const [deposit] = await depositsOf(user.token);
      expect(deposit).toMatchObject({ amount: '0.5', status: 'failed', belowMinimum: true });
      expect(deposit!.processedAt).not.toBeNull();
      expect(await availableOf(user.token)).toBe('0');
      expect(await depositEntries(user.token)).toEqual([]);
      await db.expectAuditClean();
    });
  });

  describe('reorgs', () => {
    it('fails a confirming deposit whose block was replaced without its transaction (anvil_reorg)', async () => {
      const user = await depositor();
      const sent = await chain.transfer(user.address, '30');
      await chain.mine(2);
      expect(await watcher.tick()).toMatchObject({ found: 1 });
      expect((await depositsOf(user.token))[0]).toMatchObject({ status: 'confirming', confirmations: 3 });

      // The last 4 blocks (the transfer's among them) are replaced by blocks without it.
      const head = await chain.head();
      await chain.rpc('anvil_reorg', [head - sent.blockNumber + 2, []]);
      expect(await chain.head()).toBe(head);
      const report = await watcher.tick();
      expect(report).toMatchObject({ reorg: true, failed: 1, credited: 0 });

      await chain.mine(REQUIRED + 1);
      await watcher.tick();
      const [deposit] = await depositsOf(user.token);
      expect(deposit).toMatchObject({ txHash: sent.hash, status: 'failed', belowMinimum: false });
      expect(await availableOf(user.token)).toBe('0');
      await db.expectAuditClean();
    });

    it('follows a deposit whose transaction was mined again in another block, and credits it once', async () => {
      const user = await depositor();
      const sent = await chain.transfer(user.address, '12.5');
      expect(await watcher.tick()).toMatchObject({ found: 1 });
      const before = (await depositsOf(user.token))[0]!;

      // Replace the transfer's block and the next one; the same signed transaction lands one block later.
      await chain.mine(1);
      await chain.rpc('anvil_reorg', [2, [[sent.raw, 1]]]);
      const receipt = await chain.chain.publicClient.getTransactionReceipt({ hash: sent.hash });
      expect(Number(receipt.blockNumber)).toBe(sent.blockNumber + 1);

      expect(await watcher.tick()).toMatchObject({ reorg: true, relocated: 1, failed: 0 });
      const moved = await adminDeposit(before.id);
      expect(moved).toMatchObject({ status: 'confirming', blockNumber: sent.blockNumber + 1 });

      await chain.mine(REQUIRED);
      expect(await watcher.tick()).toMatchObject({ credited: 1 });
      expect(await depositsOf(user.token)).toMatchObject([{ id: before.id, status: 'completed' }]);
      expect(await availableOf(user.token)).toBe('12.5');
      await db.expectAuditClean();
    });

    it('shows a deposit whose transaction is unmined again as pending, then completes it (evm_revert)', async () => {
      const user = await depositor();
      await chain.fund('7');
      const snapshot = await chain.rpc<Hex>('evm_snapshot');
      const sent = await chain.send(user.address, '7');
      expect(await watcher.tick()).toMatchObject({ found: 1 });

      // Back to before the transfer; the chain grows again while the transaction waits in the pool.
      await chain.rpc('evm_setAutomine', [false]);
      try {
        await chain.rpc('evm_revert', [snapshot]);
        await chain.mine(3);
        await chain.rpc('eth_sendRawTransaction', [sent.raw]);
        await watcher.tick();
        expect(await depositsOf(user.token)).toMatchObject([{ status: 'pending', confirmations: 0 }]);

        await chain.mine(1);
        expect(await watcher.tick()).toMatchObject({ relocated: 1 });
        expect(await depositsOf(user.token)).toMatchObject([{ status: 'confirming', confirmations: 1 }]);
      } finally {
        await chain.rpc('evm_setAutomine', [true]);
      }
      await chain.mine(REQUIRED);
      expect(await watcher.tick()).toMatchObject({ credited: 1 });
      expect(await availableOf(user.token)).toBe('7');
      expect(await depositsOf(user.token)).toHaveLength(1);
      await db.expectAuditClean();
    });

    it('reverses a credited deposit whose block vanished, as far as the balance allows, and flags it', async () => {
      const user = await depositor();
      const sent = await chain.transfer(user.address, '40');
      await chain.mine(REQUIRED);
      expect(await watcher.tick()).toMatchObject({ found: 1, credited: 1 });
      expect(await availableOf(user.token)).toBe('40');
      // The user spends part of it before the reorg.
      const spent = await adminCall(t.app, 'POST', '/api/admin/balances/adjust', {
        body: { email: user.email, token: 'USDT', amount: '-15', reason: 'spent in a game' },
      });
      expect(spent.status).toBe(200);

      const head = await chain.head();
      const depth = head - sent.blockNumber + 2;
      expect(depth).toBeLessThan(REORG_DEPTH);
      await chain.rpc('anvil_reorg', [depth, []]);
      expect(await watcher.tick()).toMatchObject({ reorg: true, failed: 1, reversed: 1, credited: 0 });

      const [deposit] = await depositsOf(user.token);
      expect(deposit).toMatchObject({ status: 'failed' });
      expect(await availableOf(user.token)).toBe('0');
      const entries = await depositEntries(user.token);
      expect(entries.map((e) => e.availableDelta)).toEqual(['-25', '40']);
      const flagged = await adminCall(t.app, 'GET', `/api/admin/deposits?flagged=true&email=${user.email}`);
      const [record] = (flagged.body.data as { list: AdminRecord[] }).list;
      expect(record).toMatchObject({ id: deposit!.id, status: 'failed' });
      expect(record!.flag).toMatch(/reorg.*reversed 25 of 40 USDT; 15 could not be taken back/);
      expect(record!.reversalMovementId).not.toBeNull();

      // Later ticks leave it alone.
      await chain.mine(REQUIRED);
      expect(await watcher.tick()).toMatchObject({ failed: 0, reversed: 0, credited: 0 });
      await db.expectAuditClean();
    });
  });

  describe('a chain started afresh', () => {
    it('scans the new chain when it is far shorter than the cursor (local chain state removed)', async () => {
      const user = await depositor();
      const sent = await chain.transfer(user.address, '2');
      const head = await chain.head();
      await depositRepo.saveCursor(db.handle.db, {
        network: 'ERC20',
        nextBlock: head + 10 * REORG_DEPTH,
        lastBlockHash: `0x${'e'.repeat(64)}`,
        updatedAt: t.clock.now(),
      });
      const report = await watcher.tick();
      expect(report).toMatchObject({ reorg: true, found: 1, cursor: head + 1 });
      expect(await depositsOf(user.token)).toMatchObject([{ txHash: sent.hash, status: 'confirming' }]);
      await chain.mine(REQUIRED);
      expect(await watcher.tick()).toMatchObject({ credited: 1 });
      await db.expectAuditClean();
    });
  });

  describe('leadership and the poll loop', () => {
    it('does nothing while another process holds the network’s lease', async () => {
      const other = newWatcher('another-process');
      expect(await other.tick()).toMatchObject({ leader: false });
    });

    it('credits deposits by itself once started, and stops', async () => {
      const user = await depositor();
      await watcher.stop();
      const looping = newWatcher('looping-watcher');
      looping.start();
      try {
        await chain.transfer(user.address, '3');
        await chain.mine(REQUIRED);
        await vi.waitFor(async () => expect(await availableOf(user.token)).toBe('3'), {
          timeout: 10_000,
          interval: 50,
        });
      } finally {
        await looping.stop();
      }
      watcher = newWatcher('test-watcher');
      await db.expectAuditClean();
    });
  });

  interface AdminRecord extends DepositRecord {
    flag: string | null;
    blockNumber: number;
    reversalMovementId: string | null;
  }

  async function adminDeposit(id: string): Promise<AdminRecord> {
    const res = await adminCall(t.app, 'GET', '/api/admin/deposits?pageSize=100');
    const found = (res.body.data as { list: AdminRecord[] }).list.find((d) => d.id === id);
    if (!found) throw new Error(`deposit ${id} not listed`);
    return found;
  }
});
