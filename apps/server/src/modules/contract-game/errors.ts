// The game's refusals of a player's input, as the API answers them.
import type { MessageKey } from '@tradeflip/i18n';
import type { OpenProblem } from '@tradeflip/money';
import { AppError } from '../../errors';

export const fieldError = (field: string, key: MessageKey, vars?: Record<string, string | number>) =>
  new AppError(400, 'validation', key, { fields: { [field]: key }, ...(vars && { vars }) });

/** validateOpen's refusal as the API answers it: 400, its reason word, the message on its field. */
export function openRefusal({ field, key, reason, vars }: OpenProblem) {
  return new AppError(400, reason, key, { fields: { [field]: key }, ...(vars && { vars }) });
}
