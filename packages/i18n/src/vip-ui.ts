// Text of the VIP screen (/pages/vip/index): the level, the turnover and progress, the level table.
// Apart from ui.ts because the first pages never show it: the web app adds it with the VIP page
// (features/vip/texts.ts). Keep both languages in step (a test compares their keys).
import type { Widen } from './ui';

export const vipUiEn = {
  vip: {
    level: 'VIP{n}',
    yourLevel: 'Your level',
    turnover: 'Turnover',
    turnoverHint: 'Every bet counts at its USDT value: a flip’s stake, a contract position’s size.',
    toNext: '{amount} USDT more to VIP{n}',
    top: 'You are at the top level',
    bonus: 'Your own invite rewards +{n}%',
    noBonus: 'No bonus on your own invite rewards yet',
    table: 'Levels',
    from: 'From turnover (USDT)',
    gives: 'Gives',
    current: 'You',
  },
} as const;

export type VipUiMessages = Widen<typeof vipUiEn>;

export const vipUiZh: VipUiMessages = {
  vip: {
    level: 'VIP{n}',
    yourLevel: '当前等级',
    turnover: '累计流水',
    turnoverHint: '每笔投注按当时的 USDT 价值计入：闪电翻转的本金、合约仓位的名义价值。',
    toNext: '再需 {amount} USDT 流水升至 VIP{n}',
    top: '已是最高等级',
    bonus: '自己的邀请奖励 +{n}%',
    noBonus: '暂无自己邀请奖励的加成',
    table: '等级一览',
    from: '所需流水（USDT）',
    gives: '权益',
    current: '当前',
  },
};
