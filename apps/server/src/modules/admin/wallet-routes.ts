// /api/admin/* for money: adjust, airdrop, vault funding, house accounts, a user's ledger and the
// audit. Mutations honour Idempotency-Key (the CLI sends one per command), so a retry moves money once.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminAdjustBody,
  adminAdjustResult,
  adminAirdropBody,
  adminAirdropResult,
  adminLedger,
  adminLedgerQuery,
  adminVaultFundBody,
  adminVaultFundResult,
  auditReport,
  houseAccountList,
  okEnvelope,
} from '@tradeflip/contract';
import type { Database } from '../../db/client';
import { runAudit } from '../ledger/audit';
import type { WalletOperations } from '../wallet/operations';

const adminSecurity = [{ adminToken: [] }];

export async function adminWalletRoutes(
  base: FastifyInstance,
  { operations, db }: { operations: WalletOperations; db: Database },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/admin/balances/adjust',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary: "Add to (or, negative, take from) a user's available balance; never below zero",
        security: adminSecurity,
        body: adminAdjustBody,
        response: { 200: okEnvelope(adminAdjustResult) },
      },
    },
    async (request) => ({
      code: 0 as const,
      data: await operations.adjust(request.body, request.idempotency),
    }),
  );

  app.post(
    '/api/admin/airdrop',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary: 'Give the same amount to each listed email, or to every active user (all: true)',
        security: adminSecurity,
        body: adminAirdropBody,
        response: { 200: okEnvelope(adminAirdropResult) },
      },
    },
    async (request) => ({
      code: 0 as const,
      data: await operations.airdrop(request.body, request.idempotency),
    }),
  );

  app.post(
    '/api/admin/vault/fund',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary: "Move money from the operator's equity into a token's vault (negative: back)",
        security: adminSecurity,
        body: adminVaultFundBody,
        response: { 200: okEnvelope(adminVaultFundResult) },
      },
    },
    async (request) => ({
      code: 0 as const,
      data: await operations.fundVault(request.body, request.idempotency),
    }),
  );

  app.get(
    '/api/admin/house',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary: 'Balances of the house accounts (vaults, chain and equity)',
        security: adminSecurity,
        response: { 200: okEnvelope(houseAccountList) },
      },
    },
    async () => ({ code: 0 as const, data: await operations.house() }),
  );

  app.get(
    '/api/admin/ledger',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary: "A user's balances and ledger entries, newest first",
        security: adminSecurity,
        querystring: adminLedgerQuery,
        response: { 200: okEnvelope(adminLedger) },
      },
    },
    async (request) => ({ code: 0 as const, data: await operations.ledgerOf(request.query) }),
  );

  app.get(
    '/api/admin/audit',
    {
      config: { admin: true },
      schema: {
        tags: ['admin'],
        summary: 'Recompute every balance from the ledger and check conservation (as `npm run audit`)',
        security: adminSecurity,
        response: { 200: okEnvelope(auditReport) },
      },
    },
    async () => ({ code: 0 as const, data: await runAudit(db) }),
  );
}
