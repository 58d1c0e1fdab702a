// The sweeper: collects deposits into the hot wallet, so withdrawals are paid from what came in.
// One leader per network across processes (a leased loop). Each pass:
//   1. follows the sweeps under way: a gas transfer mined lets the address's token transfer be
//      recorded and sent; a token transfer `confirmations` deep completes the sweep (its gas cost
//      kept); one the node does not know is sent again from its stored bytes; one whose nonce was used
//      by another transaction fails (the tokens stay at the address and are swept again later);
//   2. finds deposit addresses with new credited deposits, reads their token balances, and for each
//      at or above SWEEP_MIN_USDT records a sweep: when the address lacks the gas for its transfer,
//      first a gas transfer from the hot wallet (native coin, nonce from hot_wallet_nonces);
//   3. follows again, so on a chain that mines at once a sweep is sent in the pass that found it.
// Crash safety is the withdrawal sender's: every transfer is signed and stored (nonce, raw_tx,
// tx_hash) in the transaction that records its step, then broadcast; afterwards only those bytes are
// sent again, so each deposit reaches the hot wallet once and no address is sent gas twice for one
// sweep. A deposit address only ever sends its sweeps (one under way at a time), so its nonce is the
// chain's count of its transactions, kept on the sweep row and unique per address.
// Gas is native coin, outside the USDT ledger (tokens move between two of the platform's own
// addresses, the ledger's chain account does not change); each sweep keeps what it cost.
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Decimal } from '@tradeflip/money';
import {
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  keccak256,
  parseUnits,
  type Hash,
  type Hex,
  type LocalAccount,
  type TransactionReceipt,
} from 'viem';
import { raiseNonce, takeNonce } from '../../chain/nonces';
import { currentFees, isKnown, maxCost, receiptOf, settledNonces, type Fees } from '../../chain/outgoing';
import type { ChainNetwork, ChainRegistry } from '../../chain/registry';
import type { NetworkName } from '../../chain/network';
import { systemClock, type Clock } from '../../clock';
import type { CrashPoint } from '../../config';
import { crashIf } from '../../crash';
import type { Database } from '../../db/client';
import type { TokenRegistry } from '../token/registry';
import { LeasedLoop, type LoopLog } from '../../workers/leased-loop';
import { requiredConfirmations, tokenOfChain } from './service';
import * as repo from './sweep-repository';

/** Gas of a plain native transfer (the hot wallet's gas transfer). */
const NATIVE_TRANSFER_GAS = 21_000n;
/** Token balances read at once. */
const READS_AT_ONCE = 16;

export type SweepStep = 'gas-recorded' | 'recorded' | 'broadcast';

export interface SweeperOptions {
  db: Database;
  chains: ChainRegistry;
  tokens: TokenRegistry;
  /** SWEEP_MIN_USDT: an address holding at least this much is swept. */
  minAmount: string;
  clock?: Clock;
  log?: LoopLog;
  holder?: string;
  leaseMs?: number;
  pollMs?: number;
  /** Candidate addresses looked at per network per pass. */
  batchSize?: number;
  /** Gas limit of a token transfer (fixed, like the sender's: an estimate fails for one that would revert). */
  gasLimit?: bigint;
  /** Crash tests: the process dies at this step (CRASH_AT). */
  crashAt?: CrashPoint;
  /** Runs at each step; tests throw here to act a crash. */
  afterStep?: (step: SweepStep, sweep: repo.SweepRow) => void | Promise<void>;
}

/** What a pass did on one network. */
export interface SweepReport {
  network: NetworkName;
  /** False when another process leads this network's sweeper (nothing was done). */
  leader: boolean;
  /** Addresses whose balance was read, and those at or above the minimum. */
  checked: number;
  /** Transactions broadcast: gas transfers and token transfers (re-sent ones included). */
  gasTransfers: number;
  tokenTransfers: number;
  completed: number;
  failed: number;
  /** Token units of the sweeps completed, and the native coin (wei) they cost. */
  amount: string;
  gasCostWei: string;
  /** Sweeps still under way after the pass (waiting for blocks). */
  underWay: number;
  /** Why nothing could be started (e.g. the hot wallet lacks gas), when so. */
  waiting: string | null;
}

