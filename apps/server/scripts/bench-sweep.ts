// The sweeper on PostgreSQL against a local Anvil chain (issue 31, performance): 1,000 deposit
// addresses, each holding a credited deposit, swept into the hot wallet (a gas transfer from the hot
// wallet, then the address's token transfer, each recorded before broadcast). Prints the time, the
// transactions sent and the gas they cost; then the ledger is reconciled with the chain.
// A scratch database is created and dropped (TEST_DATABASE_URL, else the local test server). Loopback.
//   npx tsx apps/server/scripts/bench-sweep.ts [--addresses=1000]
import { sql } from 'drizzle-orm';
import { encodeFunctionData, formatEther, type Address, type Hex } from 'viem';
import { startAnvil } from '../src/chain/anvil';
import { createChainWalletClient } from '../src/chain/clients';
import { testUsdtAbi } from '../src/chain/contracts/test-usdt.artifact';
import {
  DEV_DEPOSIT_MNEMONIC,
  DEV_HOT_WALLET_INDEX,
  DEV_MNEMONIC,
  DEV_TOKEN_ADDRESS,
  devDeployerAccount,
} from '../src/chain/dev-chains';
import { ChainRegistry } from '../src/chain/registry';
import { deployTestUsdt, testUsdtBalanceOf } from '../src/chain/test-token';
import { systemClock } from '../src/clock';
import { loadTestSettings } from '../src/config';
import { queryRows } from '../src/db/rows';
import { openScratchPostgres } from '../src/db/scratch';
import { ChainWatcher } from '../src/modules/deposit/chain-watcher';
import { Sweeper } from '../src/modules/deposit/sweeper';
import { LedgerService } from '../src/modules/ledger/service';
import { TokenRegistry } from '../src/modules/token/registry';
import { anvilRpc } from '../src/test/chains';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ADDRESSES = arg('addresses', 1000);
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';
/** A bound on the passes, so a sweeper that stops making progress ends the bench. */
const MAX_PASSES = 100;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const url = loadTestSettings().databaseUrl ?? DEFAULT_URL;
  let database;
  try {
    database = await openScratchPostgres(url, 'bench_sweep', { max: 5 });
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
          confirmations: 1,
          pollingIntervalMs: 20,
        },
      ],
      depositKey: { mnemonic: DEV_DEPOSIT_MNEMONIC },
      hotWalletKey: { mnemonic: DEV_MNEMONIC, index: DEV_HOT_WALLET_INDEX },
      logRange: 1000,
      pollMs: 1000,
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

    const db = database.db;
    await db.execute(
      sql`insert into users (email, password_hash, invite_code)
          select 'sweep' || g || '@example.com', 'x', 'S' || g from generate_series(1, ${ADDRESSES}) g`,
    );
    const userIds = (await queryRows<{ id: string }>(db, sql`select id from users order by id`)).map((r) =>
      Number(r.id),
    );
    const addresses = userIds.map((userId) => registry.depositAddress(userId));
    await db.execute(
      sql`insert into deposit_addresses (user_id, network, address, derivation_index, created_at)
          select a.user_id, 'ERC20', a.address, a.user_id, now()
          from jsonb_to_recordset(${JSON.stringify(
            userIds.map((userId, i) => ({ user_id: userId, address: addresses[i]!.toLowerCase() })),
          )}::jsonb) as a(user_id bigint, address text)`,
    );

    // A deposit of 20 to 119 USDT to each address, mined in blocks of 100, then credited by the watcher.
    const startBlock = Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 })) + 1;
    await rpc('evm_setAutomine', [false]);
    let nonce = await chain.publicClient.getTransactionCount({
      address: deployer.address,
      blockTag: 'pending',
    });
    let expected = 0n;
    for (let i = 0; i < addresses.length; i += 100) {
      await Promise.all(
        addresses.slice(i, i + 100).map((to, k) => {
          const amount = BigInt(20 + ((i + k) % 100)) * 1_000_000n;
          expected += amount;
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
      await rpc('anvil_mine', ['0x1']);
    }
    await rpc('evm_setAutomine', [true]);
    const tokens = new TokenRegistry({ db, clock: systemClock });
    const ledger = new LedgerService({ db, clock: systemClock, tokens });
    const watcher = new ChainWatcher(
      { db, clock: systemClock, tokens, ledger },
      { chain, logRange: 1000, pollMs: 1000, startBlock },
    );
    let credited = 0;
    for (;;) {
      const report = await watcher.tick();
      credited += report.credited;
      if (!report.behind && report.credited === 0) break;
    }
    if (credited !== ADDRESSES) throw new Error(`${credited} of ${ADDRESSES} deposits credited`);

    const hotWallet = chain.hotWallet!.account.address as Address;
    const sweeper = new Sweeper({ db, chains: registry, tokens, minAmount: '10', clock: systemClock });
    const started = performance.now();
    const totals = { passes: 0, gasTransfers: 0, tokenTransfers: 0, completed: 0, gasCostWei: 0n };
    for (; totals.passes < MAX_PASSES;) {
      const [report] = await sweeper.tick();
      totals.passes += 1;
      totals.gasTransfers += report!.gasTransfers;
      totals.tokenTransfers += report!.tokenTransfers;
      totals.completed += report!.completed;
      totals.gasCostWei += BigInt(report!.gasCostWei);
      if (report!.checked === 0 && report!.underWay === 0) break;
    }
    const sweptMs = performance.now() - started;
    await sweeper.stop();
    const hotBalance = await testUsdtBalanceOf(chain.publicClient, DEV_TOKEN_ADDRESS, hotWallet);
    if (totals.completed !== ADDRESSES || hotBalance !== expected) {
      throw new Error(
        `${totals.completed} of ${ADDRESSES} sweeps completed; the hot wallet holds ${hotBalance} of ${expected} base units`,
      );
    }
    const transactions = totals.gasTransfers + totals.tokenTransfers;
    console.log(
      `  ${ADDRESSES} deposit addresses swept into the hot wallet in ${seconds(sweptMs)} (${totals.passes} passes): ` +
        `${transactions} transactions (${totals.gasTransfers} gas transfers + ${totals.tokenTransfers} token transfers), ` +
        `${Math.round(transactions / (sweptMs / 1000))} transactions/s, ${Math.round(ADDRESSES / (sweptMs / 1000))} addresses/s; ` +
        `gas ${formatEther(totals.gasCostWei)} ETH in all`,
    );
    console.log('  (each transaction is one Anvil block: the chain mines on submission)');
  } finally {
    await node.stop();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
