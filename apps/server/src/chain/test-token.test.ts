import { parseEventLogs, parseUnits } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilNode } from './anvil';
import { createChainPublicClient, createChainWalletClient, type ChainNetworkConfig } from './clients';
import { testUsdtAbi } from './contracts/test-usdt.artifact';
import {
  deployTestUsdt,
  mintTestUsdt,
  testUsdtBalanceOf,
  testUsdtDecimals,
  transferTestUsdt,
} from './test-token';

const MNEMONIC = 'test test test test test test test test test test test junk';
const owner = mnemonicToAccount(MNEMONIC, { addressIndex: 0 });
const alice = mnemonicToAccount(MNEMONIC, { addressIndex: 1 });
const bob = mnemonicToAccount(MNEMONIC, { addressIndex: 2 });

describe('test USDT on a local chain', () => {
  let node: AnvilNode;
  let network: ChainNetworkConfig;

  beforeAll(async () => {
    node = await startAnvil({ chainId: 31337, mnemonic: MNEMONIC });
    network = { name: 'ERC20', rpcUrl: node.rpcUrl, chainId: node.chainId, pollingIntervalMs: 50 };
  });
  afterAll(async () => {
    await node?.stop();
  });

  it('deploys, mints, transfers and reports balances in base units', async () => {
    const publicClient = createChainPublicClient(network);
    const asOwner = { publicClient, walletClient: createChainWalletClient(network, owner) };
    const asAlice = { publicClient, walletClient: createChainWalletClient(network, alice) };

    const { address: token } = await deployTestUsdt(asOwner, 6);
    expect(await testUsdtDecimals(publicClient, token)).toBe(6);
    expect(
      await publicClient.readContract({ address: token, abi: testUsdtAbi, functionName: 'symbol' }),
    ).toBe('USDT');

    const minted = parseUnits('100.5', 6);
    const mint = await mintTestUsdt(asOwner, token, alice.address, minted);
    const [mintLog] = parseEventLogs({ abi: testUsdtAbi, eventName: 'Transfer', logs: mint.logs });
    expect(mintLog?.args).toEqual({
      from: '0x0000000000000000000000000000000000000000',
      to: alice.address,
      value: minted,
    });

    const sent = parseUnits('25', 6);
    const transfer = await transferTestUsdt(asAlice, token, bob.address, sent);
    const [transferLog] = parseEventLogs({ abi: testUsdtAbi, eventName: 'Transfer', logs: transfer.logs });
    // What a deposit watcher reads: the token, the recipient and the amount.
    expect(transferLog?.address).toBe(token.toLowerCase());
    expect(transferLog?.args).toEqual({ from: alice.address, to: bob.address, value: sent });

    expect(await testUsdtBalanceOf(publicClient, token, alice.address)).toBe(minted - sent);
    expect(await testUsdtBalanceOf(publicClient, token, bob.address)).toBe(sent);
    expect(
      await publicClient.readContract({ address: token, abi: testUsdtAbi, functionName: 'totalSupply' }),
    ).toBe(minted);
  });

  it('lets only the owner mint and refuses transfers beyond the balance', async () => {
    const publicClient = createChainPublicClient(network);
    const asOwner = { publicClient, walletClient: createChainWalletClient(network, owner) };
    const asAlice = { publicClient, walletClient: createChainWalletClient(network, alice) };
    const { address: token } = await deployTestUsdt(asOwner, 18);

    await expect(mintTestUsdt(asAlice, token, alice.address, 1n)).rejects.toThrow(/NotOwner/);
    await mintTestUsdt(asOwner, token, alice.address, 10n);
    await expect(transferTestUsdt(asAlice, token, bob.address, 11n)).rejects.toThrow(
      /ERC20InsufficientBalance/,
    );
    expect(await testUsdtBalanceOf(publicClient, token, alice.address)).toBe(10n);
  });

  it('moves allowances with approve and transferFrom', async () => {
    const publicClient = createChainPublicClient(network);
    const ownerWallet = createChainWalletClient(network, owner);
    const aliceWallet = createChainWalletClient(network, alice);
    const bobWallet = createChainWalletClient(network, bob);
    const { address: token } = await deployTestUsdt({ publicClient, walletClient: ownerWallet }, 6);
    await mintTestUsdt({ publicClient, walletClient: ownerWallet }, token, alice.address, 100n);

    const write = async (hash: Promise<`0x${string}`>) =>
      publicClient.waitForTransactionReceipt({ hash: await hash });
    await write(
      aliceWallet.writeContract({
        address: token,
        abi: testUsdtAbi,
        functionName: 'approve',
        args: [bob.address, 40n],
      }),
    );
    /** Bob moves `amount` of Alice's tokens to himself, on her allowance. */
    const bobTakes = (amount: bigint) =>
      bobWallet.writeContract({
        address: token,
        abi: testUsdtAbi,
        functionName: 'transferFrom',
        args: [alice.address, bob.address, amount],
      });
    await write(bobTakes(30n));
    expect(
      await publicClient.readContract({
        address: token,
        abi: testUsdtAbi,
        functionName: 'allowance',
        args: [alice.address, bob.address],
      }),
    ).toBe(10n);
    expect(await testUsdtBalanceOf(publicClient, token, bob.address)).toBe(30n);
    await expect(bobTakes(11n)).rejects.toThrow(/ERC20InsufficientAllowance/);
  });
});
