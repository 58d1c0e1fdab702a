// The e2e server's local chains (the embedded default starts them; DATA_DIR/chains.json says where),
// reached over JSON-RPC as a block explorer would: mine blocks, read a token balance.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { E2E_DATA_DIR } from './env';

interface ChainRecordNetwork {
  network: 'ERC20' | 'BEP20';
  rpcUrl: string;
  chainId: number;
  tokenAddress: string;
  tokenDecimals: number;
}

export async function localChain(network: 'ERC20' | 'BEP20'): Promise<ChainRecordNetwork> {
  const record = JSON.parse(await readFile(join(E2E_DATA_DIR, 'chains.json'), 'utf8')) as {
    networks: ChainRecordNetwork[];
  };
  const chain = record.networks.find((net) => net.network === network);
  if (!chain) throw new Error(`the e2e server runs no ${network} chain`);
  return chain;
}

async function rpc<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const answer = (await response.json()) as { result?: T; error?: { message: string } };
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
  return answer.result as T;
}

/** Mines `blocks` blocks at once (Anvil), so confirmations arrive without waiting for block times. */
export async function mineBlocks(network: 'ERC20' | 'BEP20', blocks: number): Promise<void> {
  const chain = await localChain(network);
  await rpc(chain.rpcUrl, 'anvil_mine', [`0x${blocks.toString(16)}`]);
}

/** The test USDT balance of `holder` on the chain, in base units. */
export async function tokenBalance(network: 'ERC20' | 'BEP20', holder: string): Promise<bigint> {
  const chain = await localChain(network);
  // balanceOf(address): selector 0x70a08231, the address left-padded to 32 bytes.
  const data = `0x70a08231${holder.toLowerCase().replace(/^0x/, '').padStart(64, '0')}`;
  return BigInt(await rpc<string>(chain.rpcUrl, 'eth_call', [{ to: chain.tokenAddress, data }, 'latest']));
}
