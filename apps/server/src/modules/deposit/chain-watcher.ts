// The deposit watcher of one network (DESIGN §5). One leader across processes (a lease per network).
// Each tick:
//   1. checks the block before its cursor still has the hash it scanned: if not, a reorg replaced it
//      and the cursor goes back REORG_DEPTH blocks (scanning again is harmless: deposits are unique by
//      network, tx hash and log index);
//   2. checks that the block of every deposit not credited yet (and, after a reorg, of every one
//      credited within REORG_DEPTH blocks) is still on the chain; when it vanished, the
//      transaction's receipt says where it is now: mined in another block (the deposit moves there),
//      back among unmined transactions (pending), or gone (failed; if it was credited already, the
//      credit is reversed by a ledger entry, as far as the user's balance allows, and flagged);
//   3. scans bounded ranges of ERC-20 Transfer logs of the network's token from the cursor to the
//      head, and records those to known deposit addresses (confirming; below the minimum deposit:
//      failed with belowMinimum, never credited), moving the cursor in the same transaction;
//   4. counts confirmations (n of N) and credits each deposit that reached N, through the ledger, in
//      one transaction with its status, keyed `deposit:NETWORK:TX:LOG` so it is credited at most once.
// The money steps (crediting, failing and reversing a credit) are the deposit module's
// (modules/deposit/crediting.ts); this worker scans the chain and schedules them.
// tick() is what tests call; start()/stop() run it in a poll loop for the server.
import {
  BlockNotFoundError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  formatUnits,
  parseAbiItem,
  parseEventLogs,
  type Hash,
} from 'viem';
import type { FastifyInstance } from 'fastify';
import { Decimal } from '@tradeflip/money';
import type { ChainNetwork, ChainRegistry } from '../../chain/registry';
import { systemClock, type Clock } from '../../clock';
import type { Database } from '../../db/client';
import { sqlState } from '../../db/rows';
import type { LedgerService } from '../ledger/service';
import { creditDeposit, failLostDeposit } from './crediting';
import * as repo from './repository';
import { requiredConfirmations, tokenOfChain } from './service';
import type { Token, TokenNetwork, TokenRegistry } from '../token/registry';
import { LeasedLoop, type Lease } from '../../workers/leased-loop';

export const transferEvent = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

/** How far the cursor goes back when the block before it was replaced, and how deep deposits are re-checked. */
export const REORG_DEPTH = 64;
/** Ranges scanned per tick at most, so a tick (and the lease it holds) stays short while catching up. */
const RANGES_PER_TICK = 20;
/** Deposits credited per query; the loop goes on while full batches come. */
const CREDIT_BATCH = 200;
/** Amounts are NUMERIC(38,18): below 10^20. */
const MAX_AMOUNT = new Decimal('1e20');
/** Concurrent block look-ups while checking recent deposits. */
const LOOKUPS_AT_ONCE = 8;

export interface WorkerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

const silentLog: WorkerLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface ChainWatcherDeps {
  db: Database;
  clock: Clock;
  tokens: TokenRegistry;
  ledger: LedgerService;
  log?: WorkerLog;
}

export interface ChainWatcherOptions {
  chain: ChainNetwork;
  /** Most blocks per eth_getLogs call (CHAIN_LOG_RANGE). */
  logRange: number;
  /** Pause between ticks of the poll loop (CHAIN_POLL_MS). */
  pollMs: number;
  /** Where a network without a cursor starts; the chain's head by default. */
  startBlock?: number;
  reorgDepth?: number;
  /** Identifies this process in the lease; unique by default. */
  holder?: string;
  leaseMs?: number;
}

export interface TickReport {
  /** False when another process holds the network's lease (nothing was done). */
  leader: boolean;
  head: number | null;
  /** The next block to scan. */
  cursor: number | null;
  scannedBlocks: number;
  /** Deposits recorded (or revived) by this tick. */
  found: number;
  credited: number;
  /** Moved to the block their transaction is now in, or back to pending. */
  relocated: number;
  failed: number;
  reversed: number;
  /** The block before the cursor had been replaced. */
  reorg: boolean;
  /** Blocks remain to be scanned: the poll loop ticks again at once. */
  behind: boolean;
}

