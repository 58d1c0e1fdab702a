// Naming the accounts money moves between (see the account kinds in ./schema.ts).
import { normalizeSymbol } from '@tradeflip/money';
import type { AccountKind } from './schema';
import type { NetworkName } from '../../chain/network';

export type AccountRef =
  | { kind: 'user'; userId: number; token: string }
  | { kind: 'vault'; token: string }
  | { kind: 'equity'; token: string }
  | { kind: 'chain'; token: string; network: NetworkName };

export const userAccount = (userId: number, token: string): AccountRef => ({
  kind: 'user',
  userId,
  token: normalizeSymbol(token),
});
/** The house vault of a token: pays game profits, receives losses and fees; never below zero. */
export const vaultAccount = (token: string): AccountRef => ({ kind: 'vault', token: normalizeSymbol(token) });
/** The operator's side of a token: adjustments, airdrops and vault funding; signed. */
export const equityAccount = (token: string): AccountRef => ({
  kind: 'equity',
  token: normalizeSymbol(token),
});
/** What came in from and went out to a chain; signed. */
export const chainAccount = (token: string, network: NetworkName): AccountRef => ({
  kind: 'chain',
  token: normalizeSymbol(token),
  network,
});

/** The `owner` column: with the token, the account's identity. */
/** The owner of every account of one user (one per token). */
export function userOwner(userId: number): string {
  return `user:${userId}`;
}

export function ownerOf(ref: AccountRef): string {
  switch (ref.kind) {
    case 'user':
      return userOwner(ref.userId);
    case 'chain':
      return `chain:${ref.network}`;
    default:
      return ref.kind;
  }
}

/** Kinds whose balances may not go below zero. */
export function mustStayNonNegative(kind: AccountKind): boolean {
  return kind === 'user' || kind === 'vault';
}

export function describeAccount(ref: AccountRef): string {
  return `${ownerOf(ref)}/${ref.token}`;
}
