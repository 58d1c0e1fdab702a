// The ledger against the chain (`npm run audit`, `chain:status`): per network, what the ledger's chain
// account says the platform holds (deposits credited less withdrawals completed, plus booked hot
// wallet funding) against the token balances on chain, read at one block: the hot wallet and every
// deposit address that ever received a deposit (those not yet swept hold tokens). Two kinds of money
// are on their way between the two and are counted: withdrawals mined but not yet completed (out of
// the wallet, still in the ledger) and deposits on chain not yet credited (confirming, or below the
// minimum and never credited). A sweep moves tokens between two of those addresses in one
// transaction, so it is never half way at one block. The database's figures are read in one
// snapshot after the chain's block, and what the ledger booked from later blocks is set aside.
import { Decimal } from '@tradeflip/money';
import type { AuditReport, ChainReconciliation } from '@tradeflip/api';
import { erc20Abi, formatEther, formatUnits, getAddress, parseEther, type Address, type Hash } from 'viem';
import type { ChainNetwork, ChainRegistry } from '../../chain/registry';
import { receiptOf } from '../../chain/outgoing';
import type { NetworkName } from '../../chain/network';
import type { Database } from '../../db/client';
import type { LedgerService } from '../ledger/service';
import type { TokenRegistry } from '../token/registry';
import type { WithdrawService } from '../withdraw/service';
import { tokenOfChain } from './service';
import * as repo from './sweep-repository';

/** How long a node may take to answer before its network counts as unreachable. */
const NODE_TIMEOUT_MS = 5000;
const READS_AT_ONCE = 16;

