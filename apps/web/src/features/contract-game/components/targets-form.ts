// The TP / SL sheet's form: both prices as typed, and their one check (the format, then the side of
// the current price, as the server checks them) used as typed and, as the form's resolver, at Save.
import type { FieldErrors, Resolver } from 'react-hook-form';
import { Decimal, targetsOnWrongSide, type Side } from '@tradeflip/money';

export interface TargetValues {
  takeProfit: string;
  stopLoss: string;
}

/** What Save sends: a price, or null to clear it. */
export interface TargetsBody {
  takeProfit: string | null;
  stopLoss: string | null;
}

type TargetProblem = 'game.priceInvalid' | 'game.takeProfitVsPrice' | 'game.stopLossVsPrice';

/** A price as typed: a positive decimal of at most `dp` decimals, or undefined. */
function typedPrice(text: string, dp: number): Decimal | undefined {
  const value = text.trim();
  if (!/^\d+(\.\d+)?$/.test(value)) return undefined;
  const price = new Decimal(value);
  return price.isZero() || price.decimalPlaces() > dp ? undefined : price;
}

/** Both fields at once: the prices typed (valid ones), and each field's problem (an empty one has none). */
export function checkTargets(values: TargetValues, side: Side, reference: string, dp: number) {
  const takeProfit = typedPrice(values.takeProfit, dp);
  const stopLoss = typedPrice(values.stopLoss, dp);
  const wrong = targetsOnWrongSide(side, reference, takeProfit, stopLoss);
  const problemOf = (text: string, parsed: Decimal | undefined, wrongSide: boolean, key: TargetProblem) =>
    text.trim() === '' ? undefined : !parsed ? 'game.priceInvalid' : wrongSide ? key : undefined;
  const problems: Partial<Record<keyof TargetValues, TargetProblem>> = {};
  const tp = problemOf(values.takeProfit, takeProfit, wrong.takeProfit, 'game.takeProfitVsPrice');
  const sl = problemOf(values.stopLoss, stopLoss, wrong.stopLoss, 'game.stopLossVsPrice');
  if (tp) problems.takeProfit = tp;
  if (sl) problems.stopLoss = sl;
  return { takeProfit, stopLoss, problems };
}

/** The form's resolver: what Save sends, or each field's problem under it. */
export function targetsResolver(
  side: Side,
  reference: string,
  dp: number,
): Resolver<TargetValues, unknown, TargetsBody> {
  return (values) => {
    const { problems } = checkTargets(values, side, reference, dp);
    const errors: FieldErrors<TargetValues> = {};
    for (const [field, key] of Object.entries(problems))
      errors[field as keyof TargetValues] = { type: 'validate', message: key };
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    const body: TargetsBody = {
      takeProfit: values.takeProfit.trim() || null,
      stopLoss: values.stopLoss.trim() || null,
    };
    return { values: body, errors: {} };
  };
}
