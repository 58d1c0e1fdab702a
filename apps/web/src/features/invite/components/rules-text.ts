// The invite rules in a player's words, built from the configured rates (DESIGN §9): one line for their
// own plays, one for their friends'; a rate of 0 is left out, and a level with none says nothing.
import type { RewardRule } from '@tradeflip/api';
import { Decimal } from '@tradeflip/money';

type T = (key: string, values?: Record<string, unknown>) => string;

/** A fraction as a percent, exactly: '0.001' → '0.1%'. */
export const ratePercent = (rate: string) => `${new Decimal(rate).mul(100).toFixed()}%`;

export function rulesLines(rules: RewardRule[], t: T): string[] {
  const partsOf = (level: RewardRule['level']) =>
    (['bet', 'profit', 'loss'] as const).flatMap((kind) => {
      const rule = rules.find((row) => row.kind === kind && row.level === level);
      return rule && new Decimal(rule.rate).gt(0)
        ? [t(`inviteUi.rulePart.${kind}`, { rate: ratePercent(rule.rate) })]
        : [];
    });
  const own = partsOf('self');
  const upline = partsOf('upline');
  if (own.length === 0 && upline.length === 0) return [t('inviteUi.rulesNone')];
  return [
    ...(own.length ? [t('inviteUi.rulesSelf', { parts: own.join(t('inviteUi.and')) })] : []),
    ...(upline.length ? [t('inviteUi.rulesUpline', { parts: upline.join(t('inviteUi.and')) })] : []),
    t('inviteUi.rulesContract'),
    ...(own.length ? [t('inviteUi.rulesVip')] : []),
    t('inviteUi.rulesOnce'),
  ];
}
