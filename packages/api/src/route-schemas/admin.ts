// The schemas of the operations routes (../routes/admin.ts), as values for the server.
import { adminUser, adminUserEmailBody, adminUserListQuery, adminWsDisconnected } from '../admin';
import {
  adminAdjustBody,
  adminAdjustResult,
  adminAirdropBody,
  adminAirdropResult,
  adminHotWalletFundBody,
  adminHotWalletFundResult,
  adminLedger,
  adminLedgerQuery,
  adminVaultFundBody,
  adminVaultFundResult,
  auditReport,
  houseAccountList,
} from '../admin-wallet';
import {
  adminDeposit,
  adminDepositAddress,
  adminDepositAddressQuery,
  adminDepositListQuery,
  adminWithdrawal,
  adminWithdrawApproveBody,
  adminWithdrawListQuery,
  adminWithdrawRejectBody,
  chainStatus,
  chainSweepReport,
} from '../chain-wallet';
import {
  adminGamePairBody,
  adminPositionPage,
  adminPositionQuery,
  gameExposure,
  gamePairList,
  position,
  positionIdBody,
} from '../contract-game';
import { pageSchema } from '../envelope';
import { adminMarketPairBody, adminMarketPriceBody, marketStatus } from '../market';

export const admin = {
  // Users and their sessions.
  users: { query: adminUserListQuery, answer: pageSchema(adminUser) },
  freezeUser: { body: adminUserEmailBody, answer: adminUser },
  unfreezeUser: { body: adminUserEmailBody, answer: adminUser },
  disconnectSockets: { body: adminUserEmailBody, answer: adminWsDisconnected },
  // Money.
  adjust: { body: adminAdjustBody, answer: adminAdjustResult },
  airdrop: { body: adminAirdropBody, answer: adminAirdropResult },
  fundVault: { body: adminVaultFundBody, answer: adminVaultFundResult },
  fundHotWallet: { body: adminHotWalletFundBody, answer: adminHotWalletFundResult },
  house: { answer: houseAccountList },
  ledger: { query: adminLedgerQuery, answer: adminLedger },
  audit: { answer: auditReport },
  // Chains and deposits.
  chainStatus: { answer: chainStatus },
  chainSweep: { answer: chainSweepReport },
  deposits: { query: adminDepositListQuery, answer: pageSchema(adminDeposit) },
  depositAddress: { query: adminDepositAddressQuery, answer: adminDepositAddress },
  // Withdrawals.
  withdrawals: { query: adminWithdrawListQuery, answer: pageSchema(adminWithdrawal) },
  approveWithdrawal: { body: adminWithdrawApproveBody, answer: adminWithdrawal },
  rejectWithdrawal: { body: adminWithdrawRejectBody, answer: adminWithdrawal },
  // Market.
  marketStatus: { answer: marketStatus },
  pinPrice: { body: adminMarketPriceBody, answer: marketStatus },
  setMarketPair: { body: adminMarketPairBody, answer: marketStatus },
  // The contract game.
  gamePairs: { answer: gamePairList },
  setGamePair: { body: adminGamePairBody, answer: gamePairList },
  gamePositions: { query: adminPositionQuery, answer: adminPositionPage },
  closePosition: { body: positionIdBody, answer: position },
  gameExposure: { answer: gameExposure },
};
