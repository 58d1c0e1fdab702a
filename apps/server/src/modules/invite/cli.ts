// `npm run admin -- invite:rules`: the invite reward rules, shown or one changed (a rate of a bet,
// profit or loss, paid to the player or their inviter). Calls of /api/admin/invite/*; loaded by
// commands.ts.
import { adminRewardRuleBody, type RewardRule } from '@tradeflip/api';
import { CliError, defineCommand, table, type AdminCommand } from '../../cli/command-kit';

function rulesReport(list: RewardRule[]): string {
  return table([['EVENT', 'TO', 'RATE'], ...list.map((rule) => [rule.kind, rule.level, rule.rate])]);
}

const inviteRules = defineCommand({
  name: 'invite:rules',
  usage: 'invite:rules [--event bet|profit|loss --to self|upline --rate R]',
  summary: 'Show the invite reward rules, or set one (new game events are rewarded at it)',
  options: {
    event: { type: 'string' },
    to: { type: 'string' },
    rate: { type: 'string' },
  },
  async run(api, { values }) {
    if (values.event === undefined && values.to === undefined && values.rate === undefined) {
      return rulesReport((await api.call<{ list: RewardRule[] }>('GET', '/api/admin/invite/rules')).list);
    }
    const parsed = adminRewardRuleBody.safeParse({ kind: values.event, level: values.to, rate: values.rate });
    if (!parsed.success) {
      throw new CliError(
        'give --event bet|profit|loss, --to self|upline and --rate (a fraction, e.g. 0.002)',
      );
    }
    const answer = await api.call<{ list: RewardRule[] }>('POST', '/api/admin/invite/rules', parsed.data);
    return rulesReport(answer.list);
  },
});

export const inviteCommands: AdminCommand[] = [inviteRules];
