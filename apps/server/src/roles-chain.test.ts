// ROLE=api and ROLE=worker on a real chain (Anvil, reached as CHAINS=external): the API process holds
// no hot-wallet key, only its address (HOT_WALLET_ADDRESS), and still offers withdrawals, refuses
// one to the hot wallet itself and reads the hot wallet's balance for the audit; the worker, which
// holds the key, pays the withdrawal. A HOT_WALLET_ADDRESS that is not the key's stops start-up.
// Real processes, PostgreSQL and Redis; needs TEST_DATABASE_URL and TEST_REDIS_URL (required when
// CI=true).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bytesToHex, parseUnits } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditReport } from '@tradeflip/api';
import {
  DEV_DEPOSIT_MNEMONIC,
  DEV_HOT_WALLET_INDEX,
  DEV_MNEMONIC,
  DEV_TOKEN_ADDRESS,
} from './chain/dev-chains';
import { accountXpubOf } from './chain/hd';
import { loadTestSettings } from './config';
import { openScratchPostgres } from './db/scratch';
import { startTestChain, type TestChain } from './test/chains';
import { runCliScript } from './test/cli';
import { makeWebDist, PASSWORD } from './test/harness';
import { post, signUpFunded } from './test/server-calls';
import { runServerToExit, startServerProcess, type ServerProcess } from './test/server-process';

const settings = loadTestSettings();
const ready = Boolean(settings.databaseUrl && settings.redisUrl);
const ADMIN_TOKEN = 'roles-chain-admin-token-0123';
const hotWalletAccount = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: DEV_HOT_WALLET_INDEX });
const HOT_WALLET = hotWalletAccount.address;
const RECIPIENT = '0x1111111111111111111111111111111111111111';

