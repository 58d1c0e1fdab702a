// The withdrawal sender against real Anvil nodes (issue 4, acceptance 4 and 5): a withdrawal goes
// from request to the recipient's wallet; a transfer the token refuses reverts and the funds return;
// a hot wallet short of tokens makes withdrawals wait; a crash between recording and broadcasting
// sends exactly once; dropped and replaced transactions are handled; 20 approvals at once get 20
// nonces. Blocks are mined on demand (no sleeps); the sender's passes are called directly.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestClient, formatUnits, http, parseUnits, type Address, type Hash, type Hex } from 'viem';
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { startAnvil, type AnvilNode } from '../../chain/anvil';
import {
  chainOf,
  createChainPublicClient,
  createChainWalletClient,
  type ChainNetworkConfig,
} from '../../chain/clients';
import { DEV_DEPOSIT_MNEMONIC, DEV_MNEMONIC } from '../../chain/dev-chains';
import { ChainRegistry } from '../../chain/registry';
import { deployTestUsdt, mintTestUsdt, testUsdtBalanceOf } from '../../chain/test-token';
import { eq } from 'drizzle-orm';
import { withdrawals } from './schema';
import type { NetworkName } from '../../chain/network';
import { adminCall, call, describeEachDatabase, PASSWORD, type TestApp } from '../../test/harness';
import { balanceOf, fundedUser } from '../../test/accounts';
import { WithdrawalSender, type RecordedWithdrawal, type WithdrawalSenderOptions } from './sender';

const deployer = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 0 });
const hotWallet = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 1 });
const DECIMALS = { ERC20: 6, BEP20: 18 } as const;
const CHAIN_IDS = { ERC20: 31337, BEP20: 31338 } as const;
/** Blocks a transaction needs (its own included) before the sender settles it. */
const CONFIRMATIONS = 2;

interface TestChain {
  node: AnvilNode;
  config: ChainNetworkConfig;
  token: Address;
  publicClient: ReturnType<typeof createChainPublicClient>;
  testClient: ReturnType<typeof createAnvilClient>;
}

function createAnvilClient(config: ChainNetworkConfig) {
  return createTestClient({ mode: 'anvil', chain: chainOf(config), transport: http(config.rpcUrl) });
}

async function startChain(network: NetworkName): Promise<TestChain> {
  const node = await startAnvil({ chainId: CHAIN_IDS[network], mnemonic: DEV_MNEMONIC });
  const config = { name: network, rpcUrl: node.rpcUrl, chainId: node.chainId, pollingIntervalMs: 20 };
  const publicClient = createChainPublicClient(config);
  const owner = { publicClient, walletClient: createChainWalletClient(config, deployer) };
  const { address: token } = await deployTestUsdt(owner, DECIMALS[network]);
  await mintTestUsdt(owner, token, hotWallet.address, parseUnits('1000', DECIMALS[network]));
  return { node, config, token, publicClient, testClient: createAnvilClient(config) };
}

interface WithdrawalView {
  id: string;
  status: string;
  txHash: string | null;
  failureReason: string | null;
  processedAt: string | null;
}