const FAIL_REASONS = {
  gasReverted: 'the gas transfer reverted',
  gasReplaced: 'the gas transfer’s nonce was used by another transaction',
  reverted: 'the token transfer reverted',
  replaced: 'the token transfer’s nonce was used by another transaction',
} as const;

function emptyReport(network: NetworkName, leader: boolean): SweepReport {
  return {
    network,
    leader,
    checked: 0,
    gasTransfers: 0,
    tokenTransfers: 0,
    completed: 0,
    failed: 0,
    amount: '0',
    gasCostWei: '0',
    underWay: 0,
    waiting: null,
  };
}

function feesOf(row: repo.SweepRow): Fees {
  return row.maxPriorityFeePerGas === null
    ? { type: 'legacy', gasPrice: BigInt(row.maxFeePerGas) }
    : {
        type: 'eip1559',
        maxFeePerGas: BigInt(row.maxFeePerGas),
        maxPriorityFeePerGas: BigInt(row.maxPriorityFeePerGas),
      };
}

const paid = (receipt: TransactionReceipt) => receipt.gasUsed * receipt.effectiveGasPrice;

export class Sweeper {
  private readonly clock: Clock;
  private readonly gasLimit: bigint;
  private readonly batchSize: number;
  private readonly loops = new Map<NetworkName, LeasedLoop<SweepReport>>();
  private readonly warned = new Set<string>();

  constructor(private readonly options: SweeperOptions) {
    this.clock = options.clock ?? systemClock;
    this.gasLimit = options.gasLimit ?? 100_000n;
    this.batchSize = options.batchSize ?? 200;
    const holder = options.holder ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    for (const network of options.chains.networks()) {
      if (!network.hotWallet) continue;
      this.loops.set(
        network.network,
        new LeasedLoop({
          name: `sweeper:${network.network}`,
          db: options.db,
          clock: this.clock,
          intervalMs: options.pollMs ?? options.chains.setup.pollMs,
          leaseMs: options.leaseMs,
          holder,
          log: options.log,
          work: () => this.passNetwork(network),
          // More candidates than one pass looked at: the next at once.
          again: (report) => report.checked >= this.batchSize,
        }),
      );
    }
  }

  /** The networks it sweeps (those with a hot wallet). */
  get networks(): NetworkName[] {
    return [...this.loops.keys()];
  }

