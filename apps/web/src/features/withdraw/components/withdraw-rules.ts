// The withdraw form's rules (spec §5), in the order a person fixes them: the address is 0x and 40 hex
// characters; the amount is a number with at most the network's decimals, at least the minimum, and
// together with the fee within the available balance. The server checks the same (the address and the
// amount's format are its own schemas, packages/api).
import { z } from 'zod';
import { withdrawBody, type WithdrawConfig, type WithdrawNetworkConfig } from '@tradeflip/api';
import { Decimal, decimalsOf, formatNumber } from '@tradeflip/money';

/** A plain decimal as the server takes it. */
const AMOUNT_PATTERN = /^\d{1,20}(\.\d{1,30})?$/;

export interface AmountLimits {
  token: string;
  available: string;
  network: WithdrawNetworkConfig;
}

/**
 * The i18n keys of every rule a well-formed `amount` breaks for these limits, in the order a person
 * fixes them (empty: none): too fine and below the minimum are both said at once.
 */
export function amountProblems(amount: string, { available, network }: AmountLimits): string[] {
  const problems: string[] = [];
  if (decimalsOf(amount) > network.amountDp) problems.push('validation.decimals');
  const value = new Decimal(amount);
  if (value.lt(network.minWithdrawal)) problems.push('validation.minAmount');
  else if (value.lte(0)) problems.push('errors.amountPositive');
  if (value.gt(available)) problems.push('validation.amountExceedsAvailable');
  else if (value.plus(network.fee).gt(available)) problems.push('errors.withdrawInsufficientFee');
  return problems;
}

/** The first rule a well-formed `amount` breaks, or undefined. */
export function amountProblem(amount: string, limits: AmountLimits): string | undefined {
  return amountProblems(amount, limits)[0];
}

/** What the amount's messages say of these limits ('Up to {n} decimals', 'minimum {min}', the fee). */
export function amountVars({ token, network }: AmountLimits) {
  return {
    n: network.amountDp,
    min: formatNumber(network.minWithdrawal, 'amount', { dp: network.amountDp }),
    fee: formatNumber(network.fee, 'amount', { dp: network.amountDp }),
    token,
  };
}

/** The form: the chosen network (its limits check the amount), the address and the amount. */
export function withdrawFormSchema(config: WithdrawConfig) {
  return z
    .object({
      network: z.string(),
      address: z
        .string()
        .trim()
        .min(1, { error: 'validation.addressRequired' })
        .pipe(withdrawBody.shape.address),
      amount: withdrawBody.shape.amount,
    })
    .superRefine(({ network, amount }, ctx) => {
      const chosen = config.networks.find((n) => n.network === network);
      const text = amount.trim();
      if (!chosen || !AMOUNT_PATTERN.test(text)) return; // no network, or the format is said already
      const problems = amountProblems(text, {
        token: config.token,
        available: config.available,
        network: chosen,
      });
      // One message of one line per rule broken (use-zod-form says each).
      if (problems.length > 0)
        ctx.addIssue({ code: 'custom', path: ['amount'], message: problems.join('\n') });
    });
}
export type WithdrawValues = z.input<ReturnType<typeof withdrawFormSchema>>;

/** 'Max': the available balance less the fee, truncated to the network's decimals, never negative. */
export function maxAmount(available: string, network: WithdrawNetworkConfig): string {
  const rest = new Decimal(available).minus(network.fee);
  if (rest.lte(0)) return '0';
  return rest.toDecimalPlaces(network.amountDp, Decimal.ROUND_DOWN).toFixed();
}

/** What a person types: digits and one decimal point (a comma counts as one). */
export function cleanAmountInput(value: string): string {
  return value.replace(/,/g, '.').replace(/[^\d.]/g, '');
}