describeEachDatabase('withdrawal sender on Anvil', (db) => {
  const chains = {} as Record<NetworkName, TestChain>;
  let registry: ChainRegistry;
  let t: TestApp;

  beforeAll(async () => {
    [chains.ERC20, chains.BEP20] = await Promise.all([startChain('ERC20'), startChain('BEP20')]);
    registry = new ChainRegistry({
      networks: (['ERC20', 'BEP20'] as const).map((network) => ({
        network,
        rpcUrl: chains[network].config.rpcUrl,
        chainId: CHAIN_IDS[network],
        tokenAddress: chains[network].token,
        tokenDecimals: DECIMALS[network],
        confirmations: CONFIRMATIONS,
        pollingIntervalMs: 20,
      })),
      depositKey: { mnemonic: DEV_DEPOSIT_MNEMONIC },
      hotWalletKey: { mnemonic: DEV_MNEMONIC, index: 1 },
      logRange: 1000,
      pollMs: 20,
    });
    t = await db.app({ chains: registry });
  });
  afterAll(async () => {
    await Promise.all(Object.values(chains).map((chain) => chain.node.stop()));
  });

  const senders: WithdrawalSender[] = [];
  function sender(options: Partial<WithdrawalSenderOptions> = {}) {
    const created = new WithdrawalSender({
      db: db.handle.db,
      chains: registry,
      withdrawals: t.app.services.withdrawals,
      tokens: t.app.services.tokens,
      clock: t.clock,
      holder: 'test-sender',
      leaseMs: 30_000,
      ...options,
    });
    senders.push(created);
    return created;
  }
  afterAll(async () => {
    for (const created of senders) await created.stop();
  });

  async function requestApproved(
    user: { token: string },
    network: NetworkName,
    address: string,
    amount: string,
  ): Promise<string> {
    const res = await call(t.app, 'POST', '/api/app/asset/withdraw', {
      token: user.token,
      body: { token: 'USDT', network, address, amount, password: PASSWORD },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = (res.body.data as { id: string }).id;
    const approved = await adminCall(t.app, 'POST', '/api/admin/withdrawals/approve', { body: { id } });
    expect(approved.body.data).toMatchObject({ status: 'approved' });
    return id;
  }

  async function record(user: { token: string }, id: string, lang = 'en-US'): Promise<WithdrawalView> {
    const res = await call(t.app, 'GET', `/api/app/asset/withdraw/detail?id=${id}`, {
      token: user.token,
      headers: { 'x-lang': lang },
    });
    return res.body.data as unknown as WithdrawalView;
  }

  async function adminRecord(id: string) {
    const res = await adminCall(t.app, 'GET', '/api/admin/withdrawals?pageSize=100');
    return (res.body.data!.list as { id: string; nonce: number | null; fromAddress: string | null }[]).find(
      (w) => w.id === id,
    )!;
  }

  const tokenBalance = (network: NetworkName, holder: string) =>
    testUsdtBalanceOf(chains[network].publicClient, chains[network].token, holder as Address);
  const mine = (network: NetworkName, blocks = CONFIRMATIONS) => chains[network].testClient.mine({ blocks });
  const newAddress = () => privateKeyToAccount(generatePrivateKey()).address;

  it('sends an approved withdrawal: the recipient gets exactly the amount, the ledger settles once', async () => {
    const user = await fundedUser(t, '100');
    const recipient = newAddress();
    const id = await requestApproved(user, 'ERC20', recipient, '25.123456');
    expect(await balanceOf(t, user.token)).toEqual({ available: '73.876544', frozen: '26.123456' });

    const worker = sender();
    await worker.tick();
    const sent = await record(user, id);
    expect(sent).toMatchObject({ status: 'processing', processedAt: null });
    expect(sent.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await adminRecord(id)).toMatchObject({
      fromAddress: hotWallet.address,
      nonce: expect.any(Number),
    });
    // Mined (automine), but one block short of the confirmations.
    expect(await tokenBalance('ERC20', recipient)).toBe(25_123_456n);
    await worker.tick();
    expect((await record(user, id)).status).toBe('processing');

    await mine('ERC20', CONFIRMATIONS - 1);
    await worker.tick();
    const done = await record(user, id);
    expect(done).toMatchObject({ status: 'completed', txHash: sent.txHash, failureReason: null });
    expect(done.processedAt).toEqual(expect.any(String));
    expect(await tokenBalance('ERC20', recipient)).toBe(25_123_456n);
    expect(await balanceOf(t, user.token)).toEqual({ available: '73.876544', frozen: '0' });

    const flows = await call(t.app, 'GET', '/api/app/asset/flows?type=withdraw', { token: user.token });
    expect(
      (flows.body.data!.list as { availableDelta: string; frozenDelta: string; refId: string }[]).map((f) => [
        f.availableDelta,
        f.frozenDelta,
        f.refId,
      ]),
    ).toEqual([
      ['0', '-26.123456', id],
      ['-26.123456', '26.123456', id],
    ]);
    const house = await adminCall(t.app, 'GET', '/api/admin/house');
    expect(house.body.data!.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'chain', network: 'ERC20', token: 'USDT', available: '25.123456' }),
      ]),
    );
    // More passes change nothing.
    await mine('ERC20', 3);
    await worker.tick();
    expect(await balanceOf(t, user.token)).toEqual({ available: '73.876544', frozen: '0' });
    expect(await tokenBalance('ERC20', recipient)).toBe(25_123_456n);
    await db.expectAuditClean();
  });

  it('returns the funds of a rejected withdrawal and never sends it', async () => {
    const user = await fundedUser(t, '50');
    const recipient = newAddress();
    const res = await call(t.app, 'POST', '/api/app/asset/withdraw', {
      token: user.token,
      body: { token: 'USDT', network: 'ERC20', address: recipient, amount: '20', password: PASSWORD },
    });
    const { id } = res.body.data as { id: string };
    expect(await balanceOf(t, user.token)).toEqual({ available: '29', frozen: '21' });
    const rejected = await adminCall(t.app, 'POST', '/api/admin/withdrawals/reject', {
      body: { id, reason: 'Please verify your identity first' },
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected' });
    await sender().tick();
    expect(await record(user, id)).toMatchObject({
      status: 'rejected',
      txHash: null,
      processedAt: expect.any(String),
    });
    expect(await balanceOf(t, user.token)).toEqual({ available: '50', frozen: '0' });
    expect(await tokenBalance('ERC20', recipient)).toBe(0n);
    await db.expectAuditClean();
  });

  it('marks a reverted transfer failed and returns amount + fee', async () => {
    const user = await fundedUser(t, '40');
    const hotBefore = await tokenBalance('BEP20', hotWallet.address);
    // The token refuses transfers to the zero address (ERC20InvalidReceiver). Requests to it are
    // refused now, so the recorded address is changed under the request: a transfer that reverts.
    const id = await requestApproved(user, 'BEP20', newAddress(), '12');
    await db.handle.db
      .update(withdrawals)
      .set({ address: `0x${'0'.repeat(40)}` })
      .where(eq(withdrawals.id, Number(id)));
    expect(await balanceOf(t, user.token)).toEqual({ available: '27.5', frozen: '12.5' });
    const worker = sender();
    await worker.tick();
    const sent = await record(user, id);
    expect(sent.status).toBe('processing');
    const receipt = await chains.BEP20.publicClient.getTransactionReceipt({ hash: sent.txHash as Hash });
    expect(receipt.status).toBe('reverted');

    await mine('BEP20');
    await worker.tick();
    expect(await record(user, id)).toMatchObject({
      status: 'failed',
      txHash: sent.txHash,
      failureReason: 'The transaction failed on chain. The funds were returned',
    });
    expect((await record(user, id, 'zh-CN')).failureReason).toBe('链上交易失败，资金已退回');
    expect(await balanceOf(t, user.token)).toEqual({ available: '40', frozen: '0' });
    expect(await tokenBalance('BEP20', hotWallet.address)).toBe(hotBefore);
    await db.expectAuditClean();
  });

  it('holds a withdrawal the hot wallet cannot cover until it is funded', async () => {
    const user = await fundedUser(t, '5000');
    const recipient = newAddress();
    const short = (await tokenBalance('ERC20', hotWallet.address)) + 1_000_000n;
    const amount = formatUnits(short, 6);
    const id = await requestApproved(user, 'ERC20', recipient, amount);
    const worker = sender();
    await worker.tick();
    expect(await record(user, id)).toMatchObject({ status: 'approved', txHash: null });

    const owner = {
      publicClient: chains.ERC20.publicClient,
      walletClient: createChainWalletClient(chains.ERC20.config, deployer),
    };
    await mintTestUsdt(owner, chains.ERC20.token, hotWallet.address, 1_000_000n);
    await worker.tick();
    expect((await record(user, id)).status).toBe('processing');
    await mine('ERC20');
    await worker.tick();
    expect((await record(user, id)).status).toBe('completed');
    expect(await tokenBalance('ERC20', recipient)).toBe(short);
    expect(await tokenBalance('ERC20', hotWallet.address)).toBe(0n);
    // Refill for the tests that follow.
    await mintTestUsdt(owner, chains.ERC20.token, hotWallet.address, parseUnits('1000', 6));
    await db.expectAuditClean();
  });

  it('sends exactly once when the sender dies between recording and broadcasting', async () => {
    const user = await fundedUser(t, '100');
    const recipient = newAddress();
    const id = await requestApproved(user, 'ERC20', recipient, '33');

    let recorded: { txHash: Hash; rawTx: Hex } | undefined;
    const crashing = sender({
      holder: 'crashing-sender',
      afterRecord: (r) => {
        recorded = r;
        throw new Error('killed before broadcast');
      },
    });
    // The previous tests' sender still holds the lease: wait for it to expire.
    t.clock.advance(31);
    await expect(crashing.tick()).rejects.toThrow('killed before broadcast');
    const stored = await record(user, id);
    expect(stored).toMatchObject({ status: 'processing', txHash: recorded!.txHash });
    await expect(chains.ERC20.publicClient.getTransaction({ hash: recorded!.txHash })).rejects.toThrow();
    expect(await tokenBalance('ERC20', recipient)).toBe(0n);

    // A new process: the dead one's lease must expire first.
    const restarted = sender({ holder: 'restarted-sender' });
    await restarted.tick();
    expect(await tokenBalance('ERC20', recipient)).toBe(0n);
    t.clock.advance(31);
    await restarted.tick();
    expect(await tokenBalance('ERC20', recipient)).toBe(33_000_000n);
    // The same signed bytes again: refused by the node, nothing more is sent.
    await expect(
      chains.ERC20.publicClient.sendRawTransaction({ serializedTransaction: recorded!.rawTx }),
    ).rejects.toThrow();
    await mine('ERC20');
    await restarted.tick();
    await restarted.tick();
    expect(await record(user, id)).toMatchObject({ status: 'completed', txHash: recorded!.txHash });
    expect(await tokenBalance('ERC20', recipient)).toBe(33_000_000n);
    expect(await balanceOf(t, user.token)).toEqual({ available: '66', frozen: '0' });
    await restarted.stop();
    await db.expectAuditClean();
  });

  it('re-broadcasts a dropped transaction (same hash) and fails one whose nonce another transaction used', async () => {
    const { testClient, publicClient } = chains.ERC20;
    const user = await fundedUser(t, '100');
    const dropped = newAddress();
    const replaced = newAddress();
    const worker = sender({ holder: 'drop-sender' });
    t.clock.advance(31);
    await testClient.setAutomine(false);
    try {
      const first = await requestApproved(user, 'ERC20', dropped, '10');
      await worker.tick();
      const firstHash = (await record(user, first)).txHash as Hash;
      await testClient.dropTransaction({ hash: firstHash });
      await expect(publicClient.getTransaction({ hash: firstHash })).rejects.toThrow();
      await worker.tick();
      expect((await publicClient.getTransaction({ hash: firstHash })).hash).toBe(firstHash);
      await mine('ERC20');
      await worker.tick();
      expect(await record(user, first)).toMatchObject({ status: 'completed', txHash: firstHash });
      expect(await tokenBalance('ERC20', dropped)).toBe(10_000_000n);

      const second = await requestApproved(user, 'ERC20', replaced, '20');
      await worker.tick();
      const secondHash = (await record(user, second)).txHash as Hash;
      const { nonce } = await adminRecord(second);
      await testClient.dropTransaction({ hash: secondHash });
      // Someone else spends the hot wallet's nonce (the operator's own wallet software, say).
      const other = createChainWalletClient(chains.ERC20.config, hotWallet);
      await other.sendTransaction({ to: hotWallet.address, value: 0n, nonce: nonce! });
      await mine('ERC20');
      await worker.tick();
      expect(await record(user, second)).toMatchObject({
        status: 'failed',
        failureReason: 'The transaction was replaced or dropped. The funds were returned',
      });
      expect(await tokenBalance('ERC20', replaced)).toBe(0n);
      expect(await balanceOf(t, user.token)).toEqual({ available: '89', frozen: '0' });
    } finally {
      await testClient.setAutomine(true);
    }
    await db.expectAuditClean();
  });

  it('runs on its own once started: an approval wakes it at once, stop() ends it', async () => {
    const user = await fundedUser(t, '30');
    const recipient = newAddress();
    let sent!: (recorded: RecordedWithdrawal) => void;
    const recorded = new Promise<RecordedWithdrawal>((resolve) => (sent = resolve));
    // A poll far away: only the approval can make it act within this test.
    const worker = sender({ holder: 'loop-sender', pollMs: 3_600_000, afterRecord: (r) => sent(r) });
    t.clock.advance(31);
    worker.start();
    const id = await requestApproved(user, 'BEP20', recipient, '10');
    expect(String((await recorded).id)).toBe(id);
    await worker.stop();
    expect(await tokenBalance('BEP20', recipient)).toBe(parseUnits('10', 18));
    expect((await record(user, id)).status).toBe('processing');
    // Stopped: its lease is free at once for another process, which settles the withdrawal.
    await mine('BEP20');
    await sender({ holder: 'after-loop-sender' }).tick();
    expect((await record(user, id)).status).toBe('completed');
    await db.expectAuditClean();
  });

  it('gives 20 withdrawals approved at once 20 distinct nonces and completes them all', async () => {
    const user = await fundedUser(t, '1000');
    const wanted = Array.from({ length: 20 }, (_, i) => ({
      address: newAddress(),
      amount: `10.${String(i + 1).padStart(6, '0')}`,
    }));
    const ids: string[] = [];
    for (const w of wanted) ids.push(await requestApproved(user, 'BEP20', w.address, w.amount));

    // Two processes that both believe they lead (a lease that expired mid-pass) sign at once:
    // the nonce row lock still gives every withdrawal its own nonce, and each is signed once.
    const worker = sender({ holder: 'batch-sender' });
    const twin = sender({ holder: 'batch-sender' });
    t.clock.advance(31);
    await Promise.all([worker.tick(), twin.tick()]);
    const nonces = await Promise.all(ids.map(async (id) => (await adminRecord(id)).nonce));
    expect(new Set(nonces).size).toBe(20);
    const first = Math.min(...(nonces as number[]));
    expect([...(nonces as number[])].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => first + i),
    );

    await mine('BEP20');
    await worker.tick();
    for (const [i, id] of ids.entries()) {
      expect((await record(user, id)).status).toBe('completed');
      expect(await tokenBalance('BEP20', wanted[i]!.address)).toBe(parseUnits(wanted[i]!.amount, 18));
    }
    // 1000 − Σ(10.000001 … 10.000020) − 20 × 0.5 fee
    expect(await balanceOf(t, user.token)).toEqual({ available: '789.99979', frozen: '0' });
    await db.expectAuditClean();
  });
});
