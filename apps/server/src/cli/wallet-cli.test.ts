// The money commands as an operator runs them: `npm run admin -- balance:adjust|airdrop|vault:fund|
// ledger:show` and `npm run audit`, with no server (the CLI opens the database) and through a running
// server, and an audit that fails on a tampered database.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { openPostgres } from '../db/client';
import { cliWorkspace, runCliScript } from '../test/cli';
import { call, describeEachTarget, registerUser } from '../test/harness';

// Each command is a new Node process under tsx: seconds apiece, many more on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

const run = runCliScript;

describeEachTarget('money CLI', (target) => {
  const workspace = cliWorkspace(target, 'tf-money-cli-');
  const env = workspace.env;
  const users: { email: string; token: string }[] = [];

  it('adjusts, airdrops from a file and audits with no server running', async () => {
    const server = await workspace.startServer();
    for (let i = 0; i < 2; i++) users.push(await registerUser(server.t));
    await server.close();

    const [a, b] = users as [{ email: string }, { email: string }, ...unknown[]];
    const file = path.join(workspace.dataDir, 'emails.txt');
    fs.writeFileSync(file, `# promo list\n${a.email}\n\n  ${b.email.toUpperCase()}  \n`);
    // PostgreSQL takes both at once; the embedded database one process at a time.
    const commands = [
      ['balance:adjust', a.email, 'USDT', '100', '--reason', 'welcome bonus'],
      ['airdrop', 'USDT', '5', '--emails', file, '--memo', 'launch'],
    ];
    const [adjusted, airdropped] = workspace.databaseUrl
      ? await Promise.all(commands.map((args) => run('admin', args, env())))
      : [await run('admin', commands[0]!, env()), await run('admin', commands[1]!, env())];
    expect(adjusted!.stdout).toMatch(
      new RegExp(`Adjusted ${a.email.replace(/[.+]/g, '\\$&')} USDT by 100 \\(movement \\d+\\)`),
    );
    expect(adjusted!.stderr).toMatch(/\(Idempotency-Key cli-[\w-]+\)/);
    expect(adjusted!.code).toBe(0);
    expect(airdropped!.stdout).toMatch(/Airdropped 5 USDT to 2 user\(s\), 10 USDT in all/);
    expect(airdropped!.code).toBe(0);

    const audit = await run('audit', [], env());
    expect(audit.stdout).toContain('Ledger audit: OK');
    expect(audit.stdout).toMatch(/USDT\s+110\s+0\s+0\s+0\s+-110\s+0/);
    expect(audit.stderr).toContain(
      workspace.databaseUrl ? '(via the PostgreSQL database' : `(via the database in ${workspace.dataDir}/db`,
    );
    expect(audit.code).toBe(0);
  });

  if (target.name === 'pglite') {
    it('funds the vault, refuses to go below zero, repeats safely and shows the ledger through the server', async () => {
      const server = await workspace.serve();
      const { record } = server;
      try {
        const [a] = users as [{ email: string; token: string }];
        const via = `(via the running server at ${record.url}`;
        const [funded, refused, first] = await Promise.all([
          run('admin', ['vault:fund', 'usdt', '50'], env()),
          run('admin', ['balance:adjust', a.email, 'USDT', '-1000', '--reason', 'too much'], env()),
          run(
            'admin',
            ['balance:adjust', a.email, 'BTC', '0.25', '--reason', 'once', '--idempotency-key', 'op-42'],
            env(),
          ),
        ]);
        expect(funded.stdout).toMatch(/The USDT vault holds 50 \(movement \d+\)/);
        expect(funded.stderr).toContain(via);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('Refused: the balance would go below zero (105 USDT available)');
        expect(first.code).toBe(0);

        const [again, ledger, usage] = await Promise.all([
          run(
            'admin',
            ['balance:adjust', a.email, 'BTC', '0.25', '--reason', 'once', '--idempotency-key=op-42'],
            env(),
          ),
          run('admin', ['ledger:show', a.email], env()),
          run('admin', ['balance:adjust', a.email, 'USDT', '1'], env()),
        ]);
        expect(usage.code).toBe(1);
        expect(usage.stderr).toContain('usage: balance:adjust EMAIL TOKEN AMOUNT --reason TEXT');
        expect(again.stdout).toBe(first.stdout);
        expect(again.stderr).toContain('(Idempotency-Key op-42)');
        expect(ledger.code).toBe(0);
        expect(ledger.stdout).toMatch(/USDT\s+105\s+0/);
        expect(ledger.stdout).toMatch(/airdrop\s+5\s+0\s+105\s+0\s+airdrop:[\w-]+\s+launch/);
        expect(ledger.stdout).toMatch(/admin_adjust\s+100\s+0\s+100\s+0\s+admin\s+welcome bonus/);
        expect(ledger.stdout).toContain('entries; page 1 of 1');

        const balances = await call(server.app, 'GET', '/api/app/asset/balances', { token: a.token });
        const list = balances.body.data!.list as { token: string; available: string }[];
        expect(list.find((x) => x.token === 'BTC')!.available).toBe('0.25');

        const audit = await run('audit', [], env());
        expect(audit.stdout).toContain('Ledger audit: OK');
        expect(audit.stderr).toContain(via);
        expect(audit.code).toBe(0);
      } finally {
        await server.close();
      }
    });
  } else {
    it('fails the audit, exiting 1, when a balance differs from its ledger', async () => {
      const database = await openPostgres(workspace.databaseUrl!, { max: 1 });
      try {
        await database.db.execute(
          sql`update ledger_accounts set available = available + 1 where kind = 'vault' or owner like 'user:%'`,
        );
      } finally {
        await database.close();
      }
      const audit = await run('audit', ['--json'], env());
      expect(audit.code).toBe(1);
      const report = JSON.parse(audit.stdout) as {
        ok: boolean;
        checks: { name: string; differences: number }[];
      };
      expect(report.ok).toBe(false);
      expect(report.checks.find((c) => c.name === 'balance')!.differences).toBe(2);
      const text = await run('admin', ['audit'], env());
      expect(text.code).toBe(1);
      expect(text.stderr).toContain('Ledger audit: DIFFERENCES FOUND');
    });
  }
});
