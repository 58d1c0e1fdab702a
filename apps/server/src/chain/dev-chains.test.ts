import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseUnits } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { createChainPublicClient, createChainWalletClient } from './clients';
import {
  DEV_CHAIN_IDS,
  DEV_HOT_WALLET_FLOAT,
  DEV_TOKEN_ADDRESS,
  devChainNetworkConfig,
  devDeployerAccount,
  devHotWalletAccount,
  startDevChain,
  startDevChains,
  type DevChains,
} from './dev-chains';
import { testUsdtAbi } from './contracts/test-usdt.artifact';
import { mintTestUsdt, testUsdtBalanceOf, testUsdtDecimals } from './test-token';

const recipient = '0x000000000000000000000000000000000000dEaD';

describe('dev chains', () => {
  const running: { stop(): Promise<void> }[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-chains-'));
  afterAll(async () => {
    await Promise.all(running.map((r) => r.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs the ERC20 and BEP20 chains at once, each with its own chain id and token decimals', async () => {
    const dev: DevChains = await startDevChains();
    running.push(dev);
    const { ERC20, BEP20 } = dev.chains;
    expect(ERC20).toMatchObject({
      network: 'ERC20',
      chainId: 31337,
      tokenDecimals: 6,
      tokenAddress: DEV_TOKEN_ADDRESS,
    });
    expect(BEP20).toMatchObject({
      network: 'BEP20',
      chainId: 31338,
      tokenDecimals: 18,
      tokenAddress: DEV_TOKEN_ADDRESS,
    });
    expect(DEV_TOKEN_ADDRESS).toBe('0x5FbDB2315678afecb367f032d93F642f64180aa3');
    expect(ERC20.rpcUrl).not.toBe(BEP20.rpcUrl);

    for (const chain of [ERC20, BEP20]) {
      const publicClient = createChainPublicClient(devChainNetworkConfig(chain));
      expect(await publicClient.getChainId()).toBe(DEV_CHAIN_IDS[chain.network]);
      expect(await testUsdtDecimals(publicClient, chain.tokenAddress)).toBe(chain.tokenDecimals);
    }

    // A mint on one chain leaves the other untouched.
    const erc20 = devChainNetworkConfig(ERC20);
    const erc20Public = createChainPublicClient(erc20);
    const amount = parseUnits('25', ERC20.tokenDecimals);
    await mintTestUsdt(
      { publicClient: erc20Public, walletClient: createChainWalletClient(erc20, devDeployerAccount()) },
      ERC20.tokenAddress,
      recipient,
      amount,
    );
    expect(await testUsdtBalanceOf(erc20Public, ERC20.tokenAddress, recipient)).toBe(amount);
    const bep20Public = createChainPublicClient(devChainNetworkConfig(BEP20));
    expect(await testUsdtBalanceOf(bep20Public, BEP20.tokenAddress, recipient)).toBe(0n);
    // The hot wallet starts with its float on both chains, so withdrawals can be paid.
    const hotWallet = devHotWalletAccount().address;
    expect(await testUsdtBalanceOf(erc20Public, ERC20.tokenAddress, hotWallet)).toBe(
      DEV_HOT_WALLET_FLOAT * 10n ** 6n,
    );
    expect(await testUsdtBalanceOf(bep20Public, BEP20.tokenAddress, hotWallet)).toBe(
      DEV_HOT_WALLET_FLOAT * 10n ** 18n,
    );
  });

  it('finds the token already deployed when it restarts from its state file', async () => {
    const first = await startDevChain('BEP20', { dataDir });
    running.push(first.node);
    const network = devChainNetworkConfig(first.config);
    const amount = parseUnits('7.25', first.config.tokenDecimals);
    const mint = await mintTestUsdt(
      {
        publicClient: createChainPublicClient(network),
        walletClient: createChainWalletClient(network, devDeployerAccount()),
      },
      first.config.tokenAddress,
      recipient,
      amount,
    );
    await first.node.stop();

    const second = await startDevChain('BEP20', { dataDir });
    running.push(second.node);
    const publicClient = createChainPublicClient(devChainNetworkConfig(second.config));
    expect(second.config.tokenAddress).toBe(first.config.tokenAddress);
    expect(await testUsdtBalanceOf(publicClient, second.config.tokenAddress, recipient)).toBe(amount);
    // Deployment, the hot wallet's float and the test's mint only: nothing was deployed or topped up again.
    expect(await publicClient.getTransactionCount({ address: devDeployerAccount().address })).toBe(3);
    // The restored chain still has the earlier blocks, so a watcher can resume from its cursor.
    expect(await publicClient.getBlockNumber()).toBe(mint.blockNumber);
    const block = await publicClient.getBlock({ blockNumber: mint.blockNumber });
    expect(block.hash).toBe(mint.blockHash);
    const transfers = await publicClient.getContractEvents({
      address: second.config.tokenAddress,
      abi: testUsdtAbi,
      eventName: 'Transfer',
      fromBlock: 0n,
      toBlock: 'latest',
    });
    // The float's mint (to the hot wallet) and the test's, both kept across the restart.
    expect(transfers.map((log) => log.args.to)).toEqual([devHotWalletAccount().address, recipient]);
    expect(transfers.at(-1)?.transactionHash).toBe(mint.transactionHash);
  });

  it('stops a chain left running by a killed server before starting its own on the same state', async () => {
    const orphanDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-chains-orphan-'));
    // As if its server was SIGKILLed: the node runs on and nobody will stop it.
    const orphan = await startDevChain('ERC20', { dataDir: orphanDir });
    const pidFile = path.join(orphanDir, 'chains', 'erc20.pid');
    expect(fs.readFileSync(pidFile, 'utf8')).toBe(String(orphan.node.pid));

    const next = await startDevChain('ERC20', { dataDir: orphanDir });
    running.push(next.node);
    expect(() => process.kill(orphan.node.pid, 0)).toThrow();
    expect(fs.readFileSync(pidFile, 'utf8')).toBe(String(next.node.pid));
    // The new node works on the state the orphan wrote when it was stopped: the token is there.
    const publicClient = createChainPublicClient(devChainNetworkConfig(next.config));
    expect(await testUsdtDecimals(publicClient, next.config.tokenAddress)).toBe(6);
    await next.node.stop();
    expect(fs.existsSync(pidFile)).toBe(false);
  });
});
