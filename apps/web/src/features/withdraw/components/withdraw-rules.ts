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

/** The i18n key of what is wrong with a well-formed `amount` for these limits, or undefined. */
export function amountProblem(amount: string, { available, network }: AmountLimits): string | undefined {
  if (decimalsOf(amount) > network.amountDp) return 'validation.decimals';
  const value = new Decimal(amount);
  if (value.lt(network.minWithdrawal)) return 'validation.minAmount';
  if (value.lte(0)) return 'errors.amountPositive';
  if (value.gt(available)) return 'validation.amountExceedsAvailable';
  if (value.plus(network.fee).gt(available)) return 'errors.withdrawInsufficientFee';
  return undefined;
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
      const problem = amountProblem(text, {
        token: config.token,
        available: config.available,
        network: chosen,
      });
      if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
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
