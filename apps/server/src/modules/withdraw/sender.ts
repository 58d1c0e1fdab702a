// The withdrawal sender (DESIGN §5): one leader per network across processes (a lease), which signs
// approved withdrawals with the hot wallet and follows them on chain until they complete or fail.
//
// Crash safety: a withdrawal's transaction is signed with a nonce taken from hot_wallet_nonces (chain/nonces.ts) and
// stored (raw_tx, tx_hash) in the same database transaction that marks it processing, and only then
// broadcast. Whatever happens afterwards, only those exact bytes are ever sent again, so at most one
// transfer per withdrawal can reach the chain: a crash before the broadcast is repaired by the next
// tick re-broadcasting raw_tx, and a repeated broadcast is refused by the node ('already known',
// 'nonce too low') or mined once.
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Decimal } from '@tradeflip/money';
import { encodeFunctionData, erc20Abi, getAddress, keccak256, parseUnits, type Hash, type Hex } from 'viem';
import { raiseNonce, takeNonce } from '../../chain/nonces';
import { currentFees, isKnown, receiptOf, settledNonces, type Fees } from '../../chain/outgoing';
import type { ChainNetwork, ChainRegistry } from '../../chain/registry';
import { systemClock, type Clock } from '../../clock';
import type { Database } from '../../db/client';
import * as repo from './repository';
import { ONCHAIN_TOKEN, type WithdrawService } from './service';
import type { TokenRegistry } from '../token/registry';
import type { NetworkName } from '../../chain/network';
import { LeasedLoop } from '../../workers/leased-loop';

export interface SenderLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What was stored before the broadcast. */
export interface RecordedWithdrawal {
  id: number;
  nonce: number;
  txHash: Hash;
  rawTx: Hex;
}

export interface WithdrawalSenderOptions {
  db: Database;
  chains: ChainRegistry;
  withdrawals: WithdrawService;
  tokens: TokenRegistry;
  clock?: Clock;
  log?: SenderLog;
  /** This process's name in the leases; unique per sender by default. */
  holder?: string;
  leaseMs?: number;
  /** Time between ticks of start(). */
  pollMs?: number;
  /** Approved withdrawals signed per network per tick. */
  batchSize?: number;
  /**
   * Gas limit of a transfer. Fixed rather than estimated: an estimate fails for a transfer that
   * would revert, which must still be sent (and fail) rather than wait forever. USDT transfers use
   * 35k–65k gas; only the gas used is paid.
   */
  gasLimit?: bigint;
  /** Runs after a withdrawal is recorded and before its broadcast; tests throw here to act a crash. */
  afterRecord?: (recorded: RecordedWithdrawal) => void | Promise<void>;
}

const silentLog: SenderLog = { info() {}, warn() {}, error() {} };

