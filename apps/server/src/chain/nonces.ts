// The hot wallets' nonces, kept in the database (hot_wallet_nonces): every sender of a hot wallet (the
// withdrawal sender, the sweeper's gas transfers) takes its next nonce here under a row lock, inside
// the transaction that records the signed transaction, so no two transactions ever share one.
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { hotWalletNonces } from '../db/tables';
import type { NetworkName } from './network';

/**
 * Makes sure the hot wallet has a nonce row, and that it is at least `chainNonce` (the chain's count
 * of its transactions): a transaction sent by other means must not make us reuse its nonce.
 */
export async function raiseNonce(
  db: Queryable,
  network: NetworkName,
  address: string,
  chainNonce: number,
  now: Date,
) {
  await db
    .insert(hotWalletNonces)
    .values({ network, address, nextNonce: chainNonce, updatedAt: now })
    .onConflictDoUpdate({
      target: [hotWalletNonces.network, hotWalletNonces.address],
      set: { nextNonce: sql`greatest(${hotWalletNonces.nextNonce}, ${chainNonce})`, updatedAt: now },
      where: sql`${hotWalletNonces.nextNonce} < ${chainNonce}`,
    });
}

/** Takes the hot wallet's next nonce under a row lock (held until the transaction ends). */
export async function takeNonce(
  tx: Queryable,
  network: NetworkName,
  address: string,
  now: Date,
): Promise<number | undefined> {
  const [row] = await tx
    .select({ nextNonce: hotWalletNonces.nextNonce })
    .from(hotWalletNonces)
    .where(and(eq(hotWalletNonces.network, network), eq(hotWalletNonces.address, address)))
    .for('update');
  if (!row) return undefined;
  await tx
    .update(hotWalletNonces)
    .set({ nextNonce: row.nextNonce + 1, updatedAt: now })
    .where(and(eq(hotWalletNonces.network, network), eq(hotWalletNonces.address, address)));
  return row.nextNonce;
}
