import { describe, expect, it } from 'vitest';
import { queryString } from './transport';

describe('query string', () => {
  it('encodes values, repeats arrays and leaves out null and undefined', () => {
    expect(queryString({ token: 'USDT', page: 2, type: undefined, memo: null })).toBe('token=USDT&page=2');
    expect(queryString({ ids: [1, 2], q: 'a b&c' })).toBe('ids=1&ids=2&q=a+b%26c');
    expect(queryString({ at: new Date('2026-01-02T03:04:05Z') })).toBe('at=2026-01-02T03%3A04%3A05.000Z');
    expect(queryString({})).toBe('');
  });
});
