// A position's PnL and return as the screens show them (its card and its detail sheet): an open one's
// at the live price, with the settlement's formula; a closed one's as it was settled. Decimals only.
import type { Position } from '@tradeflip/contract';
import { Decimal, returnRate, unrealisedPnl } from '@tradeflip/money';

export function pnlOf(
  item: Position,
  price: string | undefined,
): { pnl: Decimal | null; returnPercent: Decimal | null } {
  const pnl =
    item.status === 'open'
      ? price
        ? unrealisedPnl(item.side, item.notional, item.entryPrice, price)
        : null
      : item.pnl === null
        ? null
        : new Decimal(item.pnl);
  return { pnl, returnPercent: pnl ? returnRate(pnl, item.margin).mul(100) : null };
}

/** The up/down colour class of a signed figure. */
export const tone = (value: Decimal | null) =>
  !value ? '' : value.gt(0) ? 'is-up' : value.lt(0) ? 'is-down' : '';
