// /api/admin/* for money: adjust, airdrop, vault funding, house accounts, a user's ledger and the
// audit. Mutations honour Idempotency-Key (the CLI sends one per command), so a retry moves money once.
import type { FastifyInstance } from 'fastify';
import * as routes from '@tradeflip/api/routes';
import type { Database } from '../../db/client';
import { withChains, type Treasury } from '../deposit/reconcile';
import { runAudit } from '../ledger/audit';
import type { WalletOperations } from '../wallet/operations';
import { routeGroup, serveRoute } from '../../plugins/route-group';

export async function adminWalletRoutes(
  app: FastifyInstance,
  { operations, db, treasury }: { operations: WalletOperations; db: Database; treasury: Treasury },
) {
  routeGroup(app, { kind: 'admin', tag: 'admin' });
  const { admin } = routes;

  serveRoute(
    app,
    admin.adjust,
    { summary: "Add to (or, negative, take from) a user's available balance; never below zero" },
    (request) => operations.adjust(request.body, request.idempotency),
  );

  serveRoute(
    app,
    admin.airdrop,
    { summary: 'Give the same amount to each listed email, or to every active user (all: true)' },
    (request) => operations.airdrop(request.body, request.idempotency),
  );

  serveRoute(
    app,
    admin.fundVault,
    { summary: "Move money from the operator's equity into a token's vault (negative: back)" },
    (request) => operations.fundVault(request.body, request.idempotency),
  );

  serveRoute(
    app,
    admin.fundHotWallet,
    {
      summary:
        "Book tokens sent to a network's hot wallet (negative: taken out), so the ledger still meets the chain",
    },
    (request) => operations.fundHotWallet(request.body, request.idempotency),
  );

  serveRoute(app, admin.house, { summary: 'Balances of the house accounts (vaults, chain and equity)' }, () =>
    operations.house(),
  );

  serveRoute(
    app,
    admin.ledger,
    { summary: "A user's balances and ledger entries, newest first" },
    (request) => operations.ledgerOf(request.query),
  );

  serveRoute(
    app,
    admin.audit,
    {
      summary:
        'Recompute every balance from the ledger, check conservation, and compare each chain account with the chain (as `npm run audit`)',
    },
    async () => {
      const report = await runAudit(db);
      const started = performance.now();
      const chains = await treasury.reconcile();
      return withChains(report, chains, Math.round(performance.now() - started));
    },
  );
}
