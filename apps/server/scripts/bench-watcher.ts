// The deposit watcher on PostgreSQL against a local Anvil chain (issue 4, performance):
//   catch-up  5,000 blocks holding 2,000 deposits to 500 users (eight mints in every 20th block),
//             scanned from the cursor and credited through the ledger; blocks per second
//   rescan    the same blocks again from an older cursor: nothing recorded or credited twice
//   latency   from the block that gives a deposit its last confirmation to its credit, with the
//             watcher's own poll loop (CHAIN_POLL_MS, 1000 ms by default)
// A scratch database is created and dropped (TEST_DATABASE_URL, else the local test server). Loopback.
//   npx tsx apps/server/scripts/bench-watcher.ts [--blocks=5000] [--deposits=2000] [--users=500]
//                                                [--poll-ms=1000] [--samples=8] [--log-range=500]
import { sql } from 'drizzle-orm';
import { encodeFunctionData, formatUnits, parseUnits, type Address, type Hex } from 'viem';
import { Decimal } from '@tradeflip/money';
import { startAnvil } from '../src/chain/anvil';
import { createChainWalletClient } from '../src/chain/clients';
import { testUsdtAbi } from '../src/chain/contracts/test-usdt.artifact';
import {
  DEV_DEPOSIT_MNEMONIC,
  DEV_MNEMONIC,
  DEV_TOKEN_ADDRESS,
  devDeployerAccount,
} from '../src/chain/dev-chains';
import { ChainRegistry } from '../src/chain/registry';
import { deployTestUsdt } from '../src/chain/test-token';
import { systemClock } from '../src/clock';
import { loadTestSettings } from '../src/config';
import { queryRows } from '../src/db/rows';
import { openScratchPostgres } from '../src/db/scratch';
import { runAudit } from '../src/modules/ledger/audit';
import { LedgerService } from '../src/modules/ledger/service';
import { TokenRegistry } from '../src/modules/token/registry';
import { anvilRpc } from '../src/test/chains';
import { saveCursor } from '../src/modules/deposit/repository';
import { ChainWatcher } from '../src/modules/deposit/chain-watcher';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const BLOCKS = arg('blocks', 5000);
const DEPOSITS = arg('deposits', 2000);
const USERS = arg('users', 500);
const POLL_MS = arg('poll-ms', 1000);
const SAMPLES = arg('samples', 8);
const LOG_RANGE = arg('log-range', 500);
/**
 * Deposits per deposit block; deposit blocks are spread evenly over the range. (Anvil's anvil_mine
 * costs more per call as the chain grows, so fewer, fuller deposit blocks keep the set-up short.)
 */
