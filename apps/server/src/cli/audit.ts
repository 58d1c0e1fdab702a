// `npm run audit`: recomputes every balance from the ledger and checks conservation, that no user or
// vault balance is negative, that every entry's balances-after are the running sums and that each
// user's frozen balance is what holds it (open positions, withdrawals under way), and compares each
// network's chain account with the tokens on chain (deposit/reconcile.ts). Works through
// the running server's admin API, else on the database itself (embedded PGlite or DATABASE_URL).
// Prints a summary; exits 1 on any difference.  Options: --json prints the report as JSON.
import { randomUUID } from 'node:crypto';
import type { AuditReport } from '@tradeflip/api';
import { loadConfig } from '../config';
import { formatReconciliation } from '../modules/deposit/reconcile';
import { formatAudit } from '../modules/ledger/audit';
import { CliError, readArgs } from './command-kit';
import { connect, viaServer } from './connection';
import { runCli } from './run-cli';

async function main(args: string[]): Promise<number> {
  let json: boolean;
  try {
    json =
      readArgs(args, { usage: 'npm run audit [-- --json]', options: { json: { type: 'boolean' } } }).values
        .json === true;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    console.error(error.message);
    return 2;
  }
  const config = loadConfig();
  const started = performance.now();
  let report: AuditReport;
  let via: string;
  const idempotencyKey = `audit-${randomUUID()}`;
  let note = '';
  const server = await viaServer(config, { idempotencyKey });
  if (server) {
    report = await server.api.call<AuditReport>('GET', '/api/admin/audit');
    via = server.via;
  } else {
    const connection = await connect(config, { idempotencyKey });
    try {
      report = await connection.api.call<AuditReport>('GET', '/api/admin/audit');
      via = connection.via;
    } finally {
      await connection.close();
    }
    if (config.chains.mode === 'local') {
      note =
        'Chains: not compared: the local chains run inside the server, which is not running (npm start).';
    }
  }
  if (config.chains.mode === 'off')
    note = 'Chains: off (CHAINS=off): the ledger is not compared with any chain.';
  const chains = report.chains ?? [];
  const text = [
    formatAudit(report),
    ...(chains.length > 0
      ? ['', 'Chains (the ledger against the chain):', ...formatReconciliation(chains)]
      : []),
    ...(note ? ['', note] : []),
  ].join('\n');
  console.log(json ? JSON.stringify(report, null, 2) : text);
  console.error(`(via ${via}; ${Math.round(performance.now() - started)} ms in all)`);
  return report.ok ? 0 : 1;
}

runCli(main);
