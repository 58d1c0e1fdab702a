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
import { ok, routeGroup } from '../../plugins/route-group';

export async function adminWalletRoutes(
  base: FastifyInstance,
  { operations, db }: { operations: WalletOperations; db: Database },
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  routeGroup(app, { kind: 'admin', tag: 'admin' });

  app.post(
    '/api/admin/balances/adjust',
    {
      schema: {
        summary: "Add to (or, negative, take from) a user's available balance; never below zero",
        body: adminAdjustBody,
        response: { 200: okEnvelope(adminAdjustResult) },
      },
    },
    async (request) => ok(await operations.adjust(request.body, request.idempotency)),
  );

  app.post(
    '/api/admin/airdrop',
    {
      schema: {
        summary: 'Give the same amount to each listed email, or to every active user (all: true)',
        body: adminAirdropBody,
        response: { 200: okEnvelope(adminAirdropResult) },
      },
    },
    async (request) => ok(await operations.airdrop(request.body, request.idempotency)),
  );

  app.post(
    '/api/admin/vault/fund',
    {
      schema: {
        summary: "Move money from the operator's equity into a token's vault (negative: back)",
        body: adminVaultFundBody,
        response: { 200: okEnvelope(adminVaultFundResult) },
      },
    },
    async (request) => ok(await operations.fundVault(request.body, request.idempotency)),
  );

  app.get(
    '/api/admin/house',
    {
      schema: {
        summary: 'Balances of the house accounts (vaults, chain and equity)',
        response: { 200: okEnvelope(houseAccountList) },
      },
    },
    async () => ok(await operations.house()),
  );

  app.get(
    '/api/admin/ledger',
    {
      schema: {
        summary: "A user's balances and ledger entries, newest first",
        querystring: adminLedgerQuery,
        response: { 200: okEnvelope(adminLedger) },
      },
    },
    async (request) => ok(await operations.ledgerOf(request.query)),
  );

  app.get(
    '/api/admin/audit',
    {
      schema: {
        summary: 'Recompute every balance from the ledger and check conservation (as `npm run audit`)',
        response: { 200: okEnvelope(auditReport) },
      },
    },
    async () => ok(await runAudit(db)),
  );
}
