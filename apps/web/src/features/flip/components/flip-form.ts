// The flip form: what is typed and chosen, and its one check, the shared rule validateFlip
// (packages/money, the server's own), as the form's resolver — so a person sees as they type exactly
// what the server would answer.
import type { Resolver } from 'react-hook-form';
import { checkResolver } from '@/components/form/check-resolver';
import {
  Decimal,
  formatNumber,
  validateFlip,
  type FlipCheck,
  type FlipOrder,
  type FlipTerms,
} from '@tradeflip/money';

export interface FlipValues {
  /** 'up' or 'down': chosen by the button pressed ('' until then). */
  direction: string;
  amount: string;
  /** Seconds, as the duration chip holds them. */
  duration: string;
  token: string;
  /** Not typed: where the server's word about the pair itself goes. */
  symbol: string;
}

/** What else a flip is checked against once signed in: a token's balance and the open flips' count. */
export interface FlipContext {
  availableOf?: ((token: string) => string | undefined) | undefined;
  openCount?: number | undefined;
}

/** validateFlip on what is typed; `direction` stands in for the button not pressed yet. */
export function checkFlip(
  values: FlipValues,
  terms: FlipTerms,
  { availableOf, openCount }: FlipContext,
  direction = values.direction,
): FlipCheck {
  const available = availableOf?.(values.token);
  return validateFlip({ ...values, direction }, terms, {
    ...(available !== undefined && { available }),
    ...(openCount !== undefined && { openCount }),
  });
}

/** The form's resolver: the flip validateFlip makes of it, or its refusal under the field at fault. */
export function flipResolver(
  terms: FlipTerms,
  context: FlipContext,
): Resolver<FlipValues, unknown, FlipOrder> {
  return checkResolver((values: FlipValues) => checkFlip(values, terms, context));
}

/** A duration's short label: 30s, 1m, 3m, 1h (`flip.seconds` etc. in the person's language). */
export function durationLabel(seconds: number, t: (key: string, vars: { n: number }) => string): string {
  if (seconds % 3600 === 0) return t('flip.hours', { n: seconds / 3600 });
  if (seconds % 60 === 0) return t('flip.minutes', { n: seconds / 60 });
  return t('flip.seconds', { n: seconds });
}

/** Round stakes offered as one-tap amounts: those within the token's limits (its minimum at least). */
export function quickStakes(minStake: string, maxStake: string): string[] {
  const fits = ['10', '50', '100', '500'].filter(
    (amount) => new Decimal(amount).gte(minStake) && new Decimal(amount).lte(maxStake),
  );
  return fits.length > 0 ? fits : [minStake];
}

/** A payout rate as a percentage: 0.85 → 85%, 0.855 → 85.5%. */
export function payoutText(rate: string): string {
  return `${formatNumber(new Decimal(rate).mul(100), 'amount', { dp: 2 })}%`;
}