export class WithdrawalSender {
  private readonly clock: Clock;
  private readonly log: SenderLog;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly gasLimit: bigint;
  /** One leased loop per network with a hot wallet: one sender per network across processes. */
  private readonly loops = new Map<NetworkName, LeasedLoop>();
  /** Withdrawals already reported as waiting for hot wallet funds (logged once). */
  private readonly waiting = new Set<number>();
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly options: WithdrawalSenderOptions) {
    this.clock = options.clock ?? systemClock;
    this.log = options.log ?? silentLog;
    this.pollMs = options.pollMs ?? 1000;
    this.batchSize = options.batchSize ?? 50;
    this.gasLimit = options.gasLimit ?? 100_000n;
    // The same holder for every network: this process's sender.
    const holder = options.holder ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    for (const network of options.chains.networks()) {
      if (!network.hotWallet) continue;
      this.loops.set(
        network.network,
        new LeasedLoop({
          name: `withdrawal-sender:${network.network}`,
          db: options.db,
          clock: this.clock,
          intervalMs: this.pollMs,
          leaseMs: options.leaseMs,
          holder,
          log: this.log,
          work: () => this.passNetwork(network),
        }),
      );
    }
  }

  /** One pass over every network with a hot wallet (where this process leads); errors are thrown after all ran. */
  async tick(): Promise<void> {
    const errors: unknown[] = [];
    for (const loop of this.loops.values()) {
      try {
        await loop.tick();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, 'withdrawal sender: several networks failed');
  }

  /** Passes every pollMs per network, and at once after an approval there. */
  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.options.withdrawals.onApproved((network) => this.loops.get(network)?.wake());
    for (const loop of this.loops.values()) loop.start();
  }

  /** Stops the loops after their passes in progress and gives the leases up, so another process takes over. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await Promise.all([...this.loops.values()].map((loop) => loop.stop()));
  }

  private async passNetwork(network: ChainNetwork) {
    const token = await this.options.tokens.find(ONCHAIN_TOKEN);
    const configured = token?.networks.find((candidate) => candidate.network === network.network);
    const confirmations = Math.max(1, network.confirmations ?? configured?.confirmations ?? 1);
    const outstanding = await this.follow(network, confirmations);
    await this.sendApproved(network, outstanding);
  }

  private units(network: ChainNetwork, row: repo.WithdrawalRow): bigint {
    return parseUnits(new Decimal(row.amount).toFixed(), network.tokenDecimals);
  }

  /**
   * Follows every processing withdrawal: final after `confirmations` blocks (completed or, reverted,
   * failed); failed when a confirmed transaction of another hash used its nonce (replaced or dropped
   * for good); re-broadcast when the node does not know it. Answers the base units still on their way.
   */
  private async follow(network: ChainNetwork, confirmations: number): Promise<bigint> {
    const rows = await repo.withStatus(this.options.db, network.network, 'processing', 1000);
    if (rows.length === 0) return 0n;
    const client = network.publicClient;
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const settledNonce = settledNonces(client, head, confirmations);

    let outstanding = 0n;
    for (const row of rows) {
      const hash = row.txHash as Hash;
      const receipt = await receiptOf(client, hash);
      if (receipt) {
        if (head - receipt.blockNumber + 1n < BigInt(confirmations)) continue;
        if (receipt.status === 'success') {
          if (await this.options.withdrawals.complete(row.id, receipt.blockNumber)) {
            this.log.info({ withdrawal: row.id, txHash: hash }, 'withdrawal completed');
          }
        } else if (
          await this.options.withdrawals.fail(row.id, 'errors.withdrawalReverted', receipt.blockNumber)
        ) {
          this.log.warn({ withdrawal: row.id, txHash: hash }, 'withdrawal reverted on chain; funds returned');
        }
        continue;
      }
      if (
        row.fromAddress !== null &&
        row.nonce !== null &&
        (await settledNonce(row.fromAddress)) > row.nonce
      ) {
        // Mined in the meantime after all? Then the next pass sees its receipt.
        if (await receiptOf(client, hash)) continue;
        if (await this.options.withdrawals.fail(row.id, 'errors.withdrawalReplaced')) {
          this.log.warn(
            { withdrawal: row.id, txHash: hash, nonce: row.nonce },
            'withdrawal nonce used by another transaction; funds returned',
          );
        }
        continue;
      }
      outstanding += this.units(network, row);
      if (!(await isKnown(client, hash))) {
        await this.broadcast(network, {
          id: row.id,
          nonce: row.nonce!,
          txHash: hash,
          rawTx: row.rawTx as Hex,
        });
      }
    }
    return outstanding;
  }

  /** Signs, records and broadcasts approved withdrawals the hot wallet can cover (others wait for funds). */
  private async sendApproved(network: ChainNetwork, outstanding: bigint) {
    const hotWallet = network.hotWallet!;
    const rows = await repo.withStatus(this.options.db, network.network, 'approved', this.batchSize);
    if (rows.length === 0) return;
    const client = network.publicClient;
    const address = hotWallet.account.address;
    const [pendingNonce, balance, fees] = await Promise.all([
      client.getTransactionCount({ address, blockTag: 'pending' }),
      client.readContract({
        address: network.tokenAddress,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      }),
      currentFees(client),
    ]);
    await raiseNonce(this.options.db, network.network, address.toLowerCase(), pendingNonce, this.clock.now());

    let budget = balance - outstanding;
    for (const row of rows) {
      const units = this.units(network, row);
      if (units > budget) {
        if (!this.waiting.has(row.id)) {
          this.waiting.add(row.id);
          this.log.warn(
            { withdrawal: row.id, network: network.network, hotWallet: address },
            'the hot wallet cannot cover this withdrawal yet; it waits until the wallet is funded',
          );
        }
        continue;
      }
      this.waiting.delete(row.id);
      const recorded = await this.record(network, row, units, fees);
      if (!recorded) continue;
      budget -= units;
      await this.options.afterRecord?.(recorded);
      await this.broadcast(network, recorded);
    }
  }

  /** In one database transaction: take the nonce, sign locally, store the signed transaction (processing). */
  private async record(
    network: ChainNetwork,
    row: repo.WithdrawalRow,
    units: bigint,
    fees: Fees,
  ): Promise<RecordedWithdrawal | undefined> {
    const account = network.hotWallet!.account;
    const from = account.address.toLowerCase();
    return this.options.db.transaction(async (tx) => {
      const current = await repo.findWithdrawal(tx, row.id, { forUpdate: true });
      if (current?.status !== 'approved') return undefined;
      const now = this.clock.now();
      const nonce = await takeNonce(tx, network.network, from, now);
      if (nonce === undefined) throw new Error(`no nonce row for ${network.network} ${from}`);
      const rawTx = await account.signTransaction({
        chainId: network.chainId,
        to: network.tokenAddress,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [getAddress(current.address), units],
        }),
        value: 0n,
        nonce,
        gas: this.gasLimit,
        ...fees,
      });
      const txHash = keccak256(rawTx);
      await repo.transition(tx, row.id, 'approved', {
        status: 'processing',
        fromAddress: from,
        nonce,
        rawTx,
        txHash,
        updatedAt: now,
      });
      return { id: row.id, nonce, txHash, rawTx };
    });
  }

  /**
   * Sends the stored bytes. Any error is only logged: 'already known' and 'nonce too low' mean they
   * (or the nonce) reached the chain already, and anything else is retried by the next pass.
   */
  private async broadcast(network: ChainNetwork, recorded: RecordedWithdrawal) {
    try {
      await network.publicClient.sendRawTransaction({ serializedTransaction: recorded.rawTx });
      await repo.markBroadcast(this.options.db, recorded.id, this.clock.now());
      this.log.info(
        { withdrawal: recorded.id, network: network.network, nonce: recorded.nonce, txHash: recorded.txHash },
        'withdrawal broadcast',
      );
    } catch (error) {
      this.log.warn(
        { withdrawal: recorded.id, txHash: recorded.txHash, err: (error as Error).message?.split('\n')[0] },
        'withdrawal broadcast refused; it is followed (and re-sent) from its recorded transaction',
      );
    }
  }
}

/**
 * Starts the sender of a built app when it has chains (server.ts); answers undefined otherwise.
 * Stop it before the database closes.
 */
export function startWithdrawalSender(
  app: FastifyInstance,
  db: Database,
  options: Partial<Omit<WithdrawalSenderOptions, 'db' | 'chains' | 'withdrawals' | 'tokens'>> = {},
): WithdrawalSender | undefined {
  const chains = app.services.chains;
  if (!chains) return undefined;
  const sender = new WithdrawalSender({
    db,
    chains,
    withdrawals: app.services.withdrawals,
    tokens: app.services.tokens,
    log: app.log.child({ worker: 'withdrawal-sender' }),
    pollMs: chains.setup.pollMs,
    ...options,
  });
  sender.start();
  return sender;
}
