// `npm run chain:deposit -- --email E --amount N [--network ERC20|BEP20] [--wait]`: sends test USDT on
// the running server's local chain (the embedded default) to that user's deposit address, so the whole
// deposit flow can be seen without a wallet. The address comes from the server's admin API (which also
// makes the watcher follow it); the chain's RPC URL from DATA_DIR/chains.json, written by the server.
import { randomUUID } from 'node:crypto';
import { format } from 'node:util';
import { formatUnits, parseUnits } from 'viem';
import { networkName, type AdminDeposit, type AdminDepositAddress, type Page } from '@tradeflip/api';
import { createChainPublicClient, createChainWalletClient } from '../chain/clients';
import { DEV_POLLING_INTERVAL_MS, devDeployerAccount } from '../chain/dev-chains';
import { readChainRecord } from '../chain/setup';
import { mintTestUsdt } from '../chain/test-token';
import { ConfigError, loadConfig, loadSecrets, maskSecrets } from '../config';
import { CliError, readArgs, type AdminApi } from './command-kit';
import { viaServer } from './connection';

const USAGE = 'npm run chain:deposit -- --email E --amount N [--network ERC20|BEP20] [--wait]';
/** With --wait: how long to follow the deposit beyond its confirmations' expected time. */
const WAIT_SLACK_MS = 60_000;

async function main(argv: string[]): Promise<void> {
  const { values: options } = readArgs(argv, {
    usage: USAGE,
    options: {
      email: { type: 'string' },
      amount: { type: 'string' },
      network: { type: 'string' },
      wait: { type: 'boolean' },
    },
    required: ['email', 'amount'],
  });
  const parsedNetwork = networkName.safeParse(options.network ?? 'ERC20');
  if (!parsedNetwork.success) throw new CliError(`unknown network "${options.network}": ERC20 or BEP20`);
  const network = parsedNetwork.data;
  // Digits only, and at least one of them not zero: a positive amount, read without a JS number.
  if (!/^\d{1,20}(\.\d{1,36})?$/.test(options.amount) || !/[1-9]/.test(options.amount)) {
    throw new CliError(`--amount must be a positive decimal number (got "${options.amount}")`);
  }

  const config = loadConfig();
  if (config.chains.mode !== 'local') {
    throw new CliError(
      `chain:deposit sends test USDT on the local development chains; this configuration runs CHAINS=${config.chains.mode}.`,
    );
  }
  const chains = readChainRecord(config.dataDir);
  const connection = chains && (await viaServer(config, { idempotencyKey: `chain-deposit-${randomUUID()}` }));
  if (!chains || !connection) {
    throw new CliError(
      `No running server with local chains for ${config.dataDir}: start it first (npm start); ` +
        'the chains run inside it.',
    );
  }
  const chain = chains.networks.find((net) => net.network === network);
  if (!chain) throw new CliError(`the running server has no ${network} chain`);

  const target = await connection.api.call<AdminDepositAddress>(
    'GET',
    `/api/admin/deposit/address?${new URLSearchParams({ email: options.email, network })}`,
  );
  if (target.chainId !== chain.chainId) {
    throw new CliError(
      `the server's ${network} chain id is ${target.chainId}, chains.json says ${chain.chainId}`,
    );
  }
  const decimals = (options.amount.split('.')[1] ?? '').length;
  if (decimals > chain.tokenDecimals) {
    throw new CliError(
      `the ${network} test USDT has ${chain.tokenDecimals} decimals; --amount has ${decimals}`,
    );
  }
  const amount = parseUnits(options.amount, chain.tokenDecimals);

  const clientConfig = {
    name: network,
    rpcUrl: chain.rpcUrl,
    chainId: chain.chainId,
    pollingIntervalMs: DEV_POLLING_INTERVAL_MS,
  };
  const publicClient = createChainPublicClient(clientConfig);
  const receipt = await mintTestUsdt(
    { publicClient, walletClient: createChainWalletClient(clientConfig, devDeployerAccount()) },
    chain.tokenAddress,
    target.address as `0x${string}`,
    amount,
  );
  console.log(
    `Sent ${formatUnits(amount, chain.tokenDecimals)} test USDT on ${network} to ${target.address} (${target.email}):\n` +
      `  tx ${receipt.transactionHash}, block ${receipt.blockNumber}\n` +
      `It shows in Deposit records as confirming and is credited after ${target.confirmations} confirmations.`,
  );
  if (options.wait) await follow(connection.api, target, receipt.transactionHash, config.chains);
}

/** Prints the deposit's status as it changes, until it is completed or failed. */
async function follow(
  api: AdminApi,
  target: AdminDepositAddress,
  txHash: string,
  chains: { localBlockTimeSeconds: number },
) {
  const deadline = Date.now() + target.confirmations * chains.localBlockTimeSeconds * 1000 + WAIT_SLACK_MS;
  let last = '';
  while (Date.now() < deadline) {
    const { list } = await api.call<Page<AdminDeposit>>(
      'GET',
      `/api/admin/deposits?${new URLSearchParams({ email: target.email, network: target.network, pageSize: '20' })}`,
    );
    const deposit = list.find((d) => d.txHash === txHash);
    const state = deposit
      ? `${deposit.status} (${deposit.confirmations}/${deposit.requiredConfirmations})`
      : 'not seen yet';
    if (state !== last) console.log(`  ${state}`);
    last = state;
    if (deposit?.status === 'completed' || deposit?.status === 'failed') return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new CliError('the deposit was not completed in time; see `npm run admin -- deposit:list`');
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    // The error may quote a setting (a chain's RPC URL with its key, say).
    const known = error instanceof CliError || error instanceof ConfigError;
    console.error(maskSecrets(known ? error.message : format(error), loadSecrets()));
    process.exit(1);
  },
);
