// Operations on money (/api/admin/*, issue 3): adjustments, airdrops, the vault, a user's ledger and
// the audit. Amounts are decimal strings.
import { z } from 'zod';
import { adminUserEmail, adminUserEmailBody } from './admin';
import { chainReconciliation, networkName } from './chain-wallet';
import { pageQuerySchema, pageSchema } from './envelope';
import { businessTypes, decimalString, flowEntry, tokenSymbol } from './wallet';

const reason = z
  .string({ error: 'validation.invalidRequest' })
  .trim()
  .min(1, { error: 'validation.invalidRequest' })
  .max(500, { error: 'validation.invalidRequest' });

/** POST /api/admin/balances/adjust: + or −; never takes a balance below zero. */
export const adminAdjustBody = adminUserEmailBody.extend({
  token: tokenSymbol,
  amount: decimalString,
  reason,
});
export type AdminAdjustBody = z.input<typeof adminAdjustBody>;
export const adminAccountBalance = z.object({
  token: z.string(),
  available: z.string(),
  frozen: z.string(),
});
export const adminAdjustResult = adminAccountBalance.extend({
  movementId: z.string(),
  email: z.string(),
  amount: z.string(),
});
export type AdminAccountBalance = z.infer<typeof adminAccountBalance>;
export type AdminAdjustResult = z.infer<typeof adminAdjustResult>;

/** POST /api/admin/airdrop: the same amount to each listed email, or to every user. */
export const adminAirdropBody = z
  .object({
    token: tokenSymbol,
    amount: decimalString,
    emails: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(254)
          .transform((email) => email.toLowerCase()),
      )
      .min(1)
      .max(100_000)
      .optional(),
    all: z.literal(true).optional(),
    memo: z.string().trim().max(500).optional(),
  })
  .refine((body) => (body.emails === undefined) !== (body.all === undefined), {
    error: 'validation.invalidRequest',
    path: ['emails'],
  });
export type AdminAirdropBody = z.input<typeof adminAirdropBody>;
export const adminAirdropResult = z.object({
  airdropId: z.string(),
  token: z.string(),
  amount: z.string(),
  users: z.number().int(),
  total: z.string(),
  movementIds: z.array(z.string()),
});
export type AdminAirdropResult = z.infer<typeof adminAirdropResult>;

/** POST /api/admin/vault/fund: from the operator's equity into the token's vault (negative: back). */
export const adminVaultFundBody = z.object({
  token: tokenSymbol,
  amount: decimalString,
  memo: reason.optional(),
});
export type AdminVaultFundBody = z.input<typeof adminVaultFundBody>;
export const houseAccount = z.object({
  kind: z.enum(['vault', 'chain', 'equity']),
  token: z.string(),
  network: z.string().nullable(),
  available: z.string(),
});
export const adminVaultFundResult = z.object({ movementId: z.string(), vault: houseAccount });
export const houseAccountList = z.object({ list: z.array(houseAccount) });
export type HouseAccount = z.infer<typeof houseAccount>;
export type AdminVaultFundResult = z.infer<typeof adminVaultFundResult>;

/**
 * POST /api/admin/hot-wallet/fund: tokens the operator sent to a network's hot wallet (negative: took
 * out of it), booked against equity so the ledger's chain account still meets the chain.
 */
export const adminHotWalletFundBody = z.object({
  network: networkName,
  token: tokenSymbol,
  amount: decimalString,
  memo: reason,
});
export type AdminHotWalletFundBody = z.input<typeof adminHotWalletFundBody>;
export const adminHotWalletFundResult = z.object({ movementId: z.string(), chain: houseAccount });
export type AdminHotWalletFundResult = z.infer<typeof adminHotWalletFundResult>;
export type HouseAccountList = z.infer<typeof houseAccountList>;

/** GET /api/admin/ledger?email: a user's balances and entries, newest first. */
export const adminLedgerQuery = pageQuerySchema.extend({
  email: adminUserEmail,
  token: tokenSymbol.optional(),
  type: z.enum(businessTypes).optional(),
});
export const adminLedgerEntry = flowEntry.extend({ movementId: z.string() });
export const adminLedger = pageSchema(adminLedgerEntry).extend({
  user: z.object({ id: z.string(), email: z.string() }),
  balances: z.array(adminAccountBalance),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntry>;
export type AdminLedger = z.infer<typeof adminLedger>;

/** GET /api/admin/audit: the ledger audit of `npm run audit`. */
export const auditChecks = [
  'balance',
  'conservation',
  'negative',
  'running_balance',
  'empty_movement',
  /** A user's frozen balance equals what holds it (open positions, withdrawals under way). */
  'frozen',
  /** What each vault owes (its running exposure) equals the profit caps of the open positions. */
  'exposure',
  /** Each network's chain account equals the tokens on chain (within CHAIN_RECONCILE_TOLERANCE). */
  'chain',
] as const;
export const auditDifference = z.object({ check: z.enum(auditChecks), detail: z.string() });
export type AuditDifference = z.infer<typeof auditDifference>;
export const auditReport = z.object({
  ok: z.boolean(),
  accounts: z.number().int(),
  movements: z.number().int(),
  postings: z.number().int(),
  tokens: z.array(
    z.object({
      token: z.string(),
      usersAvailable: z.string(),
      usersFrozen: z.string(),
      vault: z.string(),
      chain: z.string(),
      equity: z.string(),
      /** Over all accounts: 0 when money is conserved. */
      sum: z.string(),
    }),
  ),
  checks: z.array(
    z.object({ name: z.enum(auditChecks), differences: z.number().int(), tookMs: z.number().int() }),
  ),
  /** The first differences of each check. */
  differences: z.array(auditDifference),
  /** Each network's chain account against the chain (absent when the audit ran without chains). */
  chains: z.array(chainReconciliation).optional(),
  tookMs: z.number().int(),
});
export type AuditReport = z.infer<typeof auditReport>;
