// On-chain deposits and withdrawals (issue 4, DESIGN §5): the user's calls under /api/app/asset/* and
// the operators' under /api/admin/*. Amounts are decimal strings in token units; times ISO-8601 UTC.
import { z } from 'zod';
import { adminUserEmail } from './admin';
import { idInput, pageQuerySchema } from './envelope';
import { tokenSymbol } from './wallet';

export const chainNetworks = ['ERC20', 'BEP20'] as const;
export type ChainNetwork = (typeof chainNetworks)[number];

/** Any spelling the spec normalises (BSC, bnb, Ethereum...) → ERC20 | BEP20; anything else is refused. */
export const networkName = z
  .string({ error: 'errors.networkUnsupported' })
  .trim()
  .transform((name, ctx) => {
    const upper = name.toUpperCase();
    if (/BEP20|BSC|BNB/.test(upper)) return 'BEP20' as const;
    if (/ERC20|ETH/.test(upper)) return 'ERC20' as const;
    ctx.addIssue({ code: 'custom', message: 'errors.networkUnsupported' });
    return z.NEVER;
  });

/** A 0x address of 40 hex characters (spec §5: 'Invalid address'). */
export const EVM_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;

// ---- Deposits ----

export const depositStatusList = ['pending', 'confirming', 'completed', 'failed', 'processing'] as const;
export type DepositRecordStatus = (typeof depositStatusList)[number];

/** GET /api/app/asset/deposit/options: what can be deposited where. */
export const depositNetworkOption = z.object({
  network: z.enum(chainNetworks),
  minDeposit: z.string(),
  confirmations: z.number().int(),
  /** False: 'Deposit is not available for this token' on this network. */
  enabled: z.boolean(),
});
export const depositTokenOption = z.object({
  token: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  networks: z.array(depositNetworkOption),
});
export const depositOptions = z.object({ list: z.array(depositTokenOption) });
export type DepositOptions = z.infer<typeof depositOptions>;
export type DepositTokenOption = z.infer<typeof depositTokenOption>;

/** GET /api/app/asset/deposit/info?token&network */
export const depositInfoQuery = z.object({ token: tokenSymbol, network: networkName });
export const depositInfo = z.object({
  token: z.string(),
  network: z.enum(chainNetworks),
  /** The user's own address on this network (checksummed). */
  address: z.string(),
  minDeposit: z.string(),
  confirmations: z.number().int(),
  chainId: z.number().int(),
  /** The token contract deposits must come from. */
  contractAddress: z.string(),
  /** The address on the network's block explorer; null where none is configured (local chains). */
  explorerAddressUrl: z.string().nullable(),
});
export type DepositInfo = z.infer<typeof depositInfo>;

