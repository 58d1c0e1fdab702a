// `npm run audit`: recomputes every balance from the ledger and checks conservation, that no user or
// vault balance is negative, that every entry's balances-after are the running sums and that each
// user's frozen balance is what holds it (open positions, withdrawals under way). Works through
// the running server's admin API, else on the database itself (embedded PGlite or DATABASE_URL).
// Prints a summary; exits 1 on any difference.  Options: --json prints the report as JSON.
import { randomUUID } from 'node:crypto';
import type { AuditReport } from '@tradeflip/api';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { formatAudit, runAudit } from '../modules/ledger/audit';
import { CliError, readArgs } from './command-kit';
import { viaServer } from './connection';
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
  const server = await viaServer(config, { idempotencyKey: `audit-${randomUUID()}` });
  if (server) {
    report = await server.api.call<AuditReport>('GET', '/api/admin/audit');
    via = server.via;
  } else {
    const database = await openDatabase(config);
    try {
      report = await runAudit(database.db);
      via = database.driver === 'pglite' ? `the database in ${config.dataDir}/db` : 'the PostgreSQL database';
    } finally {
      await database.close();
    }
  }
  console.log(json ? JSON.stringify(report, null, 2) : formatAudit(report));
  console.error(`(via ${via}; ${Math.round(performance.now() - started)} ms in all)`);
  return report.ok ? 0 : 1;
}

runCli(main);
