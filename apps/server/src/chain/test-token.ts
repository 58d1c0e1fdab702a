// The test USDT contract on a chain: deploy, mint, transfer, balances. Each write waits for its receipt
// and throws when the transaction reverted, so callers see the chain state they asked for.
import type { Address, Hash, TransactionReceipt } from 'viem';
import type { ChainPublicClient, ChainWalletClient } from './clients';
import { testUsdtAbi, testUsdtBytecode } from './contracts/test-usdt.artifact';

export interface TokenClients {
  publicClient: ChainPublicClient;
  /** The account that sends: the deployer (and owner) for deploy and mint, the holder for transfer. */
  walletClient: ChainWalletClient;
}

async function confirmed(publicClient: ChainPublicClient, hash: Hash, what: string) {
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${what} reverted (tx ${hash})`);
  return receipt;
}

/** Deploys TestUSDT with `decimals`; the sender becomes its owner, the only account that may mint. */
export async function deployTestUsdt({ publicClient, walletClient }: TokenClients, decimals: number) {
  const hash = await walletClient.deployContract({
    abi: testUsdtAbi,
    bytecode: testUsdtBytecode,
    args: [decimals],
  });
  const receipt = await confirmed(publicClient, hash, 'TestUSDT deployment');
  if (!receipt.contractAddress) throw new Error(`TestUSDT deployment ${hash} created no contract`);
  return { address: receipt.contractAddress, receipt };
}

/** Mints `amount` base units (the token's smallest unit) to `to`; only the owner may. */
export function mintTestUsdt(clients: TokenClients, token: Address, to: Address, amount: bigint) {
  return moveTestUsdt(clients, token, 'mint', to, amount);
}

/** Transfers `amount` base units from the wallet client's account to `to`. */
export function transferTestUsdt(clients: TokenClients, token: Address, to: Address, amount: bigint) {
  return moveTestUsdt(clients, token, 'transfer', to, amount);
}

/** Mint and transfer take the same arguments, (to, amount), and both wait for their receipt. */
async function moveTestUsdt(
  { publicClient, walletClient }: TokenClients,
  token: Address,
  functionName: 'mint' | 'transfer',
  to: Address,
  amount: bigint,
): Promise<TransactionReceipt> {
  const hash = await walletClient.writeContract({
    address: token,
    abi: testUsdtAbi,
    functionName,
    args: [to, amount],
  });
  return confirmed(publicClient, hash, `TestUSDT ${functionName}`);
}

/** Balance in base units. */
export function testUsdtBalanceOf(publicClient: ChainPublicClient, token: Address, holder: Address) {
  return publicClient.readContract({
    address: token,
    abi: testUsdtAbi,
    functionName: 'balanceOf',
    args: [holder],
  });
}

export async function testUsdtDecimals(publicClient: ChainPublicClient, token: Address): Promise<number> {
  return publicClient.readContract({ address: token, abi: testUsdtAbi, functionName: 'decimals' });
}