export interface TreasuryDeps {
  db: Database;
  chains: ChainRegistry | undefined;
  tokens: TokenRegistry;
  ledger: LedgerService;
  withdrawals: WithdrawService;
  /** CHAIN_RECONCILE_TOLERANCE (token units). */
  tolerance: string;
  /** HOT_WALLET_LOW_GAS (native coin). */
  lowGas: string;
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${what}: no answer within ${NODE_TIMEOUT_MS} ms`)),
        NODE_TIMEOUT_MS,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

export class Treasury {
  constructor(private readonly deps: TreasuryDeps) {}

  /** Every served network's reconciliation; a network whose node does not answer is `unreachable`. */
  async reconcile(): Promise<ChainReconciliation[]> {
    const chains = this.deps.chains;
    if (!chains) return [];
    return Promise.all(chains.networks().map((network) => this.reconcileNetwork(network)));
  }

  private async reconcileNetwork(network: ChainNetwork): Promise<ChainReconciliation> {
    const served = tokenOfChain(await this.deps.tokens.all(), network);
    const token = served?.token.symbol ?? null;
    const base: ChainReconciliation = {
      network: network.network,
      status: 'off',
      detail: null,
      block: null,
      token,
      ledger: '0',
      hotWallet: network.hotWalletAddress ?? null,
      hotWalletBalance: null,
      depositAddresses: null,
      addresses: 0,
      inFlight: null,
      uncredited: null,
      expected: null,
      difference: null,
      tolerance: new Decimal(this.deps.tolerance).toFixed(),
      gas: null,
      lowGas: false,
    };
    if (!token) return { ...base, detail: 'no configured token uses this contract on this network' };
    let onChain;
    try {
      onChain = await withTimeout(this.readChain(network), `${network.network} node`);
    } catch (error) {
      const ledger = await this.ledgerHolds(network.network, token);
      return {
        ...base,
        ledger,
        status: 'unreachable',
        detail: `the ${network.network} node did not answer: ${(error as Error).message.split('\n')[0]}`,
      };
    }
    const figures = await this.deps.db.transaction(
      async (tx) => {
        // One after another: a transaction is one connection, which runs one query at a time.
        const house = await this.deps.ledger.houseAccounts(tx);
        const deposits = await repo.uncreditedDeposits(tx, network.network, onChain.block);
        const withdrawals = await this.deps.withdrawals.onTheirWay(network.network, onChain.block, tx);
        return { house, deposits, withdrawals };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const ledger = this.holdsOf(figures.house, network.network, token);
    // Withdrawals mined by the block read, not completed yet: out of the wallet, still in the ledger.
    let inFlight = new Decimal(0);
    for (const row of figures.withdrawals.processing) {
      if (!row.txHash) continue;
      const receipt = await receiptOf(network.publicClient, row.txHash as Hash);
      if (receipt?.status === 'success' && receipt.blockNumber <= BigInt(onChain.block)) {
        inFlight = inFlight.add(row.amount);
      }
    }
    inFlight = inFlight.sub(figures.withdrawals.completedAfter);
    const uncredited = new Decimal(figures.deposits.amount).sub(figures.deposits.creditedAfter);
    const expected = new Decimal(onChain.hot).add(onChain.deposits).add(inFlight).sub(uncredited);
    const difference = expected.sub(ledger);
    const within = difference.abs().lte(this.deps.tolerance);
    return {
      ...base,
      status: within ? 'ok' : 'difference',
      block: onChain.block,
      ledger: ledger.toFixed(),
      hotWalletBalance: onChain.hot,
      depositAddresses: onChain.deposits,
      addresses: onChain.addresses,
      inFlight: inFlight.toFixed(),
      uncredited: uncredited.toFixed(),
      expected: expected.toFixed(),
      difference: difference.toFixed(),
      gas: onChain.gas,
      lowGas: onChain.gas !== null && parseEther(onChain.gas) < parseEther(this.deps.lowGas),
    };
  }

  /** The ledger's chain account of a network, as what the platform holds there (its negative). */
  private holdsOf(
    house: Awaited<ReturnType<LedgerService['houseAccounts']>>,
    network: NetworkName,
    token: string,
  ): Decimal {
    const account = house.find(
      (row) => row.kind === 'chain' && row.network === network && row.token === token,
    );
    return new Decimal(account?.available ?? 0).neg();
  }

  private async ledgerHolds(network: NetworkName, token: string): Promise<string> {
    return this.holdsOf(await this.deps.ledger.houseAccounts(), network, token).toFixed();
  }

  /** The token balances of the hot wallet and the deposit addresses, and the hot wallet's gas, at one block. */
  private async readChain(network: ChainNetwork) {
    const client = network.publicClient;
    const blockNumber = await client.getBlockNumber({ cacheTime: 0 });
    const balanceOf = (holder: Address) =>
      client.readContract({
        address: network.tokenAddress,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [holder],
        blockNumber,
      });
    const hotWallet = network.hotWalletAddress;
    const addresses = (await repo.fundedAddresses(this.deps.db, network.network)).filter(
      (address) => address !== hotWallet?.toLowerCase(),
    );
    let deposits = 0n;
    for (let i = 0; i < addresses.length; i += READS_AT_ONCE) {
      const balances = await Promise.all(
        addresses.slice(i, i + READS_AT_ONCE).map((address) => balanceOf(getAddress(address))),
      );
      deposits += balances.reduce((sum, balance) => sum + balance, 0n);
    }
    const [hot, gas] = hotWallet
      ? await Promise.all([balanceOf(hotWallet), client.getBalance({ address: hotWallet, blockNumber })])
      : [0n, undefined];
    return {
      block: Number(blockNumber),
      hot: formatUnits(hot, network.tokenDecimals),
      deposits: formatUnits(deposits, network.tokenDecimals),
      addresses: addresses.length,
      gas: gas === undefined ? null : formatEther(gas),
    };
  }
}

/** The reconciliation's lines of `npm run audit` and `chain:status`. */
export function formatReconciliation(list: ChainReconciliation[]): string[] {
  const lines: string[] = [];
  for (const r of list) {
    if (r.status === 'off' || r.status === 'unreachable') {
      lines.push(`  ${r.status === 'off' ? 'off ' : 'FAIL'} ${r.network}: ${r.detail ?? 'not compared'}`);
      continue;
    }
    lines.push(
      `  ${r.status === 'ok' ? 'ok  ' : 'FAIL'} ${r.network} at block ${r.block}: the ledger's chain account says ` +
        `${r.ledger} ${r.token}; the chain holds ${r.expected} (hot wallet ${r.hotWalletBalance}, ` +
        `${r.addresses} deposit address(es) ${r.depositAddresses}, withdrawals in flight ${r.inFlight}, ` +
        `deposits not credited yet ${r.uncredited === '0' ? '0' : `−${r.uncredited}`}); difference ${r.difference} (tolerance ${r.tolerance})`,
    );
    if (r.gas !== null) {
      lines.push(
        `       hot wallet gas ${r.gas}${r.lowGas ? ' — LOW: fund it with native coin, or sweeps and withdrawals stop' : ''}`,
      );
    }
  }
  return lines;
}

/** The audit with the chains' reconciliation: a difference or an unreachable node fails it. */
export function withChains(report: AuditReport, list: ChainReconciliation[], tookMs: number): AuditReport {
  const failing = list.filter((r) => r.status === 'difference' || r.status === 'unreachable');
  return {
    ...report,
    ok: report.ok && failing.length === 0,
    checks: [...report.checks, { name: 'chain', differences: failing.length, tookMs }],
    differences: [
      ...report.differences,
      ...failing.map((r) => ({
        check: 'chain' as const,
        detail:
          r.status === 'unreachable'
            ? `${r.network}: ${r.detail}`
            : `${r.network}: the ledger's chain account says ${r.ledger} ${r.token}, the chain holds ` +
              `${r.expected} at block ${r.block} (difference ${r.difference}, tolerance ${r.tolerance})`,
      })),
    ],
    chains: list,
  };
}
