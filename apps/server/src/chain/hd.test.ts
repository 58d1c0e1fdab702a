import { describe, expect, it } from 'vitest';
import { accountXpubOf, depositAddressDeriver, hotWalletAccount } from './hd';

const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
const ZERO_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

describe('deposit address derivation', () => {
  it("derives m/44'/60'/0'/0/{index} from a mnemonic, matching known addresses", () => {
    const derive = depositAddressDeriver({ mnemonic: ANVIL_MNEMONIC });
    // The addresses Anvil prints for its default accounts.
    expect(derive(0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(derive(1)).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(derive(9)).toBe('0xa0Ee7A142d267C1f36714E4a8F75612F20a79720');
    // The address MetaMask, Ledger and ethers give for BIP-39's all-zero test mnemonic.
    expect(depositAddressDeriver({ mnemonic: ZERO_MNEMONIC })(0)).toBe(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    );
  });

  it('derives the same addresses from the account xpub as from the mnemonic', () => {
    const xpub = accountXpubOf(ANVIL_MNEMONIC);
    expect(xpub).toMatch(/^xpub/);
    const fromXpub = depositAddressDeriver({ xpub });
    const fromMnemonic = depositAddressDeriver({ mnemonic: ANVIL_MNEMONIC });
    for (const index of [0, 1, 2, 17, 1000, 0x7fffffff]) {
      expect(fromXpub(index)).toBe(fromMnemonic(index));
    }
    expect(fromXpub(0)).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });

  it('refuses a bad mnemonic, an xpub of another level and an out-of-range index', () => {
    expect(() => depositAddressDeriver({ mnemonic: ANVIL_MNEMONIC.replace('junk', 'test') })).toThrow(
      /Invalid BIP-39 mnemonic/,
    );
    // Depth 0 (master) rather than the account level.
    const master =
      'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8';
    expect(() => depositAddressDeriver({ xpub: master })).toThrow(/account-level/);
    const derive = depositAddressDeriver({ mnemonic: ANVIL_MNEMONIC });
    expect(() => derive(-1)).toThrow(/out of range/);
    expect(() => derive(0x80000000)).toThrow(/out of range/);
    expect(() => derive(1.5)).toThrow(/out of range/);
  });
});

describe('hot wallet account', () => {
  it('comes from a mnemonic index or a private key', () => {
    expect(hotWalletAccount({ mnemonic: ANVIL_MNEMONIC }).address).toBe(
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    );
    expect(hotWalletAccount({ mnemonic: ANVIL_MNEMONIC, index: 1 }).address).toBe(
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    );
    // Anvil's published private key of account 0.
    const privateKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
    expect(hotWalletAccount({ privateKey }).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(() => hotWalletAccount({ privateKey: '0x1234' })).toThrow(/Invalid private key/);
  });
});
