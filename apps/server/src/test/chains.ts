// A local chain for a test suite: an Anvil node with the test USDT deployed (at the dev token address)
// and a ChainRegistry serving it as one network, plus the node's test methods (mine, reorg, snapshot)
// so tests make confirmations and reorgs happen instead of waiting for them.
import { parseUnits, type Address, type Hash, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { startAnvil, type AnvilNode } from '../chain/anvil';
import { createChainWalletClient } from '../chain/clients';
import {
  DEV_CHAIN_IDS,
  DEV_DEPOSIT_MNEMONIC,
  DEV_HOT_WALLET_INDEX,
  DEV_MNEMONIC,
  DEV_TOKEN_ADDRESS,
  DEV_TOKEN_DECIMALS,
  devDeployerAccount,
} from '../chain/dev-chains';
import { ChainRegistry, type ChainNetwork } from '../chain/registry';
import { deployTestUsdt, mintTestUsdt, testUsdtBalanceOf, transferTestUsdt } from '../chain/test-token';
import type { NetworkName } from '../chain/network';

/** A funded dev account that is neither the deployer nor the hot wallet: sends "a user's" transfers. */
export const SENDER_INDEX = 5;

export interface SentTransfer {
  hash: Hash;
  blockNumber: number;
  /** The signed transaction, to include it again (anvil_reorg, eth_sendRawTransaction). */
  raw: Hex;
}

/** Raw JSON-RPC to an Anvil node, for its test methods (mine, reorg, automine). */
export function anvilRpc(node: AnvilNode) {
  let id = 0;
  return async <T = unknown>(method: string, params: unknown[] = []): Promise<T> => {
    const response = await fetch(node.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result as T;
  };
}

export interface TestChain {
  node: AnvilNode;
  registry: ChainRegistry;
  chain: ChainNetwork;
  decimals: number;
  /** Raw JSON-RPC, for Anvil's test methods. */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  head(): Promise<number>;
  /** Mines `blocks` empty blocks (with any pending transactions in the first). */
  mine(blocks?: number): Promise<void>;
  /** Mints `amount` (token units) to a sender account, then transfers it from there to `to`. */
  transfer(to: Address, amount: string): Promise<SentTransfer>;
  /** Mints `amount` to the sender account only. */
  fund(amount: string): Promise<void>;
  /** Transfers `amount` from the (funded) sender account to `to`. */
  send(to: Address, amount: string): Promise<SentTransfer>;
  balanceOf(holder: Address): Promise<bigint>;
  stop(): Promise<void>;
}

export async function startTestChain(
  network: NetworkName = 'ERC20',
  options: { confirmations?: number; logRange?: number } = {},
): Promise<TestChain> {
  const node = await startAnvil({ chainId: DEV_CHAIN_IDS[network], mnemonic: DEV_MNEMONIC });
  try {
    const decimals = DEV_TOKEN_DECIMALS[network];
    const registry = new ChainRegistry({
      networks: [
        {
          network,
          rpcUrl: node.rpcUrl,
          chainId: node.chainId,
          tokenAddress: DEV_TOKEN_ADDRESS,
          tokenDecimals: decimals,
          pollingIntervalMs: 20,
          ...(options.confirmations !== undefined && { confirmations: options.confirmations }),
        },
      ],
      depositKey: { mnemonic: DEV_DEPOSIT_MNEMONIC },
      hotWalletKey: { mnemonic: DEV_MNEMONIC, index: DEV_HOT_WALLET_INDEX },
      logRange: options.logRange ?? 100,
      pollMs: 50,
    });
    const chain = registry.network(network)!;
    const clientConfig = { name: network, rpcUrl: node.rpcUrl, chainId: node.chainId, pollingIntervalMs: 20 };
    const deployer = {
      publicClient: chain.publicClient,
      walletClient: createChainWalletClient(clientConfig, devDeployerAccount()),
    };
    await deployTestUsdt(deployer, decimals);
    const sender = {
      publicClient: chain.publicClient,
      walletClient: createChainWalletClient(
        clientConfig,
        mnemonicToAccount(DEV_MNEMONIC, { addressIndex: SENDER_INDEX }),
      ),
    };

    const rpc = anvilRpc(node);

    const testChain: TestChain = {
      node,
      registry,
      chain,
      decimals,
      rpc,
      head: async () => Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 })),
      mine: async (blocks = 1) => {
        await rpc('anvil_mine', [`0x${blocks.toString(16)}`]);
      },
      async fund(amount) {
        await mintTestUsdt(
          deployer,
          DEV_TOKEN_ADDRESS,
          sender.walletClient.account.address,
          parseUnits(amount, decimals),
        );
      },
      async send(to, amount) {
        const receipt = await transferTestUsdt(sender, DEV_TOKEN_ADDRESS, to, parseUnits(amount, decimals));
        const raw = await rpc<Hex>('eth_getRawTransactionByHash', [receipt.transactionHash]);
        return { hash: receipt.transactionHash, blockNumber: Number(receipt.blockNumber), raw };
      },
      async transfer(to, amount) {
        await testChain.fund(amount);
        return testChain.send(to, amount);
      },
      balanceOf: (holder) => testUsdtBalanceOf(chain.publicClient, DEV_TOKEN_ADDRESS, holder),
      stop: () => node.stop(),
    };
    return testChain;
  } catch (error) {
    await node.stop();
    throw error;
  }
}

/**
 * Both networks with a hot wallet, and nobody at the RPC URL: for tests of withdrawal requests and
 * reviews, which record and freeze but never call the chain.
 */
export function offlineChains(): ChainRegistry {
  return new ChainRegistry({
    networks: [
      {
        network: 'ERC20',
        rpcUrl: 'http://127.0.0.1:9',
        chainId: DEV_CHAIN_IDS.ERC20,
        tokenAddress: DEV_TOKEN_ADDRESS,
        tokenDecimals: 6,
      },
      {
        network: 'BEP20',
        rpcUrl: 'http://127.0.0.1:9',
        chainId: DEV_CHAIN_IDS.BEP20,
        tokenAddress: DEV_TOKEN_ADDRESS,
        tokenDecimals: 18,
      },
    ],
    depositKey: { mnemonic: DEV_DEPOSIT_MNEMONIC },
    hotWalletKey: { mnemonic: DEV_MNEMONIC, index: DEV_HOT_WALLET_INDEX },
    logRange: 100,
    pollMs: 50,
  });
}
