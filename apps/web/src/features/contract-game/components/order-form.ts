// The order panel's form: what is typed, and its one check, the shared rule validateOpen
// (packages/money, the server's own), as the form's resolver.
import type { Resolver } from 'react-hook-form';
import { checkResolver } from '@/components/form/check-resolver';
import { validateOpen, type OpenCheck, type OpenOrder, type Side } from '@tradeflip/money';

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
  price?: string | undefined;
}

type Terms = Parameters<typeof validateOpen>[1];

/** validateOpen on what is typed. */
export function checkOrder(values: OrderValues, terms: Terms, { available, price }: OrderContext): OpenCheck {
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
