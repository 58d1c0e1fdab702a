// The EVM networks this server talks to (DESIGN §5), built once at start-up from configuration:
// in the embedded default the local Anvil chains, with ETH_RPC_URL / BSC_RPC_URL the real networks.
// Deposits use it to derive addresses and read logs; withdrawals to sign and send with the hot wallet.
import type { Address, LocalAccount } from 'viem';
import type { NetworkName } from './network';
import {
  createChainPublicClient,
  createChainWalletClient,
  type ChainPublicClient,
  type ChainWalletClient,
} from './clients';
import {
  depositAccountDeriver,
  depositAddressDeriver,
  hotWalletAccount,
  type DepositKey,
  type HotWalletKey,
} from './hd';

export interface ChainNetworkSetup {
  network: NetworkName;
  rpcUrl: string;
  chainId: number;
  /** The USDT contract on this network. */
  tokenAddress: Address;
  /** Decimals of that contract (6 on Ethereum, 18 on BNB Smart Chain). */
  tokenDecimals: number;
  /** Overrides the database's confirmation count (token_networks.confirmations) when set. */
  confirmations?: number;
  pollingIntervalMs?: number;
}

export interface ChainSetup {
  networks: ChainNetworkSetup[];
  /** The deposit HD key: an account-level xpub is enough, since receiving needs no private key. */
  depositKey: DepositKey;
  /** Signs withdrawals; without it approved withdrawals wait. */
  hotWalletKey?: HotWalletKey;
  /**
   * The hot wallet's address where its key is not held (HOT_WALLET_ADDRESS on ROLE=api): enough to
   * offer withdrawals, refuse them to the wallet itself and read its balance; the worker signs.
   * With the key too, it must be the key's address.
   */
  hotWalletAddress?: Address;
  /** How many blocks one eth_getLogs call may cover. */
  logRange: number;
  /** How often the watcher and the sender look for new blocks (ms). */
  pollMs: number;
  /** Stops what the setup started (the local chains of the embedded default). */
  stop?: () => Promise<void>;
}

export interface ChainNetwork extends ChainNetworkSetup {
  publicClient: ChainPublicClient;
  /** Present when a hot wallet key is configured: signs withdrawals and sweeps' gas. */
  hotWallet?: { account: LocalAccount; walletClient: ChainWalletClient };
  /** The hot wallet's address, from its key or HOT_WALLET_ADDRESS; absent: no hot wallet. */
  hotWalletAddress?: Address;
}

/** HOT_WALLET_ADDRESS that is not the address of the hot wallet's key. */
export class HotWalletMismatch extends Error {}

export class ChainRegistry {
  private readonly byName = new Map<NetworkName, ChainNetwork>();
  private readonly deriveAddress: (index: number) => Address;
  private readonly deriveSigner: ((index: number) => LocalAccount) | undefined;

  constructor(readonly setup: ChainSetup) {
    this.deriveAddress = depositAddressDeriver(setup.depositKey);
    this.deriveSigner =
      'mnemonic' in setup.depositKey ? depositAccountDeriver(setup.depositKey.mnemonic) : undefined;
    const account = setup.hotWalletKey ? hotWalletAccount(setup.hotWalletKey) : undefined;
    if (
      account &&
      setup.hotWalletAddress &&
      account.address.toLowerCase() !== setup.hotWalletAddress.toLowerCase()
    ) {
      throw new HotWalletMismatch(
        `HOT_WALLET_ADDRESS is ${setup.hotWalletAddress}, but the hot wallet's key is ${account.address}'s`,
      );
    }
    const hotWalletAddress = account?.address ?? setup.hotWalletAddress;
    for (const net of setup.networks) {
      const clientConfig = {
        name: net.network,
        rpcUrl: net.rpcUrl,
        chainId: net.chainId,
        pollingIntervalMs: net.pollingIntervalMs ?? setup.pollMs,
      };
      this.byName.set(net.network, {
        ...net,
        publicClient: createChainPublicClient(clientConfig),
        ...(account && {
          hotWallet: { account, walletClient: createChainWalletClient(clientConfig, account) },
        }),
        ...(hotWalletAddress && { hotWalletAddress }),
      });
    }
  }

  /** The configured network, or undefined when it is not served. */
  network(name: NetworkName): ChainNetwork | undefined {
    return this.byName.get(name);
  }

  networks(): ChainNetwork[] {
    return [...this.byName.values()];
  }

  /** A user's deposit address: the same on every EVM network (one HD key), at the user's id. */
  depositAddress(userId: number): Address {
    return this.deriveAddress(userId);
  }

  /** Deposits can be swept: the deposit key is a mnemonic (an xpub only receives). */
  get canSweep(): boolean {
    return this.deriveSigner !== undefined;
  }

  /** The signing account of a user's deposit address (to sweep it); undefined with an xpub. */
  depositSigner(userId: number): LocalAccount | undefined {
    return this.deriveSigner?.(userId);
  }

  async stop(): Promise<void> {
    await this.setup.stop?.();
  }
}
