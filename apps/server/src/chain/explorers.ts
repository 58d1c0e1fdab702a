// Block-explorer links for deposits and withdrawals (issue 9): a base URL per network, configured
// (ERC20_EXPLORER_URL, BEP20_EXPLORER_URL), defaulting to Etherscan and BscScan for the real networks
// and to none on the local development chains, whose transactions no public explorer knows.
import type { NetworkName } from './network';

export type ExplorerBases = Partial<Record<NetworkName, string>>;

/** Where the real networks' transactions can be looked up. */
export const PUBLIC_EXPLORERS: Record<NetworkName, string> = {
  ERC20: 'https://etherscan.io',
  BEP20: 'https://bscscan.com',
};

export class BlockExplorers {
  private readonly bases: ExplorerBases;

  constructor(bases: ExplorerBases = {}) {
    // One form of each base: no trailing slash.
    this.bases = Object.fromEntries(
      Object.entries(bases).map(([network, base]) => [network, base.replace(/\/+$/, '')]),
    );
  }

  txUrl(network: NetworkName, txHash: string | null | undefined): string | null {
    const base = this.bases[network];
    return base && txHash ? `${base}/tx/${txHash}` : null;
  }

  addressUrl(network: NetworkName, address: string): string | null {
    const base = this.bases[network];
    return base ? `${base}/address/${address}` : null;
  }
}

/** No links: the local chains, and tests that don't care. */
export const noExplorers = new BlockExplorers();