interface Served {
  token: Token;
  tokenNetwork: TokenNetwork;
  required: number;
}

interface Located {
  blockNumber: number;
  blockHash: string;
  logIndex: number;
}

function fetchTransferLogs(chain: ChainNetwork, from: number, to: number) {
  return chain.publicClient.getLogs({
    address: chain.tokenAddress,
    event: transferEvent,
    fromBlock: BigInt(from),
    toBlock: BigInt(to),
    strict: true,
  });
}
type TransferLog = Awaited<ReturnType<typeof fetchTransferLogs>>[number];

/** Errors of nodes refusing a log query as too large: the range is split and asked again. */
const TOO_LARGE = /range|more than|too (many|large|big|wide)|limit|exceed|size/i;

function emptyReport(): TickReport {
  return {
    leader: false,
    head: null,
    cursor: null,
    scannedBlocks: 0,
    found: 0,
    credited: 0,
    relocated: 0,
    failed: 0,
    reversed: 0,
    reorg: false,
    behind: false,
  };
}

export class ChainWatcher {
  readonly network: ChainNetwork['network'];
  private readonly reorgDepth: number;
  private readonly log: WorkerLog;
  private readonly loop: LeasedLoop<TickReport>;
  private warnedUnserved = false;

  constructor(
    private readonly deps: ChainWatcherDeps,
    private readonly options: ChainWatcherOptions,
  ) {
    this.network = options.chain.network;
    this.reorgDepth = options.reorgDepth ?? REORG_DEPTH;
    this.log = deps.log ?? silentLog;
    this.loop = new LeasedLoop({
      name: `chain-watcher:${this.network}`,
      db: deps.db,
      clock: deps.clock,
      intervalMs: options.pollMs,
      leaseMs: options.leaseMs,
      holder: options.holder,
      log: this.log,
      work: (lease) => this.run(lease),
      // Still behind the chain's head: the next range at once.
      again: (report) => report.behind,
    });
  }

  private get client() {
    return this.options.chain.publicClient;
  }

  /** One pass (nothing when another process leads this network); a call while one runs answers that one. */
  async tick(): Promise<TickReport> {
    const outcome = await this.loop.tick();
    return outcome.leader ? outcome.result : { ...emptyReport(), leader: false };
  }

  /** Ticks every pollMs (at once again while behind) until stop(). */
  start(): void {
    this.loop.start();
  }

  /** Ends the loop after the tick in progress and gives the lease up. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async run(lease: Lease): Promise<TickReport> {
    const report: TickReport = { ...emptyReport(), leader: true };

    const served = this.served(await this.deps.tokens.all());
    if (!served) return report;
    const head = Number(await this.client.getBlockNumber({ cacheTime: 0 }));
    report.head = head;

    let cursor = await this.cursorAt(head, report);
    await this.verifyRecent(head, served, report);

    let stalled = false;
    for (let ranges = 0; cursor.nextBlock <= head && ranges < RANGES_PER_TICK; ranges++) {
      if (ranges > 0 && !(await lease.renew())) return report;
      const to = Math.min(head, cursor.nextBlock + this.options.logRange - 1);
      const scanned = await this.scan(cursor.nextBlock, to, head, served, report);
      if (!scanned) {
        // The node answered a head it cannot show yet (a provider behind a load balancer): next tick.
        stalled = true;
        break;
      }
      cursor = scanned;
    }
    report.cursor = cursor.nextBlock;
    report.behind = !stalled && cursor.nextBlock <= head;

    await repo.updateConfirmations(this.deps.db, this.network, head, this.deps.clock.now());
    await this.creditConfirmed(head, report);
    return report;
  }

  /** The token this network's contract is, with its rules; undefined (and a warning) when none is. */
  private served(tokens: Token[]): Served | undefined {
    const found = tokenOfChain(tokens, this.options.chain);
    if (!found) {
      if (!this.warnedUnserved) {
        this.warnedUnserved = true;
        this.log.warn(
          { network: this.network, contract: this.options.chain.tokenAddress },
          'no configured token uses this contract on this network: deposits are not watched',
        );
      }
      return undefined;
    }
    return { ...found, required: requiredConfirmations(this.options.chain, found.tokenNetwork) };
  }

