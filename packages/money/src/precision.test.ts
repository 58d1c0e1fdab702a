import { describe, expect, it } from 'vitest';
import {
  amountDpOf,
  decimalsOf,
  knownNetwork,
  normalizePrecisionMap,
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

describe('normalizing a precision map from the server', () => {
  it('upper-cases symbols and normalises network keys', () => {
    const map = normalizePrecisionMap({
      price_dp: { btc: 2, ' eth ': 2 },
      amount_dp: { usdt: 6, usdt__bsc: 4, USDT__Ethereum: 6 },
    });
    expect(map).toEqual({
      price_dp: { BTC: 2, ETH: 2 },
      amount_dp: { USDT: 6, USDT__BEP20: 4, USDT__ERC20: 6 },
    });
  });

  it('folds per-symbol entries in (symbol, price_precision, amount_precision, mainnet)', () => {
    const map = normalizePrecisionMap({
      list: [
        { symbol: 'doge', price_precision: 5, amount_precision: 0 },
        { symbol: 'usdt', price_precision: 4, amount_precision: 18, mainnet: 'BNB Smart Chain' },
      ],
    });
    expect(map.price_dp).toEqual({ DOGE: 5, USDT: 4 });
    expect(map.amount_dp).toEqual({ DOGE: 0, USDT__BEP20: 18 });
    expect(normalizePrecisionMap([{ symbol: 'sol', price_precision: 2, amount_precision: 3 }])).toEqual({
      price_dp: { SOL: 2 },
      amount_dp: { SOL: 3 },
    });
  });

  it('drops values that are not decimal counts, so lookups use the defaults', () => {
    const map = normalizePrecisionMap({ price_dp: { BTC: '2', ETH: -1, SOL: 1.5 }, amount_dp: { '': 2 } });
    expect(map).toEqual({ price_dp: {}, amount_dp: {} });
    expect(priceDpOf(map, 'BTC')).toBe(4);
    for (const junk of [null, undefined, 'x', 42]) {
      expect(normalizePrecisionMap(junk)).toEqual({ price_dp: {}, amount_dp: {} });
    }
  });
});
