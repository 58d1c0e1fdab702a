// Keys of the wallet. Deposit addresses come from an HD key at m/44'/60'/0'/0/{user index}: from the
// account-level xpub (m/44'/60'/0') the server can derive them without holding any private key, and
// from a mnemonic in development. The hot wallet, which signs withdrawals, is a mnemonic or a key.
import { secp256k1 } from '@noble/curves/secp256k1';
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { bytesToHex, isHex, type Address } from 'viem';
import {
  HDKey,
  hdKeyToAccount,
  privateKeyToAccount,
  publicKeyToAddress,
  type LocalAccount,
} from 'viem/accounts';

/** The BIP-44 account for Ethereum-style chains; BSC uses the same coin type (60). */
export const ACCOUNT_PATH = "m/44'/60'/0'";
const ACCOUNT_DEPTH = 3;
/** User indexes are non-hardened BIP-32 children, so they must stay below 2^31. */
export const MAX_DERIVATION_INDEX = 0x7fffffff;

export type DepositKey = { mnemonic: string } | { xpub: string };
export type HotWalletKey = { mnemonic: string; index?: number } | { privateKey: `0x${string}` };

function seedOf(mnemonic: string): Uint8Array {
  const normalised = mnemonic.trim().split(/\s+/).join(' ');
  // viem's helpers do not check the checksum; a mistyped word would silently give other addresses.
  if (!validateMnemonic(normalised, wordlist)) throw new Error('Invalid BIP-39 mnemonic');
  return mnemonicToSeedSync(normalised);
}

function accountKeyOf(key: DepositKey): HDKey {
  if ('mnemonic' in key) return HDKey.fromMasterSeed(seedOf(key.mnemonic)).derive(ACCOUNT_PATH);
  const accountKey = HDKey.fromExtendedKey(key.xpub);
  // An xpub of another level would derive valid-looking addresses nobody's wallet can find.
  if (accountKey.depth !== ACCOUNT_DEPTH) {
    throw new Error(
      `Expected the account-level extended key (${ACCOUNT_PATH}), got depth ${accountKey.depth}`,
    );
  }
  return accountKey;
}

function checkIndex(index: number) {
  if (!Number.isInteger(index) || index < 0 || index > MAX_DERIVATION_INDEX) {
    throw new Error(`Derivation index out of range: ${index}`);
  }
}

/**
 * A function from user index to deposit address. The account-level key is derived once, since the
 * mnemonic's seed (PBKDF2, 2048 rounds) is slow to compute per address.
 */
export function depositAddressDeriver(key: DepositKey): (index: number) => Address {
  // Only the public half is kept, so a mnemonic-derived deriver matches an xpub-derived one exactly.
  const external = HDKey.fromExtendedKey(accountKeyOf(key).publicExtendedKey).deriveChild(0);
  return (index) => {
    checkIndex(index);
    const publicKey = external.deriveChild(index).publicKey;
    if (!publicKey) throw new Error('HD key has no public key');
    // Addresses hash the uncompressed key; BIP-32 keeps it compressed.
    const uncompressed = secp256k1.ProjectivePoint.fromHex(publicKey).toRawBytes(false);
    return publicKeyToAddress(bytesToHex(uncompressed));
  };
}

/** The account-level xpub of a mnemonic: what production config holds instead of the mnemonic. */
export function accountXpubOf(mnemonic: string): string {
  return accountKeyOf({ mnemonic }).publicExtendedKey;
}

/** The hot wallet's signing account: index 0 of the mnemonic's m/44'/60'/0'/0 unless given. */
export function hotWalletAccount(key: HotWalletKey): LocalAccount {
  if ('privateKey' in key) {
    if (!isHex(key.privateKey) || key.privateKey.length !== 66) throw new Error('Invalid private key');
    return privateKeyToAccount(key.privateKey);
  }
  const index = key.index ?? 0;
  checkIndex(index);
  return hdKeyToAccount(HDKey.fromMasterSeed(seedOf(key.mnemonic)), { addressIndex: index });
}

/**
 * A function from user index to the signing account of that deposit address (sweeping needs the
 * mnemonic; an xpub receives only). The account-level key is derived once, as for the addresses.
 */
export function depositAccountDeriver(mnemonic: string): (index: number) => LocalAccount {
  const external = HDKey.fromMasterSeed(seedOf(mnemonic)).derive(ACCOUNT_PATH).deriveChild(0);
  return (index) => {
    checkIndex(index);
    const privateKey = external.deriveChild(index).privateKey;
    if (!privateKey) throw new Error('HD key has no private key');
    return privateKeyToAccount(bytesToHex(privateKey));
  };
}
