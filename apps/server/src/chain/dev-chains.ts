// The embedded default's two local chains, one per network, each with the test USDT deployed. The token
// is deployed from a fixed dev account at nonce 0 on a fresh chain, so its address is the same every
// time; a chain restored from its state file already has it and is not deployed to again.
import path from 'node:path';
import type { Network } from '@tradeflip/money';
import { getAddress, getContractAddress, type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { startAnvil, type AnvilNode } from './anvil';
import { createChainPublicClient, createChainWalletClient, type ChainNetworkConfig } from './clients';
import { deployTestUsdt, mintTestUsdt, testUsdtDecimals } from './test-token';

/** Anvil's well-known mnemonic: its first accounts are funded with native coin on every dev chain. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
/** Deploys and owns the test token (so it is the faucet that mints); account 0 of DEV_MNEMONIC. */
export const DEV_DEPLOYER_INDEX = 0;
/** A funded account of DEV_MNEMONIC for the hot wallet, apart from the deployer so nonces never clash. */
export const DEV_HOT_WALLET_INDEX = 1;
/**
 * Deposit addresses in development come from another mnemonic (BIP-39's all-zero test vector): with
 * DEV_MNEMONIC user 0's deposit address would be the deployer, and every mint would look like a deposit.
 */
export const DEV_DEPOSIT_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

/** Distinct development chain ids, so a transaction signed for one chain is refused by the other. */
export const DEV_CHAIN_IDS = { ERC20: 31337, BEP20: 31338 } as const satisfies Record<Network, number>;
/** USDT has 6 decimals on Ethereum and 18 on BNB Smart Chain; the dev tokens do the same. */
export const DEV_TOKEN_DECIMALS = { ERC20: 6, BEP20: 18 } as const satisfies Record<Network, number>;
/** Local nodes answer at once, so poll often; viem's default of 4 s would make every wait slow. */
export const DEV_POLLING_INTERVAL_MS = 50;

export interface DevChainConfig {
  network: Network;
  rpcUrl: string;
  chainId: number;
  tokenAddress: Address;
  tokenDecimals: number;
}

export interface DevChainOptions {
  /** Keep each chain's state in DATA_DIR/chains/<network>.json across restarts; in memory otherwise. */
  dataDir?: string;
  /** Seconds between blocks; omitted means automine (a block per transaction, no empty blocks). */
  blockTimeSeconds?: number;
  /** With dataDir: how often the state file is also written while running (default 5 s), not only on stop. */
  stateIntervalSeconds?: number;
  /** Fixed ports, e.g. to point a browser wallet at a chain; free ports otherwise. */
  ports?: Partial<Record<Network, number>>;
}

export interface DevChain {
  config: DevChainConfig;
  node: AnvilNode;
}

export interface DevChains {
  chains: Record<Network, DevChainConfig>;
  stop(): Promise<void>;
}

export function devDeployerAccount() {
  return mnemonicToAccount(DEV_MNEMONIC, { addressIndex: DEV_DEPLOYER_INDEX });
}

/** Where the test token lives on every dev chain. */
export const DEV_TOKEN_ADDRESS: Address = getContractAddress({
  from: devDeployerAccount().address,
  nonce: 0n,
});

export function devChainStatePath(dataDir: string, network: Network): string {
  return path.join(dataDir, 'chains', `${network.toLowerCase()}.json`);
}

export function devChainNetworkConfig(config: DevChainConfig): ChainNetworkConfig {
  return {
    name: config.network,
    rpcUrl: config.rpcUrl,
    chainId: config.chainId,
    pollingIntervalMs: DEV_POLLING_INTERVAL_MS,
  };
}

/** Starts one network's local chain and makes sure the test token is on it. */
export async function startDevChain(network: Network, options: DevChainOptions = {}): Promise<DevChain> {
  const statePath = options.dataDir === undefined ? undefined : devChainStatePath(options.dataDir, network);
  const node = await startAnvil({
    chainId: DEV_CHAIN_IDS[network],
    mnemonic: DEV_MNEMONIC,
    ...(options.ports?.[network] !== undefined && { port: options.ports[network] }),
    ...(options.blockTimeSeconds !== undefined && { blockTimeSeconds: options.blockTimeSeconds }),
    ...(statePath !== undefined && {
      statePath,
      stateIntervalSeconds: options.stateIntervalSeconds ?? 5,
      pidFile: statePath.replace(/\.json$/, '.pid'),
    }),
  });
  try {
    const config: DevChainConfig = {
      network,
      rpcUrl: node.rpcUrl,
      chainId: node.chainId,
      tokenAddress: DEV_TOKEN_ADDRESS,
      tokenDecimals: DEV_TOKEN_DECIMALS[network],
    };
    const deployed = await ensureTestUsdt(devChainNetworkConfig(config), config.tokenDecimals, statePath);
    if (deployed) await mintHotWalletFloat(devChainNetworkConfig(config), config.tokenDecimals);
    return { config, node };
  } catch (error) {
    await node.stop();
    throw error;
  }
}

/** Starts the ERC20 and BEP20 chains side by side; if either fails, neither is left running. */
export async function startDevChains(options: DevChainOptions = {}): Promise<DevChains> {
  const [erc20, bep20] = await Promise.allSettled([
    startDevChain('ERC20', options),
    startDevChain('BEP20', options),
  ]);
  if (erc20.status === 'rejected' || bep20.status === 'rejected') {
    await Promise.all(
      [erc20, bep20].map((r) => (r.status === 'fulfilled' ? r.value.node.stop() : undefined)),
    );
    throw erc20.status === 'rejected' ? erc20.reason : (bep20 as PromiseRejectedResult).reason;
  }
  return {
    chains: { ERC20: erc20.value.config, BEP20: bep20.value.config },
    stop: async () => {
      await Promise.all([erc20.value.node.stop(), bep20.value.node.stop()]);
    },
  };
}

/** Deploys the test token on a fresh chain (true); false when it was there already. */
async function ensureTestUsdt(
  network: ChainNetworkConfig,
  decimals: number,
  statePath: string | undefined,
): Promise<boolean> {
  const publicClient = createChainPublicClient(network);
  const deployer = devDeployerAccount();
  const code = await publicClient.getCode({ address: DEV_TOKEN_ADDRESS });
  if (code !== undefined && code !== '0x') {
    // Restored from the state file: the token is there already.
    const found = await testUsdtDecimals(publicClient, DEV_TOKEN_ADDRESS);
    if (found !== decimals) {
      throw new Error(
        `${network.name}: the token at ${DEV_TOKEN_ADDRESS} has ${found} decimals, not ${decimals}`,
      );
    }
    return false;
  }
  // The deterministic address needs nonce 0; a used deployer means the state is not one we made.
  const nonce = await publicClient.getTransactionCount({ address: deployer.address });
  if (nonce !== 0) {
    throw new Error(
      `${network.name}: no test token at ${DEV_TOKEN_ADDRESS} but the deployer has sent ${nonce} transactions` +
        (statePath ? `; remove ${statePath} to start the chain afresh` : ''),
    );
  }
  const walletClient = createChainWalletClient(network, deployer);
  const { address } = await deployTestUsdt({ publicClient, walletClient }, decimals);
  if (getAddress(address) !== DEV_TOKEN_ADDRESS) {
    throw new Error(`${network.name}: test token deployed at ${address}, expected ${DEV_TOKEN_ADDRESS}`);
  }
  return true;
}

/** The hot wallet of the local chains (account DEV_HOT_WALLET_INDEX of DEV_MNEMONIC). */
export function devHotWalletAccount() {
  return mnemonicToAccount(DEV_MNEMONIC, { addressIndex: DEV_HOT_WALLET_INDEX });
}

/**
 * Test USDT the local hot wallet starts with, so withdrawals of game winnings can be paid before any
 * deposit was swept in. Minted once, when the chain is created, and booked in the ledger by the server
 * (an operator's hot wallet funding, server.ts), so the ledger and the chain agree from the start.
 */
export const DEV_HOT_WALLET_FLOAT = 1_000_000n;

/** The float's mint, on a fresh chain only: no faucet tops the hot wallet up behind the ledger's back. */
async function mintHotWalletFloat(network: ChainNetworkConfig, decimals: number) {
  const publicClient = createChainPublicClient(network);
  const walletClient = createChainWalletClient(network, devDeployerAccount());
  const float = DEV_HOT_WALLET_FLOAT * 10n ** BigInt(decimals);
  await mintTestUsdt({ publicClient, walletClient }, DEV_TOKEN_ADDRESS, devHotWalletAccount().address, float);
}
