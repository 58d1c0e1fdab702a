// /api/admin/*: operations, with the admin credential (the CLI calls these).
import type { admin as wire } from '../route-schemas/admin';

// Users and their sessions.
export const users = {
  method: 'GET',
  path: '/api/admin/users',
  wire: {} as typeof wire.users,
} as const;
export const freezeUser = {
  method: 'POST',
  path: '/api/admin/users/freeze',
  wire: {} as typeof wire.freezeUser,
} as const;
export const unfreezeUser = {
  method: 'POST',
  path: '/api/admin/users/unfreeze',
  wire: {} as typeof wire.unfreezeUser,
} as const;
export const disconnectSockets = {
  method: 'POST',
  path: '/api/admin/ws/disconnect',
  wire: {} as typeof wire.disconnectSockets,
} as const;

// Money.
export const adjust = {
  method: 'POST',
  path: '/api/admin/balances/adjust',
  wire: {} as typeof wire.adjust,
} as const;
export const airdrop = {
  method: 'POST',
  path: '/api/admin/airdrop',
  wire: {} as typeof wire.airdrop,
} as const;
export const fundVault = {
  method: 'POST',
  path: '/api/admin/vault/fund',
  wire: {} as typeof wire.fundVault,
} as const;
export const fundHotWallet = {
  method: 'POST',
  path: '/api/admin/hot-wallet/fund',
  wire: {} as typeof wire.fundHotWallet,
} as const;
export const house = {
  method: 'GET',
  path: '/api/admin/house',
  wire: {} as typeof wire.house,
} as const;
export const ledger = {
  method: 'GET',
  path: '/api/admin/ledger',
  wire: {} as typeof wire.ledger,
} as const;
export const audit = {
  method: 'GET',
  path: '/api/admin/audit',
  wire: {} as typeof wire.audit,
} as const;

// Chains and deposits.
export const chainStatus = {
  method: 'GET',
  path: '/api/admin/chain/status',
  wire: {} as typeof wire.chainStatus,
} as const;
export const chainSweep = {
  method: 'POST',
  path: '/api/admin/chain/sweep',
  wire: {} as typeof wire.chainSweep,
} as const;
export const deposits = {
  method: 'GET',
  path: '/api/admin/deposits',
  wire: {} as typeof wire.deposits,
} as const;
export const depositAddress = {
  method: 'GET',
  path: '/api/admin/deposit/address',
  wire: {} as typeof wire.depositAddress,
} as const;

// Withdrawals.
export const withdrawals = {
  method: 'GET',
  path: '/api/admin/withdrawals',
  wire: {} as typeof wire.withdrawals,
} as const;
export const approveWithdrawal = {
  method: 'POST',
  path: '/api/admin/withdrawals/approve',
  wire: {} as typeof wire.approveWithdrawal,
} as const;
export const rejectWithdrawal = {
  method: 'POST',
  path: '/api/admin/withdrawals/reject',
  wire: {} as typeof wire.rejectWithdrawal,
} as const;

// Market.
export const marketStatus = {
  method: 'GET',
  path: '/api/admin/market/status',
  wire: {} as typeof wire.marketStatus,
} as const;
export const pinPrice = {
  method: 'POST',
  path: '/api/admin/market/price',
  wire: {} as typeof wire.pinPrice,
} as const;
export const setMarketPair = {
  method: 'POST',
  path: '/api/admin/market/pairs',
  wire: {} as typeof wire.setMarketPair,
} as const;

// The contract game.
export const gamePairs = {
  method: 'GET',
  path: '/api/admin/game/pairs',
  wire: {} as typeof wire.gamePairs,
} as const;
export const setGamePair = {
  method: 'POST',
  path: '/api/admin/game/pairs',
  wire: {} as typeof wire.setGamePair,
} as const;
export const gamePositions = {
  method: 'GET',
  path: '/api/admin/game/positions',
  wire: {} as typeof wire.gamePositions,
} as const;
export const closePosition = {
  method: 'POST',
  path: '/api/admin/game/close',
  wire: {} as typeof wire.closePosition,
} as const;
export const gameExposure = {
  method: 'GET',
  path: '/api/admin/game/exposure',
  wire: {} as typeof wire.gameExposure,
} as const;
