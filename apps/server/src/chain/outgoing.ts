// What every sender of platform transactions shares (the withdrawal sender, the sweeper): the fees to
// sign with, and how a recorded transaction is followed. A transaction is signed and stored before it
// is broadcast; afterwards only those bytes are sent again, and these tell whether the node has them.
import {
  Eip1559FeesNotSupportedError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  getAddress,
  type Hash,
  type TransactionReceipt,
} from 'viem';
import type { ChainPublicClient } from './clients';

export type Fees =
  | { type: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }
  | { type: 'legacy'; gasPrice: bigint };

/** The fees to sign with now: EIP-1559 where the chain has it, a gas price otherwise. */
export async function currentFees(client: ChainPublicClient): Promise<Fees> {
  try {
    const fees = await client.estimateFeesPerGas();
    return {
      type: 'eip1559',
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    };
  } catch (error) {
    if (error instanceof Eip1559FeesNotSupportedError) {
      return { type: 'legacy', gasPrice: await client.getGasPrice() };
    }
    throw error;
  }
}

/** The most a transaction of `gas` can cost at these fees (what its sender must hold). */
export function maxCost(fees: Fees, gas: bigint): bigint {
  return gas * (fees.type === 'eip1559' ? fees.maxFeePerGas : fees.gasPrice);
}

export async function receiptOf(
  client: ChainPublicClient,
  hash: Hash,
): Promise<TransactionReceipt | undefined> {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (error) {
    if (error instanceof TransactionReceiptNotFoundError) return undefined;
    throw error;
  }
}

/** Whether the node has the transaction at all (in its pool or in a block). */
export async function isKnown(client: ChainPublicClient, hash: Hash): Promise<boolean> {
  try {
    await client.getTransaction({ hash });
    return true;
  } catch (error) {
    if (error instanceof TransactionNotFoundError) return false;
    throw error;
  }
}

/**
 * The nonces of the transactions of each address settled `confirmations` blocks deep (a transaction
 * of a lower nonce that has no receipt by then was replaced or dropped for good). Cached per address.
 */
export function settledNonces(client: ChainPublicClient, head: bigint, confirmations: number) {
  const settledBlock = head - BigInt(confirmations - 1);
  const found = new Map<string, number>();
  return async (address: string): Promise<number> => {
    let nonce = found.get(address);
    if (nonce === undefined) {
      nonce =
        settledBlock < 0n
          ? 0
          : await client.getTransactionCount({ address: getAddress(address), blockNumber: settledBlock });
      found.set(address, nonce);
    }
    return nonce;
  };
}
