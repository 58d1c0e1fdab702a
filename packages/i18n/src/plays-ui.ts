// Text of the live plays feed (Lightning Flip and the game page) and of its switches on Profile. Apart
// from ui.ts because no first page shows it: the feed's own chunk adds it (components/plays-feed).
// Keep both languages in step (a test compares their keys).
import type { Widen } from './ui';

export const playsUiEn = {
  plays: {
    title: 'Live plays',
    empty: 'No plays yet',
    flip: 'Lightning Flip',
    up: 'Up',
    down: 'Down',
    long: 'Long',
    short: 'Short',
    won: 'Won',
    lost: 'Lost',
    tie: 'Tie',
    profit: 'Profit',
    loss: 'Loss',
    even: 'Even',
    stake: 'Stake',
    amountsHidden: 'Amounts not shown',
    settings: 'Live plays feed',
    hide: 'Hide my plays',
    hideHint: 'Your flips and closed positions stay out of the public feed.',
    showAmounts: 'Show my amounts',
    showAmountsHint: 'Others see your stake and result beside your masked name.',
    showAmountsWhileHidden: 'Not available while your plays are hidden. Your choice is kept.',
    saved: 'Saved',
  },
} as const;

export type PlaysUiMessages = Widen<typeof playsUiEn>;

export const playsUiZh: PlaysUiMessages = {
  plays: {
    title: '实时动态',
    empty: '暂无动态',
    flip: '闪电翻转',
    up: '看涨',
    down: '看跌',
    long: '做多',
    short: '做空',
    won: '赢',
    lost: '输',
    tie: '平局',
    profit: '盈利',
    loss: '亏损',
    even: '持平',
    stake: '本金',
    amountsHidden: '未公开金额',
    settings: '实时动态',
    hide: '隐藏我的动态',
    hideHint: '你的闪电翻转和已平仓位不会出现在公开动态中。',
    showAmounts: '公开我的金额',
    showAmountsHint: '其他人会在你的隐藏昵称旁看到本金和结果。',
    showAmountsWhileHidden: '隐藏动态期间不可用，你的选择会保留。',
    saved: '已保存',
  },
};