export const depositRecord = z.object({
  id: z.string(),
  token: z.string(),
  network: z.enum(chainNetworks),
  address: z.string(),
  fromAddress: z.string(),
  txHash: z.string(),
  amount: z.string(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  status: z.enum(depositStatusList),
  /** Below the minimum deposit: recorded and not credited. */
  belowMinimum: z.boolean(),
  createdAt: z.string(),
  /** When it was credited (or failed); null while confirming. */
  processedAt: z.string().nullable(),
  /** The transaction on the network's block explorer; null where none is configured. */
  explorerTxUrl: z.string().nullable(),
});
export type DepositRecord = z.infer<typeof depositRecord>;

/**
 * The user's deposit and withdrawal records, as their lists and details ask for them: a page of them
 * (of one token, optionally), or one by its id.
 */
export const recordListQuery = pageQuerySchema.extend({ token: tokenSymbol.optional() });
export const recordIdQuery = z.object({
  id: z
    .string({ error: 'errors.missingId' })
    .trim()
    .regex(/^\d{1,18}$/, { error: 'errors.notFound' }),
});

// ---- Withdrawals ----

export const withdrawalStatusList = [
  'reviewing',
  'approved',
  'processing',
  'completed',
  'rejected',
  'failed',
  'cancelled',
  'pending',
  'confirming',
] as const;
export type WithdrawalRecordStatus = (typeof withdrawalStatusList)[number];

/** Hours within which a reviewing withdrawal is expected to be handled (spec §9). */
export const WITHDRAWAL_REVIEW_HOURS = 24;

/** GET /api/app/asset/withdraw/config?token (also /api/app/asset/withdrawConfig). */
export const withdrawConfigQuery = z.object({ token: tokenSymbol.default('USDT') });
export const withdrawNetworkConfig = z.object({
  network: z.enum(chainNetworks),
  minWithdrawal: z.string(),
  fee: z.string(),
  /** Decimals an amount may have (spec: 'Up to {n} decimals'). */
  amountDp: z.number().int(),
  enabled: z.boolean(),
});
export const withdrawConfig = z.object({
  token: z.string(),
  /** The user's available balance of the token (0 when signed out is never answered: sign-in required). */
  available: z.string(),
  networks: z.array(withdrawNetworkConfig),
});
export type WithdrawConfig = z.infer<typeof withdrawConfig>;
export type WithdrawNetworkConfig = z.infer<typeof withdrawNetworkConfig>;

/** POST /api/app/asset/withdraw */
export const withdrawBody = z.object({
  token: tokenSymbol,
  network: networkName,
  address: z
    .string({ error: 'validation.invalidAddress' })
    .trim()
    .regex(EVM_ADDRESS_PATTERN, { error: 'validation.invalidAddress' }),
  amount: z
    .string({ error: 'validation.amountRequired' })
    .trim()
    .min(1, { error: 'validation.amountRequired' })
    .regex(/^\d{1,20}(\.\d{1,30})?$/, { error: 'errors.amountInvalid' }),
  password: z
    .string({ error: 'validation.passwordRequired' })
    .min(1, { error: 'validation.passwordRequired' })
    .max(128, { error: 'validation.passwordRequired' }),
});
export type WithdrawBody = z.infer<typeof withdrawBody>;

/** POST /api/app/asset/withdraw/cancel: the owner cancels a withdrawal still in review. */
export const withdrawCancelBody = recordIdQuery;

// ---- Address book: the user's saved withdrawal addresses ----

/** Most addresses one user can save. */
export const ADDRESS_BOOK_MAX = 20;
export const ADDRESS_LABEL_MAX = 20;

/** POST /api/app/asset/withdraw/addresses */
export const saveAddressBody = z.object({
  label: z
    .string({ error: 'errors.addressLabelRequired' })
    .trim()
    .min(1, { error: 'errors.addressLabelRequired' })
    .max(ADDRESS_LABEL_MAX, { error: 'errors.addressLabelRequired' }),
  network: networkName,
  address: withdrawBody.shape.address,
});
export type SaveAddressBody = z.input<typeof saveAddressBody>;

export const savedAddress = z.object({
  id: z.string(),
  label: z.string(),
  network: z.enum(chainNetworks),
  /** Checksummed. */
  address: z.string(),
  createdAt: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddress>;
export const savedAddressList = z.object({ list: z.array(savedAddress) });
/** GET /api/app/asset/withdraw/addresses: optionally one network's. */
export const savedAddressListQuery = z.object({ network: networkName.optional() });

/** POST /api/app/asset/withdraw/addresses/delete */
export const deleteAddressBody = recordIdQuery;

export const withdrawalRecord = z.object({
  id: z.string(),
  orderNo: z.string(),
  token: z.string(),
  network: z.enum(chainNetworks),
  address: z.string(),
  amount: z.string(),
  fee: z.string(),
  /** What the recipient receives (the amount; the fee is charged on top). */
  arrivalAmount: z.string(),
  status: z.enum(withdrawalStatusList),
  rejectReason: z.string().nullable(),
  failureReason: z.string().nullable(),
  txHash: z.string().nullable(),
  createdAt: z.string(),
  processedAt: z.string().nullable(),
  /** While reviewing: submitted time + 24 h. */
  estimatedArrival: z.string().nullable(),
  /** Still in review: its owner may cancel it (POST /api/app/asset/withdraw/cancel). */
  cancellable: z.boolean(),
  /** The transaction on the network's block explorer, once sent; null where none is configured. */
  explorerTxUrl: z.string().nullable(),
});
export type WithdrawalRecord = z.infer<typeof withdrawalRecord>;

// ---- Operations ----

export const adminWithdrawal = withdrawalRecord.extend({
  userId: z.string(),
  email: z.string(),
  nonce: z.number().int().nullable(),
  fromAddress: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;
export const adminWithdrawListQuery = pageQuerySchema.extend({
  status: z.enum(withdrawalStatusList).optional(),
});
export const adminWithdrawApproveBody = z.object({ id: idInput });
export const adminWithdrawRejectBody = adminWithdrawApproveBody.extend({
  reason: z.string({ error: 'validation.invalidRequest' }).trim().min(1).max(500),
});
/** The id as a string of digits (the server also takes it as a number). */
export type AdminWithdrawApproveBody = z.output<typeof adminWithdrawApproveBody>;
export type AdminWithdrawRejectBody = z.output<typeof adminWithdrawRejectBody>;

/**
 * One network's ledger against its chain (the audit and chain:status): what the ledger's chain account
 * says the platform holds, and the token balances on chain at one block: the hot wallet, the deposit
 * addresses not yet swept, plus withdrawals mined but not yet booked, less deposits on chain not yet
 * credited (waiting for confirmations, or below the minimum). Gas is the hot wallet's native coin.
 */
export const chainReconciliation = z.object({
  network: z.enum(chainNetworks),
  /** ok; difference (beyond the tolerance); unreachable (the node did not answer); off (not compared). */
  status: z.enum(['ok', 'difference', 'unreachable', 'off']),
  /** Why it is unreachable or off. */
  detail: z.string().nullable(),
  /** The block the balances were read at. */
  block: z.number().int().nullable(),
  token: z.string().nullable(),
  /** What the ledger's chain account says the platform holds on this network. */
  ledger: z.string(),
  hotWallet: z.string().nullable(),
  /** Token units: the hot wallet's balance, the deposit addresses' (not yet swept). */
  hotWalletBalance: z.string().nullable(),
  depositAddresses: z.string().nullable(),
  addresses: z.number().int(),
  /** Withdrawals mined but not yet completed in the ledger (out of the hot wallet already). */
  inFlight: z.string().nullable(),
  /** Deposits on chain the ledger has not credited (confirming, below the minimum). */
  uncredited: z.string().nullable(),
  /** On chain + in flight − uncredited: what the ledger should say. */
  expected: z.string().nullable(),
  /** expected − ledger. */
  difference: z.string().nullable(),
  tolerance: z.string(),
  /** The hot wallet's native coin (ETH, BNB) for gas, and whether it is below HOT_WALLET_LOW_GAS. */
  gas: z.string().nullable(),
  lowGas: z.boolean(),
});
export type ChainReconciliation = z.infer<typeof chainReconciliation>;

/** POST /api/admin/chain/sweep: one pass of the sweeper on each network (`chain:sweep`). */
export const chainSweepReport = z.object({
  /** Why nothing was swept (no chains, no deposit mnemonic, no hot wallet), else null. */
  unavailable: z.string().nullable(),
  list: z.array(
    z.object({
      network: z.enum(chainNetworks),
      /** False when another process leads this network's sweeper. */
      leader: z.boolean(),
      checked: z.number().int(),
      gasTransfers: z.number().int(),
      tokenTransfers: z.number().int(),
      completed: z.number().int(),
      failed: z.number().int(),
      amount: z.string(),
      gasCostWei: z.string(),
      underWay: z.number().int(),
      waiting: z.string().nullable(),
    }),
  ),
});
export type ChainSweepReport = z.infer<typeof chainSweepReport>;

/** GET /api/admin/chain/status: each network's watcher. */
export const chainStatus = z.object({
  list: z.array(
    z.object({
      network: z.enum(chainNetworks),
      chainId: z.number().int().nullable(),
      rpcUrl: z.string().nullable(),
      /** The chain's latest block, or null when the node cannot be reached. */
      head: z.number().int().nullable(),
      /** The next block the watcher will scan. */
      cursor: z.number().int().nullable(),
      /** head − cursor + 1 (blocks not yet scanned). */
      lag: z.number().int().nullable(),
      hotWallet: z.string().nullable(),
      enabled: z.boolean(),
    }),
  ),
  /** Each network's ledger against its chain. */
  treasury: z.array(chainReconciliation),
});
export type ChainStatus = z.infer<typeof chainStatus>;

/** GET /api/admin/deposits: every user's deposits, newest first, with what operators must look at. */
export const adminDeposit = depositRecord.extend({
  userId: z.string(),
  email: z.string(),
  blockNumber: z.number().int(),
  logIndex: z.number().int(),
  /** Why operators should look at it (e.g. reversed after a reorg), else null. */
  flag: z.string().nullable(),
  /** The ledger movement that credited it, and the one that took it back after a reorg. */
  movementId: z.string().nullable(),
  reversalMovementId: z.string().nullable(),
});
export type AdminDeposit = z.infer<typeof adminDeposit>;
export const adminDepositListQuery = pageQuerySchema.extend({
  status: z.enum(depositStatusList).optional(),
  network: networkName.optional(),
  /** One user's deposits (exact email, any case). */
  email: z
    .string()
    .trim()
    .max(254)
    .transform((email) => email.toLowerCase())
    .optional(),
  /** Only the flagged ones. */
  flagged: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

/** GET /api/admin/deposit/address?email&network: a user's deposit address (created when missing). */
export const adminDepositAddressQuery = z.object({ email: adminUserEmail, network: networkName });
export const adminDepositAddress = z.object({
  userId: z.string(),
  email: z.string(),
  network: z.enum(chainNetworks),
  token: z.string(),
  /** Checksummed. */
  address: z.string(),
  chainId: z.number().int(),
  /** The token contract to send from, and its decimals on the chain. */
  contractAddress: z.string(),
  chainDecimals: z.number().int(),
  /** Confirmations a deposit there needs before it is credited. */
  confirmations: z.number().int(),
});
export type AdminDepositAddress = z.infer<typeof adminDepositAddress>;
