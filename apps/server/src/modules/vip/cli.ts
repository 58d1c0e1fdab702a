// `npm run admin -- vip:levels`: the VIP level table, shown or one level added or changed. Calls of
// /api/admin/vip/*; loaded by commands.ts.
import { adminVipLevelBody, adminVipRemoveLevelBody, type VipLevel } from '@tradeflip/api';
import { CliError, defineCommand, table, type AdminCommand } from '../../cli/command-kit';

function levelsReport(list: VipLevel[]): string {
  return table([
    ['LEVEL', 'FROM TURNOVER (USDT)', 'REWARD BONUS'],
    ...list.map((row) => [`VIP${row.level}`, row.minTurnover, row.rewardBonus]),
  ]);
}

const vipLevels = defineCommand({
  name: 'vip:levels',
  usage: 'vip:levels [--level N --min TURNOVER --bonus FRACTION | --remove N]',
  summary:
    'Show the VIP level table, add or change a level (its threshold and reward bonus), or remove the top one',
  options: {
    level: { type: 'string' },
    min: { type: 'string' },
    bonus: { type: 'string' },
    remove: { type: 'string' },
  },
  async run(api, { values }) {
    if (values.remove !== undefined) {
      const parsed = adminVipRemoveLevelBody.safeParse({ level: Number(values.remove) });
      if (!parsed.success) throw new CliError('give --remove N, the top level (1–20)');
      return levelsReport(
        (await api.call<{ list: VipLevel[] }>('POST', '/api/admin/vip/levels/remove', parsed.data)).list,
      );
    }
    if (values.level === undefined && values.min === undefined && values.bonus === undefined) {
      return levelsReport((await api.call<{ list: VipLevel[] }>('GET', '/api/admin/vip/levels')).list);
    }
    const parsed = adminVipLevelBody.safeParse({
      level: values.level === undefined ? undefined : Number(values.level),
      minTurnover: values.min,
      rewardBonus: values.bonus,
    });
    if (!parsed.success)
      throw new CliError('give --level N (0–20), --min TURNOVER and --bonus FRACTION (e.g. 0.1)');
    return levelsReport(
      (await api.call<{ list: VipLevel[] }>('POST', '/api/admin/vip/levels', parsed.data)).list,
    );
  },
});

export const vipCommands: AdminCommand[] = [vipLevels];