  /** One pass over every network (where this process leads); errors are thrown after all ran. */
  async tick(): Promise<SweepReport[]> {
    const reports: SweepReport[] = [];
    const errors: unknown[] = [];
    for (const [network, loop] of this.loops) {
      try {
        const outcome = await loop.tick();
        reports.push(outcome.leader ? outcome.result : emptyReport(network, false));
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, 'sweeper: several networks failed');
    return reports;
  }

  start(): void {
    for (const loop of this.loops.values()) loop.start();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.loops.values()].map((loop) => loop.stop()));
  }

  private async step(step: SweepStep, row: repo.SweepRow) {
    crashIf(`sweep-${step}`, this.options.crashAt);
    await this.options.afterStep?.(step, row);
  }

  private async passNetwork(network: ChainNetwork): Promise<SweepReport> {
    const report = emptyReport(network.network, true);
    const served = tokenOfChain(await this.options.tokens.all(), network);
    if (!served) return report;
    const confirmations = Math.max(1, requiredConfirmations(network, served.tokenNetwork));
    await this.follow(network, confirmations, report);
    await this.startNew(network, report);
    report.underWay = await this.follow(network, confirmations, report);
    return report;
  }

  /** Step 1 (and 3): every sweep under way; answers how many are still under way. */
  private async follow(network: ChainNetwork, confirmations: number, report: SweepReport): Promise<number> {
    const rows = await repo.sweepsUnderWay(this.options.db, network.network);
    if (rows.length === 0) return 0;
    const client = network.publicClient;
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const settledNonce = settledNonces(client, head, confirmations);
    let underWay = 0;
    for (const found of rows) {
      let row = found;
      if (row.status === 'funding') {
        const receipt = await receiptOf(client, row.gasTxHash as Hash);
        if (receipt?.status === 'success') {
          const recorded = await this.recordTransfer(network, row);
          if (!recorded) continue;
          await this.sendTransfer(network, recorded, report);
          // Followed at once below: a chain that mines at once has it in a block already.
          row = recorded;
        } else {
          if (receipt) {
            await this.fail(network, row, 'funding', FAIL_REASONS.gasReverted, report);
          } else if ((await settledNonce(row.hotWallet)) > row.gasNonce!) {
            if (!(await receiptOf(client, row.gasTxHash as Hash))) {
              await this.fail(network, row, 'funding', FAIL_REASONS.gasReplaced, report);
            }
          } else {
            if (!(await isKnown(client, row.gasTxHash as Hash))) await this.sendGas(network, row, report);
            underWay += 1;
          }
          continue;
        }
      }
      const receipt = await receiptOf(client, row.txHash as Hash);
      if (receipt) {
        // Mined since the head was read (a transfer sent in this pass): the chain is at least there.
        const tip = receipt.blockNumber > head ? receipt.blockNumber : head;
        if (tip - receipt.blockNumber + 1n < BigInt(confirmations)) {
          underWay += 1;
        } else if (receipt.status === 'success') {
          await this.complete(network, row, receipt, report);
        } else {
          await this.fail(network, row, 'sweeping', FAIL_REASONS.reverted, report, receipt);
        }
      } else if ((await settledNonce(row.address)) > row.nonce!) {
        if (!(await receiptOf(client, row.txHash as Hash))) {
          await this.fail(network, row, 'sweeping', FAIL_REASONS.replaced, report);
        }
      } else {
        if (!(await isKnown(client, row.txHash as Hash))) await this.sendTransfer(network, row, report);
        underWay += 1;
      }
    }
    return underWay;
  }

  /** Step 2: records a sweep of each candidate address holding at least the minimum. */
  private async startNew(network: ChainNetwork, report: SweepReport) {
    const candidates = await repo.sweepCandidates(this.options.db, network.network, this.batchSize);
    report.checked = candidates.length;
    if (candidates.length === 0) return;
    const client = network.publicClient;
    const minimum = parseUnits(new Decimal(this.options.minAmount).toFixed(), network.tokenDecimals);
    const balances: bigint[] = [];
    for (let i = 0; i < candidates.length; i += READS_AT_ONCE) {
      const batch = candidates.slice(i, i + READS_AT_ONCE);
      balances.push(
        ...(await Promise.all(
          batch.map((candidate) =>
            client.readContract({
              address: network.tokenAddress,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [getAddress(candidate.address)],
            }),
          ),
        )),
      );
    }
    const due = candidates
      .map((candidate, i) => ({ candidate, units: balances[i]! }))
      .filter(({ units }) => units > 0n && units >= minimum);
    if (due.length === 0) return;

    const hotWallet = network.hotWallet!.account;
    const hotAddress = hotWallet.address;
    const [fees, pendingNonce] = await Promise.all([
      currentFees(client),
      client.getTransactionCount({ address: hotAddress, blockTag: 'pending' }),
    ]);
    await raiseNonce(
      this.options.db,
      network.network,
      hotAddress.toLowerCase(),
      pendingNonce,
      this.clock.now(),
    );
    let hotGas = await client.getBalance({ address: hotAddress });
    const needed = maxCost(fees, this.gasLimit);
    const gasTransferCost = maxCost(fees, NATIVE_TRANSFER_GAS);

    for (const { candidate, units } of due) {
      const signer = this.options.chains.depositSigner(candidate.derivationIndex);
      if (!signer || signer.address.toLowerCase() !== candidate.address) {
        this.warnOnce(
          `${network.network}:${candidate.address}`,
          { network: network.network, address: candidate.address },
          'the deposit key does not sign for this deposit address: it is not swept',
        );
        continue;
      }
      const held = await client.getBalance({ address: signer.address });
      const gasValue = held >= needed ? 0n : needed - held;
      if (gasValue > 0n && hotGas < gasValue + gasTransferCost) {
        report.waiting = `the ${network.network} hot wallet ${hotAddress} lacks native coin for gas`;
        this.warnOnce(
          `gas:${network.network}`,
          { network: network.network, hotWallet: hotAddress },
          'the hot wallet cannot pay the gas of a sweep; deposits wait at their addresses until it is funded',
        );
        return;
      }
      const amount = formatUnits(units, network.tokenDecimals);
      const row = await this.record(network, candidate, amount, fees, gasValue, signer);
      if (!row) continue;
      if (gasValue > 0n) {
        hotGas -= gasValue + gasTransferCost;
        await this.step('gas-recorded', row);
        await this.sendGas(network, row, report);
      } else {
        await this.step('recorded', row);
        await this.sendTransfer(network, row, report);
      }
    }
  }

  /**
   * In one transaction: the sweep row, with the hot wallet's gas transfer signed at its next nonce
   * (`funding`), or, when the address holds enough gas already, its token transfer (`sweeping`).
   */
  private async record(
    network: ChainNetwork,
    candidate: repo.SweepCandidate,
    amount: string,
    fees: Fees,
    gasValue: bigint,
    signer: LocalAccount,
  ): Promise<repo.SweepRow | undefined> {
    const hotWallet = network.hotWallet!.account;
    const hotAddress = hotWallet.address.toLowerCase();
    return this.options.db.transaction(async (tx) => {
      const now = this.clock.now();
      const base = {
        network: network.network,
        address: candidate.address,
        derivationIndex: candidate.derivationIndex,
        hotWallet: hotAddress,
        amount,
        lastDepositId: candidate.lastDepositId,
        maxFeePerGas: String(fees.type === 'eip1559' ? fees.maxFeePerGas : fees.gasPrice),
        maxPriorityFeePerGas: fees.type === 'eip1559' ? String(fees.maxPriorityFeePerGas) : null,
        createdAt: now,
        updatedAt: now,
      };
      if (gasValue === 0n) {
        const transfer = await this.signTransfer(network, signer, amount, fees);
        return repo.insertSweep(tx, { ...base, status: 'sweeping', ...transfer });
      }
      const gasNonce = await takeNonce(tx, network.network, hotAddress, now);
      if (gasNonce === undefined) throw new Error(`no nonce row for ${network.network} ${hotAddress}`);
      const gasRawTx = await hotWallet.signTransaction({
        chainId: network.chainId,
        to: signer.address,
        value: gasValue,
        nonce: gasNonce,
        gas: NATIVE_TRANSFER_GAS,
        ...fees,
      });
      return repo.insertSweep(tx, {
        ...base,
        status: 'funding',
        gasValue: String(gasValue),
        gasNonce,
        gasRawTx,
        gasTxHash: keccak256(gasRawTx),
      });
    });
  }

  /** The address's token transfer of `amount` to the hot wallet, signed at its next nonce. */
  private async signTransfer(network: ChainNetwork, signer: LocalAccount, amount: string, fees: Fees) {
    const nonce = await network.publicClient.getTransactionCount({
      address: signer.address,
      blockTag: 'pending',
    });
    const rawTx = await signer.signTransaction({
      chainId: network.chainId,
      to: network.tokenAddress,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [network.hotWallet!.account.address, parseUnits(amount, network.tokenDecimals)],
      }),
      value: 0n,
      nonce,
      gas: this.gasLimit,
      ...fees,
    });
    return { nonce, rawTx, txHash: keccak256(rawTx) };
  }

  /** A funded sweep's token transfer, recorded (`sweeping`) before it is sent; undefined if moved on. */
  private async recordTransfer(network: ChainNetwork, row: repo.SweepRow) {
    const signer = this.options.chains.depositSigner(row.derivationIndex);
    if (!signer) return undefined;
    const transfer = await this.signTransfer(network, signer, row.amount, feesOf(row));
    const recorded = await repo.transitionSweep(this.options.db, row.id, 'funding', {
      status: 'sweeping',
      ...transfer,
      amount: new Decimal(row.amount).toFixed(),
      updatedAt: this.clock.now(),
    });
    if (recorded) await this.step('recorded', recorded);
    return recorded;
  }

  /**
   * Sends stored bytes. Errors are only logged: 'already known' and 'nonce too low' mean they reached
   * the chain already, and anything else is retried by the next pass from the same bytes.
   */
  private async broadcast(network: ChainNetwork, row: repo.SweepRow, rawTx: Hex, what: string) {
    try {
      await network.publicClient.sendRawTransaction({ serializedTransaction: rawTx });
      this.options.log?.info(
        { sweep: row.id, network: network.network, address: row.address, amount: row.amount },
        `sweep ${what} broadcast`,
      );
      return true;
    } catch (error) {
      this.options.log?.warn(
        { sweep: row.id, network: network.network, err: (error as Error).message?.split('\n')[0] },
        `sweep ${what} refused; it is followed (and re-sent) from its recorded transaction`,
      );
      return false;
    }
  }

  private async sendGas(network: ChainNetwork, row: repo.SweepRow, report: SweepReport) {
    if (await this.broadcast(network, row, row.gasRawTx as Hex, 'gas transfer')) report.gasTransfers += 1;
  }

  private async sendTransfer(network: ChainNetwork, row: repo.SweepRow, report: SweepReport) {
    if (await this.broadcast(network, row, row.rawTx as Hex, 'token transfer')) report.tokenTransfers += 1;
    await this.step('broadcast', row);
  }

  /** The token transfer is final: completed, with what its gas cost (gas transfer included). */
  private async complete(
    network: ChainNetwork,
    row: repo.SweepRow,
    receipt: TransactionReceipt,
    report: SweepReport,
  ) {
    const gasReceipt = row.gasTxHash
      ? await receiptOf(network.publicClient, row.gasTxHash as Hash)
      : undefined;
    const cost = paid(receipt) + (gasReceipt ? paid(gasReceipt) : 0n);
    const now = this.clock.now();
    const done = await repo.transitionSweep(this.options.db, row.id, 'sweeping', {
      status: 'completed',
      blockNumber: Number(receipt.blockNumber),
      gasCostWei: String(cost),
      updatedAt: now,
      completedAt: now,
    });
    if (!done) return;
    report.completed += 1;
    report.amount = new Decimal(report.amount).add(row.amount).toFixed();
    report.gasCostWei = String(BigInt(report.gasCostWei) + cost);
    this.options.log?.info(
      {
        sweep: row.id,
        network: network.network,
        address: row.address,
        amount: row.amount,
        gasCostWei: String(cost),
      },
      'sweep completed',
    );
  }

  private async fail(
    network: ChainNetwork,
    row: repo.SweepRow,
    from: 'funding' | 'sweeping',
    reason: string,
    report: SweepReport,
    receipt?: TransactionReceipt,
  ) {
    const failed = await repo.transitionSweep(this.options.db, row.id, from, {
      status: 'failed',
      failureReason: reason,
      ...(receipt && { blockNumber: Number(receipt.blockNumber), gasCostWei: String(paid(receipt)) }),
      updatedAt: this.clock.now(),
    });
    if (!failed) return;
    report.failed += 1;
    this.options.log?.warn(
      { sweep: row.id, network: network.network, address: row.address, reason },
      'sweep failed; the tokens stay at the deposit address and are swept again',
    );
  }

  private warnOnce(key: string, details: object, message: string) {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.options.log?.warn(details, message);
  }
}

/** Starts a built app's sweeper (server.ts's jobs), when it has one; stop it before the database closes. */
export function startSweeper(app: FastifyInstance): Sweeper[] {
  const sweeper = app.services.sweeper;
  sweeper?.start();
  return sweeper ? [sweeper] : [];
}