describe.runIf(ready || settings.ci)('an API process and a worker on a real chain', () => {
  let database: Awaited<ReturnType<typeof openScratchPostgres>> | undefined;
  let chain: TestChain;
  const dirs: string[] = [];
  const running = new Set<ServerProcess>();

  beforeAll(async () => {
    if (!ready) throw new Error('CI=true but TEST_DATABASE_URL or TEST_REDIS_URL is not set');
    database = await openScratchPostgres(settings.databaseUrl!, 'roles_chain', { max: 2 });
    chain = await startTestChain('ERC20');
  }, 60_000);
  afterAll(async () => {
    for (const server of running) await server.kill();
    await chain?.stop();
    await database?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  function env(role: 'api' | 'worker', extra: Record<string, string> = {}) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tf-chain-${role}-`));
    const webDist = makeWebDist();
    dirs.push(dataDir, webDist);
    return {
      ROLE: role,
      DATABASE_URL: database!.url,
      REDIS_URL: settings.redisUrl!,
      CHAINS: 'external',
      ETH_RPC_URL: chain.node.rpcUrl,
      ETH_CHAIN_ID: String(chain.node.chainId),
      ETH_USDT_CONTRACT: DEV_TOKEN_ADDRESS,
      ETH_USDT_DECIMALS: '6',
      CHAIN_POLL_MS: '100',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      ADMIN_TOKEN,
      LOG_LEVEL: 'fatal',
      MARKET_TICK_MS: '100',
      RATE_LIMIT_API_IP: 'off',
      RATE_LIMIT_CODE_IP: 'off',
      RATE_LIMIT_REGISTER_IP: 'off',
      ...(role === 'api'
        ? { DEPOSIT_XPUB: accountXpubOf(DEV_DEPOSIT_MNEMONIC), HOT_WALLET_ADDRESS: HOT_WALLET }
        : {
            DEPOSIT_MNEMONIC: DEV_DEPOSIT_MNEMONIC,
            HOT_WALLET_PRIVATE_KEY: bytesToHex(hotWalletAccount.getHdKey().privateKey!),
          }),
      ...extra,
    };
  }
  async function start(role: 'api' | 'worker') {
    const settings = env(role);
    const server = await startServerProcess(settings);
    running.add(server);
    return { server, dataDir: settings.DATA_DIR, settings };
  }
  const get = async <T>(url: string, token: string) => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()) as { code: number; msg?: string; data: T };
  };

  it('offers withdrawals through the API process, the worker pays them, and the audit reads the hot wallet', async () => {
    const { server: worker } = await start('worker');
    const { server: api, dataDir: apiDir, settings: apiEnv } = await start('api');

    // The operator's float in the hot wallet, booked so the ledger meets the chain.
    await chain.transfer(HOT_WALLET, '1000');
    const booked = await post(api.url, {
      path: '/api/admin/hot-wallet/fund',
      body: { network: 'ERC20', token: 'USDT', amount: '1000', memo: 'float' },
      token: ADMIN_TOKEN,
      key: 'roles-chain-float',
    });
    expect(booked).toMatchObject({ status: 200 });

    const player = await signUpFunded({ url: api.url, dataDir: apiDir, adminToken: ADMIN_TOKEN }, '100');
    const config = await get<{ networks: { network: string; enabled: boolean }[] }>(
      `${api.url}/api/app/asset/withdraw/config?token=USDT`,
      player.token,
    );
    expect(config.data.networks.find((n) => n.network === 'ERC20')).toMatchObject({ enabled: true });

    const withdraw = (address: string, key: string) =>
      post(api.url, {
        path: '/api/app/asset/withdraw',
        body: { token: 'USDT', network: 'ERC20', address, amount: '20', password: PASSWORD },
        token: player.token,
        key,
      });
    // Not to the hot wallet itself, whose address the API process knows without its key.
    const toHotWallet = await withdraw(HOT_WALLET, 'roles-chain-to-hot');
    expect(toHotWallet).toMatchObject({ status: 400 });
    const requested = await withdraw(RECIPIENT, 'roles-chain-withdraw');
    expect(requested).toMatchObject({ status: 200 });
    const id = (requested as { body: { data: { id: string } } }).body.data.id;
    const approved = await post(api.url, {
      path: '/api/admin/withdrawals/approve',
      body: { id },
      token: ADMIN_TOKEN,
      key: 'roles-chain-approve',
    });
    expect(approved).toMatchObject({ status: 200 });

    // The worker's sender pays it from the hot wallet; the blocks come as the test mines them.
    await vi.waitFor(
      async () => {
        await chain.mine(1);
        const list = await get<{ list: { id: string; status: string }[] }>(
          `${api.url}/api/admin/withdrawals?status=completed`,
          ADMIN_TOKEN,
        );
        expect(list.data.list.map((row) => row.id)).toContain(id);
      },
      { timeout: 60_000, interval: 300 },
    );
    expect(await chain.balanceOf(RECIPIENT)).toBe(parseUnits('20', 6));

    // The audit through the API process reads the hot wallet by its address: the ledger meets the chain.
    const audit = await get<AuditReport>(`${api.url}/api/admin/audit`, ADMIN_TOKEN);
    expect(audit.data.chains?.[0]).toMatchObject({
      network: 'ERC20',
      status: 'ok',
      hotWallet: HOT_WALLET,
      hotWalletBalance: '980',
      difference: '0',
    });
    expect(audit.data.ok).toBe(true);
    await worker.stop();
    await api.stop();

    // With no server on its DATA_DIR, the CLI on the API process's settings reaches the chain itself.
    const status = await runCliScript('admin', ['chain:status'], apiEnv);
    expect(status.stderr).toContain('(via the PostgreSQL database)');
    expect(status.stdout).toContain(HOT_WALLET);
    expect(status.stdout).toMatch(/^ERC20 +31337 +\d+/m);
    expect(status.stdout).toMatch(
      /ok +ERC20 at block \d+: the ledger's chain account says 980 USDT; the chain holds 980 \(hot wallet 980,/,
    );
  }, 180_000);

  it('stops start-up naming HOT_WALLET_ADDRESS when it is not the address of the key', async () => {
    const result = await runServerToExit(
      env('worker', { HOT_WALLET_ADDRESS: '0x2222222222222222222222222222222222222222' }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `HOT_WALLET_ADDRESS is 0x2222222222222222222222222222222222222222, but the hot wallet's key is ${HOT_WALLET}'s`,
    );
    expect(result.stderr).not.toContain(bytesToHex(hotWalletAccount.getHdKey().privateKey!).slice(2));
  }, 60_000);
});
