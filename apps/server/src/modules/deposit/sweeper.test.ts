// The sweeper on a local Anvil chain: deposits credited to users are collected into the hot wallet
// (gas sent first from the hot wallet), those below SWEEP_MIN_USDT stay, a sweep interrupted at any
// step ends with the deposit in the hot wallet once and one gas transfer, the ledger's chain account
// reconciles with the chain through deposit, sweep and withdrawal, and a transfer to the hot wallet
// behind the ledger's back is reported by the audit until the operator books it (hot-wallet:fund).
import { sql } from 'drizzle-orm';
import { parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AuditReport, ChainSweepReport } from '@tradeflip/api';
import { accountXpubOf } from '../../chain/hd';
import { DEV_DEPOSIT_MNEMONIC } from '../../chain/dev-chains';
import { ChainRegistry } from '../../chain/registry';
import { queryRows } from '../../db/rows';
import { startTestChain, type TestChain } from '../../test/chains';
import {
  adminCall,
  call,
  describeEachDatabase,
  PASSWORD,
  registerUser,
  type TestApp,
} from '../../test/harness';
import { WithdrawalSender } from '../withdraw/sender';
import { ChainWatcher } from './chain-watcher';
import { Sweeper, type SweeperOptions, type SweepStep } from './sweeper';

