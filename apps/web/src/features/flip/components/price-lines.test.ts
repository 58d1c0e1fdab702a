import { describe, expect, it } from 'vitest';
import { flipPriceLines } from './price-lines';

const flip = (id: string, direction: 'up' | 'down', openPrice: string, symbol = 'BTCUSDT') => ({
  id,
  symbol,
  direction,
  openPrice,
});
const label = (direction: 'up' | 'down') => (direction === 'up' ? 'Up' : 'Down');

describe('the open flips on the chart', () => {
  it('draws one line per open price, naming how many flips of each side share it', () => {
    const lines = flipPriceLines(
      'BTCUSDT',
      [
        flip('1', 'up', '60000'),
        flip('2', 'up', '60000.00'),
        flip('3', 'down', '60000'),
        flip('4', 'down', '60100'),
        flip('5', 'up', '3000', 'ETHUSDT'),
      ],
      label,
    );
    expect(lines.map((line) => [line.price, line.title])).toEqual([
      ['60000', '▲ Up ×2 ▼ Down'],
      ['60100', '▼ Down'],
    ]);
  });
});
