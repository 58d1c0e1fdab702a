// A contract position's money as lines a player reads ("where the money went"): one text for the
// position's detail (contract-game-ui.ts) and the asset history (wallet-ui.ts), so both name a line alike. Kept
// in its own small file so neither catalog loads the other.
export const positionLinesEn = {
  margin_locked: 'Margin locked',
  margin_released: 'Margin returned',
  open_fee: 'Open fee',
  funding: 'Funding',
  loss: 'Loss',
  close_fee: 'Close fee',
  profit: 'Profit',
  fee_refund: 'Close fee refunded',
};

export const positionLinesZh: typeof positionLinesEn = {
  margin_locked: '保证金冻结',
  margin_released: '保证金退回',
  open_fee: '开仓手续费',
  funding: '资金费',
  loss: '亏损',
  close_fee: '平仓手续费',
  profit: '盈利',
  fee_refund: '平仓手续费退还',
};
