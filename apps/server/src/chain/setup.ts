// The chains a server runs with, from its configuration (CHAINS): the embedded default starts two
// local Anvil chains (their state kept in DATA_DIR/chains) with the development keys; the external mode
// points at ETH_RPC_URL / BSC_RPC_URL with the configured keys; off runs without chains.
// Also DATA_DIR/chains.json: where the running server's local chains answer, so `npm run chain:deposit`
// can send test USDT to them while the server runs.
import path from 'node:path';
import type { Address } from 'viem';
import type { Config } from '../config';
import type { NetworkName } from './network';
import {
  readProcessRecord,
  removeProcessRecord,
  writeProcessRecord,
  type ProcessRecord,
} from '../process-record';
import {
  DEV_DEPOSIT_MNEMONIC,
  DEV_HOT_WALLET_INDEX,
  DEV_MNEMONIC,
  DEV_POLLING_INTERVAL_MS,
  startDevChains,
} from './dev-chains';
import type { ChainNetworkSetup, ChainSetup } from './registry';

/** Builds the chain setup of `config`; local mode starts the chains first (stop them with setup.stop). */
export async function chainSetupFromConfig(config: Config): Promise<ChainSetup | undefined> {
  const { chains } = config;
  if (chains.mode === 'off') return undefined;
  if (chains.mode === 'external') {
    if (!chains.depositKey) throw new Error('external chains need DEPOSIT_XPUB or DEPOSIT_MNEMONIC');
    return {
      networks: chains.networks.map((net): ChainNetworkSetup => ({
        network: net.network,
        rpcUrl: net.rpcUrl,
        chainId: net.chainId,
        tokenAddress: net.tokenAddress,
        tokenDecimals: net.tokenDecimals,
      })),
      depositKey: chains.depositKey,
      ...(chains.hotWalletKey && { hotWalletKey: chains.hotWalletKey }),
      ...(chains.hotWalletAddress && { hotWalletAddress: chains.hotWalletAddress }),
      logRange: chains.logRange,
      pollMs: chains.pollMs,
    };
  }
  const dev = await startDevChains({
    dataDir: config.dataDir,
    blockTimeSeconds: chains.localBlockTimeSeconds,
  });
  return {
    networks: [dev.chains.ERC20, dev.chains.BEP20].map((chain): ChainNetworkSetup => ({
      network: chain.network,
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      tokenAddress: chain.tokenAddress,
      tokenDecimals: chain.tokenDecimals,
      pollingIntervalMs: DEV_POLLING_INTERVAL_MS,
    })),
    depositKey: { mnemonic: DEV_DEPOSIT_MNEMONIC },
    hotWalletKey: { mnemonic: DEV_MNEMONIC, index: DEV_HOT_WALLET_INDEX },
    logRange: chains.logRange,
    pollMs: chains.pollMs,
    stop: dev.stop,
  };
}

/** An RPC URL fit for logs: an external provider's URL often carries an API key in its path or query. */
export function rpcUrlForLog(rpcUrl: string): string {
  try {
    const url = new URL(rpcUrl);
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return rpcUrl;
    return url.pathname === '/' && !url.search && !url.username ? rpcUrl : `${url.origin}/…`;
  } catch {
    return '(invalid URL)';
  }
}

// ---- DATA_DIR/chains.json ----

export interface ChainRecordNetwork {
  network: NetworkName;
  rpcUrl: string;
  chainId: number;
  tokenAddress: Address;
  tokenDecimals: number;
}

export interface ChainRecord extends ProcessRecord {
  mode: 'local';
  networks: ChainRecordNetwork[];
}

export function chainRecordFile(dataDir: string) {
  return path.join(dataDir, 'chains.json');
}

/** Written by a server running the local chains (only those: real RPC URLs may hold API keys). */
export function writeChainRecord(dataDir: string, setup: ChainSetup): ChainRecord {
  return writeProcessRecord(chainRecordFile(dataDir), {
    mode: 'local' as const,
    networks: setup.networks.map((net) => ({
      network: net.network,
      rpcUrl: net.rpcUrl,
      chainId: net.chainId,
      tokenAddress: net.tokenAddress,
      tokenDecimals: net.tokenDecimals,
    })),
  });
}

/** The record of the local chains of a server still alive on this machine. */
export function readChainRecord(dataDir: string): ChainRecord | undefined {
  return readProcessRecord<ChainRecord>(chainRecordFile(dataDir), (record) => Array.isArray(record.networks));
}

export function removeChainRecord(dataDir: string, record: ChainRecord) {
  removeProcessRecord(chainRecordFile(dataDir), record);
}
