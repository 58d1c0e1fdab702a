// viem clients for one EVM network, built from its configuration rather than viem's chain catalogue,
// so the local development chains and the real networks go through the same code.
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  type Account,
  type Chain,
  type HttpTransport,
  type PublicClient,
  type WalletClient,
} from 'viem';

export interface ChainNetworkConfig {
  /** The network's name in the product, e.g. 'ERC20' or 'BEP20'. */
  name: string;
  rpcUrl: string;
  chainId: number;
  /** How often to poll for new blocks and receipts; viem's 4 s default suits real networks only. */
  pollingIntervalMs?: number;
}

export type ChainPublicClient = PublicClient<HttpTransport, Chain>;
export type ChainWalletClient = WalletClient<HttpTransport, Chain, Account>;

export function chainOf(config: ChainNetworkConfig): Chain {
  return defineChain({
    id: config.chainId,
    name: config.name,
    // Only used for display by viem; gas is always paid in the chain's 18-decimal native coin.
    nativeCurrency: { name: 'Native', symbol: config.name === 'BEP20' ? 'BNB' : 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [config.rpcUrl] } },
  });
}

/**
 * One RPC call waits 10 s and is tried twice in all (viem's default, four tries, kept a stalled
 * node's watcher silent for over 40 s): the pass then fails and is logged, and the next one retries.
 */
const transportOf = (rpcUrl: string) => http(rpcUrl, { timeout: 10_000, retryCount: 1 });

export function createChainPublicClient(config: ChainNetworkConfig): ChainPublicClient {
  return createPublicClient({
    chain: chainOf(config),
    transport: transportOf(config.rpcUrl),
    ...(config.pollingIntervalMs !== undefined && { pollingInterval: config.pollingIntervalMs }),
  });
}

/** A client that signs locally with `account` and broadcasts raw transactions. */
export function createChainWalletClient(config: ChainNetworkConfig, account: Account): ChainWalletClient {
  return createWalletClient({
    account,
    chain: chainOf(config),
    transport: transportOf(config.rpcUrl),
    ...(config.pollingIntervalMs !== undefined && { pollingInterval: config.pollingIntervalMs }),
  });
}
