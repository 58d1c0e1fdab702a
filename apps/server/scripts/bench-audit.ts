// `npm run audit` over 1,000,000 ledger entries on PostgreSQL (TEST_DATABASE_URL; a scratch database
// is created and dropped). The ledger is bulk-inserted with generate_series as the service would
// have written it: 10,000 users, 500,000 movements of two postings each (a user credited from
// equity), with running balances. Prints the time of runAudit and of the whole CLI process.
//   npx tsx apps/server/scripts/bench-audit.ts [--entries=1000000]
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { loadTestSettings, repoRoot } from '../src/config';
import { openScratchPostgres } from '../src/db/scratch';
import { runAudit } from '../src/modules/ledger/audit';

const entries = Number(process.argv.find((a) => a.startsWith('--entries='))?.split('=')[1] ?? 1_000_000);
const USERS = 10_000;

function runCli(url: string) {
  return new Promise<{ code: number | null; stdout: string; ms: number }>((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/audit.ts'], {
      cwd: repoRoot,
      // A data directory with no server record: the CLI works on DATABASE_URL directly.
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: `${repoRoot}/.bench/audit-cli`, LOG_LEVEL: 'warn' },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, ms: performance.now() - started }));
  });
}

async function main() {
  const url = loadTestSettings().databaseUrl;
  if (!url) {
    console.log('  (set TEST_DATABASE_URL to time the audit on PostgreSQL)');
    return;
  }
  const movements = Math.floor(entries / 2);
  const database = await openScratchPostgres(url, 'bench_audit', { max: 2 });
  try {
    // Whole numbers written into the SQL (typed literals, not parameters).
    const M = sql.raw(String(movements));
    const U = sql.raw(String(USERS));
    let started = performance.now();
    // Written as a superuser would restore a dump: without firing the foreign-key triggers per row
    // (the data is consistent by construction). Without the privilege the triggers just run.
    const seed = async (replica: boolean) =>
      database.db.transaction(async (tx) => {
        const exec = (statement: ReturnType<typeof sql>) => tx.execute(statement);
        if (replica) await exec(sql`set local session_replication_role = replica`);
        await exec(sql`insert into users (email, password_hash, invite_code)
        select 'audit' || g || '@example.com', 'x', 'A' || g from generate_series(1, ${U}) g`);
        // Accounts 1..USERS belong to users 1..USERS; account USERS + 1 is the USDT equity.
        await exec(sql`insert into ledger_accounts (kind, owner, user_id, token, available, created_at, updated_at)
        select 'user', 'user:' || g, g, 'USDT', (${M} / ${U} + case when g <= ${M} % ${U} then 1 else 0 end) * 1.25, now(), now()
        from generate_series(1, ${U}) g order by g`);
        await exec(sql`insert into ledger_accounts (kind, owner, token, available, created_at, updated_at)
        values ('equity', 'equity', 'USDT', -${M} * 1.25, now(), now())`);
        await exec(sql`insert into ledger_movements (type, ref_type, ref_id, created_at)
        select 'airdrop', 'bench', g::text, now() from generate_series(1, ${M}) g order by g`);
        // Movement g credits user ((g - 1) % USERS) + 1 with 1.25 (its k-th credit, k = (g - 1) / USERS + 1).
        await exec(sql`insert into ledger_postings (movement_id, account_id, token, available_delta, frozen_delta, available_after, frozen_after)
        select g, case when side = 1 then (g - 1) % ${U} + 1 else ${U} + 1 end, 'USDT',
               case when side = 1 then 1.25 else -1.25 end, 0,
               case when side = 1 then ((g - 1) / ${U} + 1) * 1.25 else -g * 1.25 end, 0
        from generate_series(1, ${M}) g cross join (values (1), (2)) s(side)
        order by g, side`);
      });
    await seed(true).catch(() => seed(false));
    await database.db.execute(sql`analyze`);
    console.log(
      `  ${(entries / 1e6).toFixed(1)}M entries (${movements} movements, ${USERS} users) written in ${(
        (performance.now() - started) /
        1000
      ).toFixed(1)} s`,
    );

    started = performance.now();
    const report = await runAudit(database.db);
    const auditMs = performance.now() - started;
    if (!report.ok || report.postings !== movements * 2) {
      throw new Error(`unexpected audit: ${JSON.stringify(report).slice(0, 500)}`);
    }
    console.log(
      `  runAudit: ${(auditMs / 1000).toFixed(2)} s, no differences (${report.checks
        .map((c) => `${c.name} ${(c.tookMs / 1000).toFixed(2)} s`)
        .join(', ')})`,
    );
    const cli = await runCli(database.url);
    if (cli.code !== 0 || !cli.stdout.includes('Ledger audit: OK'))
      throw new Error(`npm run audit failed:\n${cli.stdout}`);
    console.log(
      `  npm run audit (whole process, start-up included): ${(cli.ms / 1000).toFixed(2)} s (target < 10 s)`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
