// The order panel's form: what is typed, and its one check, the shared rule validateOpen
// (packages/money, the server's own), as the form's resolver.
import type { Resolver } from 'react-hook-form';
import { checkResolver } from '@/components/form/check-resolver';
import {
  playerPrice,
  tradeOf,
  validateOpen,
  type OpenCheck,
  type OpenOrder,
  type Side,
} from '@tradeflip/money';

export interface OrderValues {
  side: Side;
  margin: string;
  leverage: string;
  takeProfit: string;
  stopLoss: string;
  /** Not typed: where the server's word about the pair itself goes. */
  symbol: string;
}

/** What else an order is checked against: the balance (signed in) and the price (when it ticks). */
export interface OrderContext {
  available?: string | undefined;
  /** The mark price. */
  price?: string | undefined;
  /** The pair's newest trade. */
  last?: string | undefined;
}

/**
 * The price an order on `side` opens at now, as the server prices it: the worse for the player of the
 * mark and the newest trade (a long pays the higher, a short gets the lower).
 */
export function entryOf(side: Side, { price, last }: OrderContext): string | undefined {
  return price ? playerPrice(tradeOf(side, 'open'), price, last)?.toFixed() : undefined;
}

type Terms = Parameters<typeof validateOpen>[1];

/** validateOpen on what is typed. */
export function checkOrder(values: OrderValues, terms: Terms, context: OrderContext): OpenCheck {
  const { available } = context;
  const price = entryOf(values.side, context);
  return validateOpen(values, terms, {
    ...(available !== undefined && { available }),
    ...(price && { price }),
  });
}

/** The form's resolver: the order validateOpen makes of it, or its refusal under the field at fault. */
export function orderResolver(
  terms: Terms,
  context: OrderContext,
): Resolver<OrderValues, unknown, OpenOrder> {
  return checkResolver((values: OrderValues) => checkOrder(values, terms, context));
}