  private async blockHashAt(blockNumber: number): Promise<Hash | undefined> {
    try {
      return (await this.client.getBlock({ blockNumber: BigInt(blockNumber) })).hash;
    } catch (error) {
      if (error instanceof BlockNotFoundError) return undefined;
      throw error;
    }
  }

  /** The stored cursor (created at the start block on first run), moved back if its block was replaced. */
  private async cursorAt(head: number, report: TickReport): Promise<repo.CursorRow> {
    const now = this.deps.clock.now();
    let cursor = await repo.cursorOf(this.deps.db, this.network);
    if (!cursor) {
      const start = Math.max(0, Math.min(this.options.startBlock ?? head, head + 1));
      await repo.createCursor(this.deps.db, {
        network: this.network,
        nextBlock: start,
        lastBlockHash: start > 0 ? ((await this.blockHashAt(start - 1)) ?? null) : null,
        updatedAt: now,
      });
      cursor = (await repo.cursorOf(this.deps.db, this.network))!;
      this.log.info({ network: this.network, block: cursor.nextBlock }, 'chain watcher starts');
    }
    const last = cursor.nextBlock - 1;
    let nextBlock: number;
    if (last > head + this.reorgDepth) {
      // Far shorter than what was scanned: a chain started afresh (a local chain whose state was
      // removed). Its blocks are all new: scan them from a little below its head.
      nextBlock = Math.max(0, head + 1 - this.reorgDepth);
    } else {
      // A node a little behind the cursor (a local chain restarted from a slightly older state, a
      // lagging provider) is waited for.
      if (!cursor.lastBlockHash || last < 0 || last > head) return cursor;
      const hash = await this.blockHashAt(last);
      if (hash === undefined || hash === cursor.lastBlockHash) return cursor;
      nextBlock = Math.max(0, cursor.nextBlock - this.reorgDepth);
    }

    const rewound = {
      network: this.network,
      nextBlock,
      lastBlockHash: nextBlock > 0 ? ((await this.blockHashAt(nextBlock - 1)) ?? null) : null,
      updatedAt: now,
    };
    await repo.saveCursor(this.deps.db, rewound);
    report.reorg = true;
    this.log.warn(
      { network: this.network, block: last, from: cursor.nextBlock, to: nextBlock },
      'reorg: the last scanned block is no longer on the chain; scanning again',
    );
    return rewound;
  }

  /** Scans [from, to]: records deposits and moves the cursor, in one transaction. */
  private async scan(
    from: number,
    to: number,
    head: number,
    served: Served,
    report: TickReport,
  ): Promise<repo.CursorRow | undefined> {
    // The hash of the range's last block is read before its logs: a reorg in between changes it,
    // and the next tick sees that and scans again.
    const lastHash = await this.blockHashAt(to);
    if (lastHash === undefined) return undefined;
    const logs = await this.transferLogs(from, to);
    const owners = await repo.ownersOf(this.deps.db, this.network, [
      ...new Set(logs.map((log) => log.args.to.toLowerCase())),
    ]);
    const now = this.deps.clock.now();
    const minDeposit = new Decimal(served.tokenNetwork.minDeposit);
    const found: repo.FoundDeposit[] = [];
    for (const log of logs) {
      const address = log.args.to.toLowerCase();
      const userId = owners.get(address);
      if (userId === undefined || log.removed) continue;
      const amount = formatUnits(log.args.value, this.options.chain.tokenDecimals);
      if (new Decimal(amount).gte(MAX_AMOUNT)) {
        // Beyond NUMERIC(38,18): recording it would stop the watcher at this range for good.
        this.log.error(
          { network: this.network, tx: log.transactionHash, logIndex: log.logIndex, amount },
          'deposit too large to record; skipped',
        );
        continue;
      }
      const belowMinimum = log.args.value === 0n || new Decimal(amount).lt(minDeposit);
      const blockNumber = Number(log.blockNumber);
      found.push({
        userId,
        token: served.token.symbol,
        network: this.network,
        address,
        fromAddress: log.args.from.toLowerCase(),
        txHash: log.transactionHash,
        logIndex: log.logIndex,
        blockNumber,
        blockHash: log.blockHash,
        amount,
        confirmations: Math.min(served.required, Math.max(0, head - blockNumber + 1)),
        requiredConfirmations: served.required,
        status: belowMinimum ? 'failed' : 'confirming',
        belowMinimum,
        processedAt: belowMinimum ? now.toISOString() : null,
      });
    }
    const cursor: repo.CursorRow = {
      network: this.network,
      nextBlock: to + 1,
      lastBlockHash: lastHash,
      updatedAt: now,
    };
    const recorded = await this.deps.db.transaction(async (tx) => {
      const count = await repo.recordDeposits(tx, found, now);
      await repo.saveCursor(tx, cursor);
      return count;
    });
    report.found += recorded;
    report.scannedBlocks += to - from + 1;
    if (recorded > 0) {
      this.log.info({ network: this.network, from, to, deposits: recorded }, 'deposits found');
    }
    return cursor;
  }

