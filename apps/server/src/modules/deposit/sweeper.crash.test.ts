// The sweeper of the real server (a child process on an Anvil chain it reaches as CHAINS=external)
// killed (SIGKILL) at each step of a sweep: just after recording the hot wallet's gas transfer
// (sweep-gas-recorded), just after recording the address's token transfer (sweep-recorded), and just
// after sending it (sweep-broadcast). Each restart goes on from the records; in the end the deposit
// is in the hot wallet exactly once, the hot wallet sent one gas transfer, and the audit (with the
// ledger against the chain) is clean.
import { sql } from 'drizzle-orm';
import { bytesToHex, parseUnits, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { AuditReport, ChainSweepReport } from '@tradeflip/api';
import {
  DEV_DEPOSIT_MNEMONIC,
  DEV_HOT_WALLET_INDEX,
  DEV_MNEMONIC,
  DEV_TOKEN_ADDRESS,
} from '../../chain/dev-chains';
import { openDatabase } from '../../db/client';
import { queryRows } from '../../db/rows';
import { startTestChain, type TestChain } from '../../test/chains';
import { cliWorkspace } from '../../test/cli';
import { describeEachTarget, registerUser, uniqueEmail } from '../../test/harness';
import { startServerProcess, type ServerProcess } from '../../test/server-process';

const ADMIN_TOKEN = 'sweep-crash-admin-token-0123';
const hotWalletAccount = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: DEV_HOT_WALLET_INDEX });
const HOT_WALLET = hotWalletAccount.address;

describeEachTarget('the sweeper killed at each step', (target) => {
  const ws = cliWorkspace(target, 'tf-sweep-crash-');
  let chain: TestChain;
  const running = new Set<ServerProcess>();

  beforeAll(async () => {
    chain = await startTestChain('ERC20');
  });
  afterAll(async () => {
    await chain?.stop();
  });
  afterEach(async () => {
    for (const server of running) await server.kill();
    running.clear();
  });

  const env = (extra: Record<string, string> = {}) => ({
    ...ws.env(),
    ADMIN_TOKEN,
    LOG_LEVEL: 'fatal',
    // The embedded database with real-network settings is for tests only.
    ...(ws.databaseUrl ? {} : { TEST_EMBEDDED_PRODUCTION: '1' }),
    CHAINS: 'external',
    ETH_RPC_URL: chain.node.rpcUrl,
    ETH_CHAIN_ID: String(chain.node.chainId),
    ETH_USDT_CONTRACT: DEV_TOKEN_ADDRESS,
    ETH_USDT_DECIMALS: '6',
    DEPOSIT_MNEMONIC: DEV_DEPOSIT_MNEMONIC,
    HOT_WALLET_PRIVATE_KEY: bytesToHex(hotWalletAccount.getHdKey().privateKey!),
    CHAIN_POLL_MS: '100',
    RATE_LIMIT_API_IP: 'off',
    ...extra,
  });
  const start = async (extra: Record<string, string> = {}) => {
    const server = await startServerProcess(env(extra));
    running.add(server);
    return server;
  };
  const admin = async <T>(server: ServerProcess, method: 'GET' | 'POST', path: string): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${ADMIN_TOKEN}`,
        ...(method === 'POST' ? { 'idempotency-key': `sweep-crash-${Math.random()}` } : {}),
      },
    });
    const body = (await response.json()) as { code: number; msg?: string; data: T };
    if (body.code !== 0) throw new Error(`${path}: ${body.msg}`);
    return body.data;
  };
  /** Mines a block now and then until the process has died at its crash point. */
  const diedAt = async (server: ServerProcess) => {
    let dead = false;
    void server.exited.then(() => (dead = true));
    await vi.waitFor(
      async () => {
        if (!dead) await chain.mine(1);
        expect(dead).toBe(true);
      },
      { timeout: 120_000, interval: 200 },
    );
  };
  async function sweepRows() {
    const database = await openDatabase({ databaseUrl: ws.databaseUrl, dataDir: ws.dataDir });
    try {
      return await queryRows<{ status: string; amount: string }>(
        database.db,
        sql`select status, amount::text from sweeps order by id`,
      );
    } finally {
      await database.close();
    }
  }
  const sent = (address: Address) => chain.chain.publicClient.getTransactionCount({ address });

  it('collects the deposit once, with one gas transfer, through a kill at every step', async () => {
    const email = uniqueEmail('sweep');
    const app = await ws.startServer();
    try {
      await registerUser(app.t, email);
    } finally {
      await app.close();
    }

    // The deposit arrives while a server runs that dies once its sweeper recorded the gas transfer.
    let server = await start({ CRASH_AT: 'sweep-gas-recorded' });
    const { address } = await admin<{ address: Address }>(
      server,
      'GET',
      `/api/admin/deposit/address?email=${encodeURIComponent(email)}&network=ERC20`,
    );
    await chain.transfer(address, '100');
    await diedAt(server);
    expect(await sweepRows()).toEqual([{ status: 'funding', amount: '100.000000000000000000' }]);
    expect(await sent(HOT_WALLET)).toBe(0);

    // The next sends that recorded gas transfer, then dies once the token transfer is recorded.
    server = await start({ CRASH_AT: 'sweep-recorded' });
    await diedAt(server);
    expect((await sweepRows()).map((row) => row.status)).toEqual(['sweeping']);
    expect(await sent(HOT_WALLET)).toBe(1);
    expect(await chain.balanceOf(address)).toBe(parseUnits('100', 6));

    // The next sends the recorded token transfer and dies at once.
    server = await start({ CRASH_AT: 'sweep-broadcast' });
    await diedAt(server);
    expect(await chain.balanceOf(address)).toBe(0n);
    expect(await chain.balanceOf(HOT_WALLET)).toBe(parseUnits('100', 6));

    // The last follows it to its confirmations; nothing is sent again.
    server = await start();
    await vi.waitFor(
      async () => {
        await chain.mine(2);
        const report = await admin<ChainSweepReport>(server, 'POST', '/api/admin/chain/sweep');
        expect(report.list[0]).toMatchObject({ leader: true, underWay: 0 });
      },
      { timeout: 60_000, interval: 300 },
    );
    const audit = await admin<AuditReport>(server, 'GET', '/api/admin/audit');
    expect(audit.chains?.[0]).toMatchObject({ network: 'ERC20', status: 'ok', difference: '0' });
    expect(audit.ok).toBe(true);
    await server.stop();

    expect(await sweepRows()).toEqual([{ status: 'completed', amount: '100.000000000000000000' }]);
    expect(await chain.balanceOf(HOT_WALLET)).toBe(parseUnits('100', 6));
    expect(await sent(HOT_WALLET)).toBe(1);
    expect(await sent(address)).toBe(1);
  }, 300_000);
});