describeEachDatabase('sweeper on Anvil', (db) => {
  let chain: TestChain;
  let t: TestApp;
  let watcher: ChainWatcher;
  let hotWallet: Address;
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    chain = await startTestChain('ERC20', { confirmations: 1 });
    t = await db.app({ chains: chain.registry });
    hotWallet = chain.chain.hotWallet!.account.address;
    watcher = new ChainWatcher(
      { db: db.handle.db, clock: t.clock, tokens: t.app.services.tokens, ledger: t.app.services.ledger },
      { chain: chain.chain, logRange: 100, pollMs: 50, startBlock: 0, holder: 'test-watcher' },
    );
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    await chain?.stop();
  });

  function sweeper(options: Partial<SweeperOptions> = {}) {
    const created = new Sweeper({
      db: db.handle.db,
      chains: chain.registry,
      tokens: t.app.services.tokens,
      minAmount: '10',
      clock: t.clock,
      holder: 'test-sweeper',
      ...options,
    });
    stops.push(() => created.stop());
    return created;
  }

  /** A new user's deposit of `amount`, credited by the watcher; answers the user and the address. */
  async function deposited(amount: string) {
    const user = await registerUser(t);
    const info = await call(t.app, 'GET', '/api/app/asset/deposit/info?token=USDT&network=ERC20', {
      token: user.token,
    });
    const address = (info.body.data as { address: Address }).address;
    await chain.transfer(address, amount);
    const report = await watcher.tick();
    expect(report.credited).toBeGreaterThan(0);
    return { user, address };
  }

  const units = (amount: string) => parseUnits(amount, chain.decimals);
  const hotWalletSent = () => chain.chain.publicClient.getTransactionCount({ address: hotWallet });
  const sweepsOf = (address: Address) =>
    queryRows<{ status: string; amount: string; gas_tx_hash: string | null; gas_cost_wei: string | null }>(
      db.handle.db,
      sql`select status, amount::text, gas_tx_hash, gas_cost_wei::text from sweeps
           where address = ${address.toLowerCase()} order by id`,
    );
  const reconciled = async () => (await t.app.services.treasury.reconcile())[0]!;

  it('collects a deposit into the hot wallet, sending the gas first; one below the minimum stays', async () => {
    const big = await deposited('25');
    const small = await deposited('5');
    const hotBefore = await chain.balanceOf(hotWallet);
    const gasBefore = await chain.chain.publicClient.getBalance({ address: hotWallet });

    const sentBefore = await hotWalletSent();
    // Usually one pass; a loaded machine's chain may mine a transfer after the pass looked for it,
    // and the next pass follows it.
    const sweeping = sweeper();
    const reports = [];
    do reports.push((await sweeping.tick())[0]!);
    while (reports.at(-1)!.underWay > 0 && reports.length < 20);
    expect(reports.every((report) => report.network === 'ERC20' && report.leader)).toBe(true);
    expect(reports.at(-1)!.underWay).toBe(0);
    expect(reports.reduce((sum, report) => sum + report.completed, 0)).toBe(1);
    expect(reports.find((report) => report.completed === 1)!.amount).toBe('25');
    // On chain: one gas transfer from the hot wallet, one token transfer from the address.
    expect(reports[0]!.gasTransfers).toBe(1);
    expect(await hotWalletSent()).toBe(sentBefore + 1);
    expect(await chain.chain.publicClient.getTransactionCount({ address: big.address })).toBe(1);

    expect(await chain.balanceOf(big.address)).toBe(0n);
    expect(await chain.balanceOf(small.address)).toBe(units('5'));
    expect(await chain.balanceOf(hotWallet)).toBe(hotBefore + units('25'));
    const [sweep] = await sweepsOf(big.address);
    expect(sweep).toMatchObject({ status: 'completed', amount: '25.000000000000000000' });
    // The gas it cost is kept: at least the two transfers' fees, and the hot wallet paid it.
    expect(BigInt(sweep!.gas_cost_wei!)).toBeGreaterThan(0n);
    expect(await chain.chain.publicClient.getBalance({ address: hotWallet })).toBeLessThan(gasBefore);
    expect(await sweepsOf(small.address)).toEqual([]);

    // The user's balance is untouched: the tokens moved between two of the platform's addresses.
    const balance = await call(t.app, 'GET', '/api/app/user/me', { token: big.user.token });
    expect(balance.status).toBe(200);
    expect(await reconciled()).toMatchObject({ status: 'ok', difference: '0' });
    await db.expectAuditClean();
  });

  it.each<SweepStep>(['gas-recorded', 'recorded', 'broadcast'])(
    'interrupted once at "%s", the next pass ends with the deposit in the hot wallet once and one gas transfer',
    async (step) => {
      const { address } = await deposited('40');
      const hotBefore = await chain.balanceOf(hotWallet);
      const sentBefore = await hotWalletSent();
      let crashed = false;
      const interrupted = sweeper({
        afterStep: (at) => {
          if (at === step && !crashed) {
            crashed = true;
            throw new Error(`crash at ${at}`);
          }
        },
      });
      await expect(interrupted.tick()).rejects.toThrow(`crash at ${step}`);
      // A new sweeper (as after a restart) goes on from the records.
      const reports = [];
      const next = sweeper();
      for (let pass = 0; pass < 3; pass++) reports.push(...(await next.tick()));
      expect(reports.reduce((sum, r) => sum + r.completed, 0)).toBe(1);

      expect(await chain.balanceOf(address)).toBe(0n);
      expect(await chain.balanceOf(hotWallet)).toBe(hotBefore + units('40'));
      expect(await hotWalletSent()).toBe(sentBefore + 1);
      const rows = await sweepsOf(address);
      expect(rows.map((row) => row.status)).toEqual(['completed']);
      expect(await reconciled()).toMatchObject({ status: 'ok' });
    },
  );

  it('reconciles through a deposit, its sweep and a withdrawal paid from it', async () => {
    const { user } = await deposited('60');
    await sweeper().tick();
    const recipient = '0x00000000000000000000000000000000000000b7';
    const res = await call(t.app, 'POST', '/api/app/asset/withdraw', {
      token: user.token,
      body: { token: 'USDT', network: 'ERC20', address: recipient, amount: '20', password: PASSWORD },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = (res.body.data as { id: string }).id;
    await adminCall(t.app, 'POST', '/api/admin/withdrawals/approve', { body: { id } });
    const sender = new WithdrawalSender({
      db: db.handle.db,
      chains: chain.registry,
      withdrawals: t.app.services.withdrawals,
      tokens: t.app.services.tokens,
      clock: t.clock,
      holder: 'test-sender',
    });
    stops.push(() => sender.stop());
    await sender.tick();
    // Mined (the chain mines the payment on its own time), not yet completed: in flight, and the
    // books still agree.
    await expect.poll(async () => (await reconciled()).inFlight, { timeout: 10_000 }).toBe('20');
    expect(await reconciled()).toMatchObject({ status: 'ok', inFlight: '20' });
    await chain.mine(1);
    await sender.tick();
    expect(await chain.balanceOf(recipient)).toBe(units('20'));
    expect(await reconciled()).toMatchObject({ status: 'ok', inFlight: '0', difference: '0' });
    const audit = await adminCall(t.app, 'GET', '/api/admin/audit');
    expect((audit.body.data as AuditReport).ok).toBe(true);
  });

  it('reports tokens sent to the hot wallet behind the ledger’s back', async () => {
    await chain.transfer(hotWallet, '7.5');
    const audit = await adminCall(t.app, 'GET', '/api/admin/audit');
    const report = audit.body.data as AuditReport;
    expect(report.ok).toBe(false);
    expect(report.checks.find((c) => c.name === 'chain')).toMatchObject({ differences: 1 });
    expect(report.chains?.[0]).toMatchObject({ network: 'ERC20', status: 'difference', difference: '7.5' });
    expect(report.differences.find((d) => d.check === 'chain')?.detail).toMatch(
      /^ERC20: the ledger's chain account says [\d.]+ USDT, the chain holds [\d.]+ at block \d+ \(difference 7\.5, tolerance 0\)$/,
    );
    // Within a stated tolerance it passes.
    const tolerant = await db.app({ chains: chain.registry, env: { CHAIN_RECONCILE_TOLERANCE: '10' } });
    expect((await tolerant.app.services.treasury.reconcile())[0]).toMatchObject({ status: 'ok' });

    // The operator books what they sent: the ledger meets the chain again. Only a network this
    // deployment reaches, and never twice for one Idempotency-Key.
    const fund = (body: object, key: string) =>
      adminCall(t.app, 'POST', '/api/admin/hot-wallet/fund', { body, headers: { 'idempotency-key': key } });
    const elsewhere = await fund(
      { network: 'BEP20', token: 'USDT', amount: '7.5', memo: 'float' },
      'fund-bep20',
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toMatchObject({ reason: 'validation', msg: 'This network is not supported' });
    const unexplained = await fund({ network: 'ERC20', token: 'USDT', amount: '7.5' }, 'fund-no-memo');
    expect(unexplained.status).toBe(400);
    for (let i = 0; i < 2; i++) {
      const booked = await fund(
        { network: 'erc20', token: 'USDT', amount: '7.5', memo: 'float, tx 0xabc' },
        'fund-erc20',
      );
      expect(booked.status).toBe(200);
      expect(booked.body.data).toMatchObject({ chain: { kind: 'chain', token: 'USDT', network: 'ERC20' } });
    }
    expect(await reconciled()).toMatchObject({ status: 'ok', difference: '0' });
    const clean = await adminCall(t.app, 'GET', '/api/admin/audit');
    expect((clean.body.data as AuditReport).ok).toBe(true);
  });

  it('does not sweep with an xpub only, and says why', async () => {
    const watching = new ChainRegistry({
      ...chain.registry.setup,
      depositKey: { xpub: accountXpubOf(DEV_DEPOSIT_MNEMONIC) },
    });
    const app = await db.app({ chains: watching });
    expect(app.app.services.sweeper).toBeUndefined();
    const res = await adminCall(app.app, 'POST', '/api/admin/chain/sweep');
    expect(res.status).toBe(200);
    expect((res.body.data as ChainSweepReport).unavailable).toMatch(/DEPOSIT_XPUB.*DEPOSIT_MNEMONIC/);
  });
});
