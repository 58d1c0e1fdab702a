import { describe, expect, it } from 'vitest';
import {
  amountDpOf,
  decimalsOf,
  knownNetwork,
  normalizeNetwork,
  normalizeSymbol,
  precisionKey,
  priceDpOf,
} from './index';

describe('precision map keys', () => {
  it('normalises networks as the spec says', () => {
    for (const name of ['BEP20', 'bep20', 'BSC', 'bsc-mainnet', 'BNB', 'BNB Smart Chain', ' Bep20 ']) {
      expect(normalizeNetwork(name), name).toBe('BEP20');
    }
    for (const name of ['ERC20', 'erc20', 'ETH', 'Ethereum', 'ethereum-mainnet']) {
      expect(normalizeNetwork(name), name).toBe('ERC20');
    }
    expect(normalizeNetwork(' trc20 ')).toBe('TRC20');
    expect(knownNetwork('bsc')).toBe('BEP20');
    expect(knownNetwork('TRC20')).toBeUndefined();
  });

  it('upper-cases symbols and builds SYMBOL__NETWORK keys', () => {
    expect(normalizeSymbol(' usdt ')).toBe('USDT');
    expect(precisionKey('usdt', 'bsc')).toBe('USDT__BEP20');
    expect(precisionKey('btc')).toBe('BTC');
  });

  it('looks decimals up with network, symbol and default fallbacks', () => {
    const map = { price_dp: { BTC: 2 }, amount_dp: { BTC: 6, USDT: 6, USDT__BEP20: 4 } };
    expect(priceDpOf(map, 'btc')).toBe(2);
    expect(priceDpOf(map, 'XYZ')).toBe(4);
    expect(amountDpOf(map, 'usdt', 'BSC')).toBe(4);
    expect(amountDpOf(map, 'usdt', 'ERC20')).toBe(6);
    expect(amountDpOf(map, 'XYZ')).toBe(6);
    expect(amountDpOf(undefined, 'BTC')).toBe(6);
  });

  it('counts decimals', () => {
    expect(decimalsOf('1')).toBe(0);
    expect(decimalsOf('-1.50')).toBe(2);
    expect(decimalsOf('0.000000000000000001')).toBe(18);
  });
});
