// The names of a position's PnL figures (packages/money position-pnl.ts defines them), one text in
// each language for every screen that shows them: Home, Total assets, the token page, the position
// card, its detail, the close confirm and the share card. Both catalogs that need them (wallet-ui.ts,
// contract-game-ui.ts) take them from here under `pnl`, so no screen names a figure its own way.
export const pnlTermsEn = {
  /** The price's move alone, no fee: an open position's headline. */
  unrealized: 'Unrealized PnL',
  /** What closing at the mark now would add to the balance: the unrealized PnL less the close fee. */
  closeNow: 'If closed now (after fee)',
  /** A closed position's whole effect on the balance, after both fees and the funding. */
  realized: 'Realized PnL',
  /** The headline over the margin. */
  returnRate: 'ROI',
};

export const pnlTermsZh: typeof pnlTermsEn = {
  unrealized: '未实现盈亏',
  closeNow: '立即平仓（扣手续费后）',
  realized: '已实现盈亏',
  returnRate: '收益率',
};