  /** Transfer logs of the token in [from, to]; a range the node finds too large is split in two. */
  private async transferLogs(from: number, to: number): Promise<TransferLog[]> {
    try {
      return await fetchTransferLogs(this.options.chain, from, to);
    } catch (error) {
      if (to <= from || !TOO_LARGE.test((error as Error).message)) throw error;
      const middle = Math.floor((from + to) / 2);
      return [...(await this.transferLogs(from, middle)), ...(await this.transferLogs(middle + 1, to))];
    }
  }

  /**
   * Step 2: every deposit whose block is no longer on the chain is dealt with. Uncredited ones are
   * checked every tick; credited ones (at least N blocks deep) only after a reorg reached the cursor,
   * which any reorg replacing their block does (a block's hash commits to every block before it).
   */
  private async verifyRecent(head: number, served: Served, report: TickReport) {
    const window = Math.max(this.reorgDepth, served.required + 1);
    const rows = await repo.depositsToVerify(
      this.deps.db,
      this.network,
      head,
      report.reorg ? window : undefined,
    );
    if (rows.length === 0) return;
    const numbers = [...new Set(rows.filter((r) => r.status !== 'pending').map((r) => r.blockNumber))];
    const canonical = new Map<number, Hash | undefined>();
    for (let i = 0; i < numbers.length; i += LOOKUPS_AT_ONCE) {
      const batch = numbers.slice(i, i + LOOKUPS_AT_ONCE);
      const hashes = await Promise.all(batch.map((n) => this.blockHashAt(n)));
      batch.forEach((n, k) => canonical.set(n, hashes[k]));
    }
    for (const row of rows) {
      if (row.status !== 'pending') {
        const hash = canonical.get(row.blockNumber);
        // Not on this node yet (it lags, or the chain is shorter now): looked at again later.
        if (hash === undefined || hash === row.blockHash) continue;
      }
      await this.vanished(row, report);
    }
  }

  /** A deposit whose block was replaced: follow its transaction. */
  private async vanished(row: repo.DepositRow, report: TickReport) {
    const now = this.deps.clock.now();
    const where = await this.locate(row);
    if (where === 'pending') {
      if (row.status === 'pending') return;
      if (row.movementId === null) {
        await repo.markPending(this.deps.db, row.id, now);
        report.relocated += 1;
        this.log.warn(
          { network: this.network, deposit: row.id, tx: row.txHash },
          'reorg: deposit transaction is unmined again',
        );
        return;
      }
    } else if (where.length > 0) {
      for (const candidate of where) {
        try {
          await repo.relocateDeposit(this.deps.db, row.id, {
            ...candidate,
            status: row.status === 'pending' ? 'confirming' : row.status,
            now,
          });
        } catch (error) {
          // That log is another deposit row already: try the next matching log.
          if (sqlState(error) === '23505') continue;
          throw error;
        }
        report.relocated += 1;
        this.log.warn(
          { network: this.network, deposit: row.id, from: row.blockNumber, to: candidate.blockNumber },
          'reorg: deposit transaction mined in another block',
        );
        return;
      }
    }
    await this.fail(row, report);
  }

