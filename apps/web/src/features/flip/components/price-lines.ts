// The open flips' prices drawn on the flip page's chart: one line per open price, flips opened at the
// same price sharing it ("▲ Up ×2 ▼ Down"), so their labels do not stack over the axis.
import { Decimal } from '@tradeflip/money';

export interface OpenFlipLine {
  id: string;
  symbol: string;
  direction: 'up' | 'down';
  openPrice: string;
}

export function flipPriceLines(
  symbol: string | undefined,
  open: OpenFlipLine[],
  label: (direction: 'up' | 'down') => string,
) {
  const byPrice = new Map<string, { id: string; up: number; down: number }>();
  for (const item of open) {
    if (item.symbol !== symbol) continue;
    const price = new Decimal(item.openPrice).toFixed();
    const line = byPrice.get(price) ?? { id: item.id, up: 0, down: 0 };
    line[item.direction] += 1;
    byPrice.set(price, line);
  }
  const side = (direction: 'up' | 'down', n: number) =>
    n === 0 ? '' : `${direction === 'up' ? '▲' : '▼'} ${label(direction)}${n > 1 ? ` ×${n}` : ''}`;
  return [...byPrice].map(([price, line]) => ({
    id: line.id,
    kind: 'entry' as const,
    price,
    title: [side('up', line.up), side('down', line.down)].filter(Boolean).join(' '),
  }));
}
