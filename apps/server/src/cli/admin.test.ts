// `npm run admin` as an operator runs it: once with no server (the CLI opens the database) and once
// while a server runs on the data directory (the CLI goes through the admin API).
import { expect, it, vi } from 'vitest';
import { loadTestSettings } from '../config';
import { databaseId } from '../db/identity';
import { RedisRelay, relayChannel } from '../modules/market/relay';
import { cliWorkspace, runCliScript } from '../test/cli';
import { call, describeEachTarget, registerUser } from '../test/harness';

// Each command is a new Node process under tsx: seconds apiece, many more on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

const runCli = (args: string[], env: Record<string, string>) => runCliScript('admin', args, env);

describeEachTarget('admin CLI', (target) => {
  const workspace = cliWorkspace(target, 'tf-cli-');
  const env = workspace.env;
  let frozenWithoutServer: string | undefined;

  it('freezes a user with no server running (opening the database itself)', async () => {
    // Create a user through the app, then stop it so that nothing runs.
    const server = await workspace.startServer();
    const { email } = await registerUser(server.t);
    await server.app.close();
    if (target.name === 'pglite') await server.database.close();

    const result = await runCli(['user:freeze', email], env());
    expect(result.stderr).toContain(
      target.name === 'pglite'
        ? `(via the database in ${workspace.dataDir}/db)`
        : '(via the PostgreSQL database)',
    );
    expect(result.stdout).toContain(`Frozen ${email}`);
    expect(result.code).toBe(0);
    frozenWithoutServer = email;
    if (target.name === 'postgres') await server.database.close();
  });

  it('freezes a user through the running server, which signs the open app out', async () => {
    const server = await workspace.serve();
    const { record } = server;
    try {
      const { email, token } = await registerUser(server.t);
      expect((await call(server.app, 'GET', '/api/app/user/me', { token })).status).toBe(200);

      const result = await runCli(['user:freeze', email.toUpperCase()], env());
      expect(result.stderr).toContain(`(via the running server at ${record.url})`);
      expect(result.stdout).toContain(`Frozen ${email}`);
      expect(result.code).toBe(0);

      const me = await call(server.app, 'GET', '/api/app/user/me', { token });
      expect(me.body).toEqual({
        code: 401,
        reason: 'user_frozen',
        msg: 'Account frozen. Please contact support.',
      });

      const list = await runCli(['user:list', '--status', 'frozen'], env());
      expect(list.code).toBe(0);
      for (const frozen of [email, frozenWithoutServer]) {
        expect(list.stdout).toMatch(new RegExp(`\\s${String(frozen).replace(/[.+]/g, '\\$&')}\\s+frozen\\s`));
      }

      const unknown = await runCli(['user:unfreeze', 'nobody@example.com'], env());
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('This email is not registered');

      const usage = await runCli(['user:freeze'], env());
      expect(usage.code).toBe(1);
      expect(usage.stderr).toContain('usage: user:freeze EMAIL');
    } finally {
      await server.close();
    }
  });

  it('closes a user’s live connections on the running server', async () => {
    const server = await workspace.serve();
    try {
      const { email } = await registerUser(server.t);
      const result = await runCli(['user:disconnect', email], env());
      expect(result.stdout).toContain(`Closed 0 live connections of ${email}.`);
      expect(result.code).toBe(0);
    } finally {
      await server.close();
    }
  });

  it.runIf(target.name === 'postgres' && loadTestSettings().redisUrl)(
    'skips a running server it has no ADMIN_TOKEN for, and ends cleanly while the relay carries ticks',
    async () => {
      const server = await workspace.serve();
      const redisUrl = loadTestSettings().redisUrl!;
      // Another API process's ticks: the CLI's app hears them and starts loading the market.
      const leader = new RedisRelay(redisUrl, undefined, relayChannel(await databaseId(server.database.db)));
      await leader.listening();
      const ticks = setInterval(
        () =>
          leader.publish({ kind: 'ticks', list: [{ symbol: 'BTCUSDT', price: '50000', time: Date.now() }] }),
        5,
      );
      try {
        const { ADMIN_TOKEN: _, ...withoutToken } = env();
        const result = await runCli(['user:list'], { ...withoutToken, REDIS_URL: redisUrl });
        expect(result.stderr).toContain(
          `A server is running at ${server.record.url} (pid ${process.pid}) but no ADMIN_TOKEN was given: ` +
            'working on the PostgreSQL database directly.',
        );
        expect(result.stderr).toContain('(via the PostgreSQL database)');
        expect(result.stdout).toContain('user(s)');
        expect(result.stderr).not.toContain('Error');
        expect(result.code).toBe(0);
      } finally {
        clearInterval(ticks);
        await leader.close();
        await server.close();
      }
    },
  );

  it('refuses an unknown option, a stray argument or a missing value with the usage, reaching nothing', async () => {
    const [unknown, stray, missing, key] = await Promise.all([
      runCli(['user:list', '--bogus', 'x'], env()),
      runCli(['house:show', 'extra'], env()),
      runCli(['balance:adjust', 'a@example.com', 'USDT', '-5', '--reason'], env()),
      runCli(['vault:fund', 'USDT', '-0.5', '--idempotency-key'], env()),
    ]);
    expect(unknown.stderr).toContain('unknown option --bogus\nusage: user:list [--email PART]');
    expect(stray.stderr).toContain('unexpected argument extra\nusage: house:show');
    expect(missing.stderr).toContain("'--reason <value>' argument missing");
    expect(missing.stderr).toContain('usage: balance:adjust EMAIL TOKEN AMOUNT --reason TEXT');
    expect(key.stderr).toContain("'--idempotency-key <value>' argument missing");
    for (const result of [unknown, stray, missing, key]) {
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).not.toContain('(via ');
    }
  });
});