const PER_BLOCK = 8;
const CONFIRMATIONS = 12; // USDT on ERC20
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const url = loadTestSettings().databaseUrl ?? DEFAULT_URL;
  let database;
  try {
    database = await openScratchPostgres(url, 'bench_watcher', { max: 5 });
  } catch (error) {
    console.log(`  (no PostgreSQL at ${url}: ${(error as Error).message}; set TEST_DATABASE_URL)`);
    return;
  }
  const node = await startAnvil({ chainId: 31337, mnemonic: DEV_MNEMONIC });
  try {
    const rpc = anvilRpc(node);
    const registry = new ChainRegistry({
      networks: [
        {
          network: 'ERC20',
          rpcUrl: node.rpcUrl,
          chainId: node.chainId,
          tokenAddress: DEV_TOKEN_ADDRESS,
          tokenDecimals: 6,
          pollingIntervalMs: 20,
        },
      ],
      depositKey: { mnemonic: DEV_DEPOSIT_MNEMONIC },
      logRange: LOG_RANGE,
      pollMs: POLL_MS,
    });
    const chain = registry.network('ERC20')!;
    const deployer = devDeployerAccount();
    await deployTestUsdt(
      {
        publicClient: chain.publicClient,
        walletClient: createChainWalletClient(
          { name: 'ERC20', rpcUrl: node.rpcUrl, chainId: node.chainId, pollingIntervalMs: 20 },
          deployer,
        ),
      },
      6,
    );

    // Users and their deposit addresses, as the deposit API stores them.
    const db = database.db;
    await db.execute(
      sql`insert into users (email, password_hash, invite_code)
          select 'watcher' || g || '@example.com', 'x', 'W' || g from generate_series(1, ${USERS}) g`,
    );
    const userIds = (await queryRows<{ id: string }>(db, sql`select id from users order by id`)).map((r) =>
      Number(r.id),
    );
    const addresses = new Map(userIds.map((userId) => [userId, registry.depositAddress(userId)]));
    await db.execute(
      sql`insert into deposit_addresses (user_id, network, address, derivation_index, created_at)
          select a.user_id, 'ERC20', a.address, a.user_id, now()
          from jsonb_to_recordset(${JSON.stringify(
            userIds.map((userId) => ({ user_id: userId, address: addresses.get(userId)!.toLowerCase() })),
          )}::jsonb) as a(user_id bigint, address text)`,
    );

    // The chain: every fifth block holds PER_BLOCK mints to deposit addresses, the rest are empty;
    // then enough empty blocks that the last deposit is confirmed too.
    const mined = performance.now();
    const startBlock = Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 })) + 1;
    await rpc('evm_setAutomine', [false]);
    let nonce = await chain.publicClient.getTransactionCount({
      address: deployer.address,
      blockTag: 'pending',
    });
    const spacing = Math.max(1, Math.floor(BLOCKS / Math.ceil(DEPOSITS / PER_BLOCK)));
    let expected = 0n;
    let sent = 0;
    let blocks = 0;
    while (blocks < BLOCKS) {
      if (sent < DEPOSITS) {
        const batch = Math.min(PER_BLOCK, DEPOSITS - sent);
        await Promise.all(
          Array.from({ length: batch }, () => {
            const to = addresses.get(userIds[sent % userIds.length]!)! as Address;
            // 1 to 1000 USDT (base units of 6 decimals), deterministic.
            const amount = 1_000_000n + BigInt((sent * 7919) % 999_000) * 1000n;
            expected += amount;
            sent += 1;
            return rpc<Hex>('eth_sendTransaction', [
              {
                from: deployer.address,
                to: DEV_TOKEN_ADDRESS,
                data: encodeFunctionData({ abi: testUsdtAbi, functionName: 'mint', args: [to, amount] }),
                gas: '0x30000',
                nonce: `0x${(nonce++).toString(16)}`,
              },
            ]);
          }),
        );
      }
      const run = Math.min(spacing, BLOCKS - blocks);
      await rpc('anvil_mine', [`0x${run.toString(16)}`]);
      blocks += run;
    }
    await rpc('anvil_mine', [`0x${CONFIRMATIONS.toString(16)}`]);
    await rpc('evm_setAutomine', [true]);
    const head = Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 }));
    const scanned = head - startBlock + 1;
    console.log(
      `  chain: ${scanned} blocks (${BLOCKS} + ${CONFIRMATIONS} to confirm the last) holding ${sent} deposits ` +
        `to ${USERS} users, made in ${seconds(performance.now() - mined)}`,
    );

    const tokens = new TokenRegistry({ db, clock: systemClock });
    const ledger = new LedgerService({ db, clock: systemClock, tokens });
    const deps = { db, clock: systemClock, tokens, ledger };
    const watcher = new ChainWatcher(deps, { chain, logRange: LOG_RANGE, pollMs: POLL_MS, startBlock });

    // Catch-up: tick until every block is scanned and every deposit credited.
    const started = performance.now();
    let credited = 0;
    let found = 0;
    for (;;) {
      const report = await watcher.tick();
      found += report.found;
      credited += report.credited;
      if (!report.behind && report.credited === 0) break;
    }
    const catchUpMs = performance.now() - started;
    const [totals] = await queryRows<{ completed: string; sum: string }>(
      db,
      sql`select count(*) filter (where status = 'completed')::text as completed, coalesce(sum(amount), 0)::text as sum
          from deposits`,
    );
    const audit = await runAudit(db);
    if (Number(totals!.completed) !== sent || found !== sent || credited !== sent || !audit.ok) {
      throw new Error(
        `catch-up incomplete: ${found} found, ${credited} credited, ${totals!.completed} completed of ${sent}; audit ${audit.ok ? 'ok' : 'FAILED'}`,
      );
    }
    if (!new Decimal(totals!.sum).eq(formatUnits(expected, 6))) {
      throw new Error(`credited ${totals!.sum} USDT, expected ${expected} base units`);
    }
    console.log(
      `  catch-up: ${scanned} blocks and ${sent} deposits scanned and credited in ${seconds(catchUpMs)} ` +
        `(${Math.round(scanned / (catchUpMs / 1000))} blocks/s; ${Math.round(sent / (catchUpMs / 1000))} deposits/s; ` +
        `log range ${LOG_RANGE}); audit ok`,
    );

    // The same blocks again from an older cursor (a restarted watcher): every log is known already.
    await saveCursor(db, {
      network: 'ERC20',
      nextBlock: startBlock,
      lastBlockHash: (await chain.publicClient.getBlock({ blockNumber: BigInt(startBlock - 1) })).hash,
      updatedAt: new Date(),
    });
    const rescanStarted = performance.now();
    let again = 0;
    for (;;) {
      const report = await watcher.tick();
      again += report.found + report.credited;
      if (!report.behind) break;
    }
    const rescanMs = performance.now() - rescanStarted;
    if (again !== 0 || !(await runAudit(db)).ok) throw new Error(`the rescan recorded or credited ${again}`);
    console.log(
      `  rescan of the same blocks from an older cursor: ${seconds(rescanMs)} ` +
        `(${Math.round(scanned / (rescanMs / 1000))} blocks/s), nothing recorded or credited twice`,
    );

    // Latency: the running watcher credits a deposit after the block that confirms it.
    watcher.start();
    try {
      const latencies: number[] = [];
      const user = userIds[0]!;
      for (let i = 0; i < SAMPLES; i++) {
        const hash = await rpc<Hex>('eth_sendTransaction', [
          {
            from: deployer.address,
            to: DEV_TOKEN_ADDRESS,
            data: encodeFunctionData({
              abi: testUsdtAbi,
              functionName: 'mint',
              args: [addresses.get(user)!, parseUnits('5', 6)],
            }),
          },
        ]);
        // Mined in its block (1 confirmation), then blocks up to one confirmation short, seen by the
        // watcher; then the confirming block.
        await rpc('anvil_mine', [`0x${(CONFIRMATIONS - 2).toString(16)}`]);
        await waitFor(async () => (await confirmationsOf(hash)) === CONFIRMATIONS - 1, 10_000);
        // The confirming block comes at a different point of the poll interval each time.
        await new Promise((resolve) => setTimeout(resolve, (POLL_MS * i) / SAMPLES));
        await rpc('evm_mine');
        const confirmedAt = performance.now();
        await waitFor(async () => (await statusOf(hash)) === 'completed', 10_000);
        latencies.push(performance.now() - confirmedAt);
      }
      latencies.sort((a, b) => a - b);
      const median = latencies[Math.floor(latencies.length / 2)]!;
      console.log(
        `  credit latency after the confirming block (poll ${POLL_MS} ms, ${SAMPLES} deposits): ` +
          `median ${Math.round(median)} ms, max ${Math.round(latencies.at(-1)!)} ms (target < 2000 ms)`,
      );
    } finally {
      await watcher.stop();
    }

    async function statusOf(hash: Hex): Promise<string | undefined> {
      const [row] = await queryRows<{ status: string }>(
        db,
        sql`select status from deposits where tx_hash = ${hash}`,
      );
      return row?.status;
    }
    async function confirmationsOf(hash: Hex): Promise<number | undefined> {
      const [row] = await queryRows<{ confirmations: number }>(
        db,
        sql`select confirmations from deposits where tx_hash = ${hash} and status = 'confirming'`,
      );
      return row?.confirmations;
    }
  } finally {
    await node.stop();
    await database.close();
  }
}

/** Polls `check` every 5 ms (a database read) until it holds. */
async function waitFor(check: () => Promise<boolean>, timeoutMs: number) {
  const until = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