  /**
   * Where the deposit's transfer is now: the matching logs of its transaction's receipt (same log
   * index first), 'pending' when the transaction waits to be mined again, [] when it is gone or reverted.
   */
  private async locate(row: repo.DepositRow): Promise<Located[] | 'pending'> {
    const hash = row.txHash as Hash;
    let receipt;
    try {
      receipt = await this.client.getTransactionReceipt({ hash });
    } catch (error) {
      if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
    }
    if (!receipt) {
      try {
        await this.client.getTransaction({ hash });
        return 'pending';
      } catch (error) {
        if (error instanceof TransactionNotFoundError) return [];
        throw error;
      }
    }
    if (receipt.status !== 'success') return [];
    const token = this.options.chain.tokenAddress.toLowerCase();
    const matching = parseEventLogs({ abi: [transferEvent], logs: receipt.logs, strict: true })
      .filter(
        (log) =>
          log.address.toLowerCase() === token &&
          log.args.to.toLowerCase() === row.address &&
          new Decimal(formatUnits(log.args.value, this.options.chain.tokenDecimals)).eq(row.amount),
      )
      .sort((a, b) => (a.logIndex === row.logIndex ? -1 : b.logIndex === row.logIndex ? 1 : 0));
    return matching.map((log) => ({
      blockNumber: Number(receipt.blockNumber),
      blockHash: receipt.blockHash,
      logIndex: log.logIndex,
    }));
  }

  /** The deposit's transfer is no longer on the chain: failed, and a credit reversed (modules/deposit). */
  private async fail(row: repo.DepositRow, report: TickReport) {
    const outcome = await failLostDeposit(this.deps, row);
    if (!outcome) return;
    report.failed += 1;
    const details = { network: this.network, deposit: row.id, tx: row.txHash, block: row.blockNumber };
    if (outcome.reversed) {
      report.reversed += 1;
      this.log.error(details, outcome.flag);
    } else {
      this.log.warn(details, 'reorg: deposit transaction left the chain; not credited');
    }
  }

  /** Step 4: credits every confirming deposit with enough confirmations. */
  private async creditConfirmed(head: number, report: TickReport) {
    for (;;) {
      const rows = await repo.creditable(this.deps.db, this.network, head, CREDIT_BATCH);
      let failures = 0;
      for (const row of rows) {
        try {
          if (await this.credit(row)) report.credited += 1;
        } catch (error) {
          failures += 1;
          this.log.error({ network: this.network, deposit: row.id, err: error }, 'deposit credit failed');
        }
      }
      if (rows.length < CREDIT_BATCH || failures > 0) return;
    }
  }

  private async credit(row: repo.DepositRow): Promise<boolean> {
    const credited = await creditDeposit(this.deps, row);
    if (credited) {
      this.log.info(
        {
          network: this.network,
          deposit: row.id,
          user: row.userId,
          amount: new Decimal(row.amount).toFixed(),
        },
        'deposit credited',
      );
    }
    return credited;
  }
}

/** A watcher per network of the registry, with its CHAIN_LOG_RANGE and CHAIN_POLL_MS. */
export function createChainWatchers(deps: ChainWatcherDeps, chains: ChainRegistry): ChainWatcher[] {
  return chains
    .networks()
    .map(
      (chain) =>
        new ChainWatcher(deps, { chain, logRange: chains.setup.logRange, pollMs: chains.setup.pollMs }),
    );
}

/**
 * Starts a watcher per network of a built app's chains (server.ts); none when it has no chains.
 * Stop them before the database closes.
 */
export function startChainWatchers(
  app: FastifyInstance,
  db: Database,
  options: { log?: WorkerLog; clock?: Clock } = {},
): ChainWatcher[] {
  const { chains, tokens, ledger } = app.services;
  if (!chains) return [];
  const watchers = createChainWatchers(
    { db, clock: options.clock ?? systemClock, tokens, ledger, log: options.log },
    chains,
  );
  for (const watcher of watchers) watcher.start();
  return watchers;
}
