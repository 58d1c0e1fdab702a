// The withdraw form's rules (spec §5), in the order a person fixes them: the address is 0x and 40 hex
// characters; the amount is a number with at most the network's decimals, at least the minimum, and
// together with the fee within the available balance. The server checks the same.
import { EVM_ADDRESS_PATTERN, type WithdrawNetworkConfig } from '@tradeflip/contract';
import { Decimal, decimalsOf } from '@tradeflip/money';
import type { RuleWithVars, Validator } from '@/components/form/use-form';
import { displayLimit } from '@/lib/amount-limits';

export type WithdrawField = 'address' | 'amount';

/** A plain decimal as the server takes it. */
const AMOUNT_PATTERN = /^\d{1,20}(\.\d{1,30})?$/;

export const addressRule: Validator<WithdrawField> = (value) => {
  const address = value.trim();
  if (!address) return 'validation.addressRequired';
  return EVM_ADDRESS_PATTERN.test(address) ? undefined : 'validation.invalidAddress';
};

type Problem = ReturnType<RuleWithVars<WithdrawField>>;
const withVars = (key: string, vars: Record<string, string | number>): Problem => ({ key, vars });

export interface AmountLimits {
  token: string;
  available: string;
  network: WithdrawNetworkConfig;
}

export function amountRule({ token, available, network }: AmountLimits): RuleWithVars<WithdrawField> {
  return (value) => {
    const text = value.trim();
    if (!text) return 'validation.amountRequired';
    if (!AMOUNT_PATTERN.test(text)) return 'errors.amountInvalid';
    if (decimalsOf(text) > network.amountDp) return withVars('validation.decimals', { n: network.amountDp });
    const amount = new Decimal(text);
    if (amount.lt(network.minWithdrawal)) {
      return withVars('validation.minAmount', { min: displayLimit(network.minWithdrawal, network.amountDp) });
    }
    if (amount.lte(0)) return 'errors.amountPositive';
    if (amount.gt(available)) return 'validation.amountExceedsAvailable';
    if (amount.plus(network.fee).gt(available)) {
      return withVars('errors.withdrawInsufficientFee', {
        fee: displayLimit(network.fee, network.amountDp),
        token,
      });
    }
    return undefined;
  };
}

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
