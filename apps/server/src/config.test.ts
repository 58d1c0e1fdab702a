import fs from 'node:fs';
import path from 'node:path';
import { HDKey } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { accountXpubOf } from './chain/hd';
import { ConfigError, maskSecrets, parseConfig, repoRoot, secretsOf } from './config';

describe('config', () => {
  it('has working defaults for the embedded mode', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.join(repoRoot, 'data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      adminToken: undefined,
      webDist: path.join(repoRoot, 'apps/web/dist'),
      logLevel: 'info',
      trustProxy: false,
      bodyLimit: 65536,
      sessionTtlSeconds: 30 * 86400,
    });
    expect(config.rateLimits.codeEmailSeconds).toBe(60);
    expect(config.rateLimits.loginEmail).toEqual({ max: 10, windowSeconds: 900 });
    // Found from the file's location, whatever the working directory.
    expect(JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).name).toBe('tradeflip');
  });

  it('reads every variable', () => {
    const config = parseConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/tradeflip',
      DATABASE_URL: 'postgres://u:p@db:5432/tf',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtps://user:pass@mail.example.com',
      MAIL_FROM: 'TradeFlip <no-reply@example.com>',
      ADMIN_TOKEN: 'a-long-admin-token-value',
      WEB_DIST: '/srv/web',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      RATE_LIMIT_LOGIN_IP: 'off',
      RATE_LIMIT_CODE_IP: '5/60',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/srv/tradeflip',
      databaseUrl: 'postgres://u:p@db:5432/tf',
      redisUrl: 'redis://cache:6379',
      smtpUrl: 'smtps://user:pass@mail.example.com',
      mailFrom: 'TradeFlip <no-reply@example.com>',
      adminToken: 'a-long-admin-token-value',
      webDist: '/srv/web',
      logLevel: 'warn',
      trustProxy: 1,
    });
    expect(config.rateLimits.loginIp).toBeNull();
    expect(config.rateLimits.codeIp).toEqual({ max: 5, windowSeconds: 60 });
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(parseConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('stops with a message naming each bad variable', () => {
    const attempt = () =>
      parseConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        RATE_LIMIT_LOGIN_IP: 'lots',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT must be a whole number from 0 to 65535 (got "eighty")');
      expect(message).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
      expect(message).toContain('LOG_LEVEL must be one of');
      expect(message).toContain('RATE_LIMIT_LOGIN_IP must be "MAX/SECONDS"');
    }
    expect(() => parseConfig({ SMTP_URL: 'smtp://mail' })).toThrow(
      'MAIL_FROM is required when SMTP_URL is set',
    );
    expect(() => parseConfig({ ADMIN_TOKEN: 'short' })).toThrow('ADMIN_TOKEN must be at least 16 characters');
  });
});

describe('chain config', () => {
  const mnemonic =
    'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
  // External chains are production: they run on PostgreSQL only.
  const database = { DATABASE_URL: 'postgres://tf@db:5432/tf' };

  it('runs the local development chains by default', () => {
    expect(parseConfig({}).chains).toEqual({
      mode: 'local',
      networks: [],
      depositKey: undefined,
      hotWalletKey: undefined,
      pollMs: 1000,
      logRange: 500,
      localBlockTimeSeconds: 1,
      sweepMin: '10',
      reconcileTolerance: '0',
      lowGas: '0.05',
      // No public explorer knows the local chains' transactions.
      explorers: {},
    });
    expect(parseConfig({ CHAINS: 'off' }).chains.mode).toBe('off');
    expect(parseConfig({ LOCAL_CHAIN_BLOCK_TIME: '0.25' }).chains.localBlockTimeSeconds).toBe(0.25);
    expect(parseConfig({ SWEEP_MIN_USDT: '2.5', CHAIN_RECONCILE_TOLERANCE: '0.01' }).chains).toMatchObject({
      sweepMin: '2.5',
      reconcileTolerance: '0.01',
    });
    expect(() => parseConfig({ SWEEP_MIN_USDT: '-1' })).toThrow(
      /SWEEP_MIN_USDT must be an amount of 0 or more/,
    );
  });

  it('links deposits and withdrawals to a block explorer per network, configurable', () => {
    const external = { ...database, ETH_RPC_URL: 'https://eth.example.com', DEPOSIT_MNEMONIC: mnemonic };
    expect(
      parseConfig({ ...external, ERC20_EXPLORER_URL: 'https://eth.blockscout.com/', BEP20_EXPLORER_URL: '' })
        .chains.explorers,
    ).toEqual({ ERC20: 'https://eth.blockscout.com/' });
    expect(parseConfig({ BEP20_EXPLORER_URL: 'http://127.0.0.1:4000' }).chains.explorers).toEqual({
      BEP20: 'http://127.0.0.1:4000',
    });
    expect(() => parseConfig({ ERC20_EXPLORER_URL: 'etherscan.io' })).toThrow(/ERC20_EXPLORER_URL/);
  });

  it('goes external when an RPC URL is set, with the real USDT contracts by default', () => {
    const chains = parseConfig({
      ...database,
      ETH_RPC_URL: 'https://eth.example.com/v2/key',
      DEPOSIT_MNEMONIC: `  ${mnemonic.replace(/ /g, '   ')} `,
      HOT_WALLET_PRIVATE_KEY: `0x${'ab'.repeat(32)}`,
      CHAIN_POLL_MS: '4000',
      CHAIN_LOG_RANGE: '2000',
    }).chains;
    expect(chains).toEqual({
      mode: 'external',
      networks: [
        {
          network: 'ERC20',
          rpcUrl: 'https://eth.example.com/v2/key',
          chainId: 1,
          tokenAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
          tokenDecimals: 6,
        },
      ],
      depositKey: { mnemonic },
      hotWalletKey: { privateKey: `0x${'ab'.repeat(32)}` },
      pollMs: 4000,
      logRange: 2000,
      localBlockTimeSeconds: 1,
      sweepMin: '10',
      reconcileTolerance: '0',
      lowGas: '0.05',
      explorers: { ERC20: 'https://etherscan.io', BEP20: 'https://bscscan.com' },
    });
    const xpub = accountXpubOf(mnemonic);
    const both = parseConfig({
      ...database,
      BSC_RPC_URL: 'https://bsc.example.com',
      ETH_RPC_URL: 'https://eth.example.com',
      DEPOSIT_XPUB: xpub,
      HOT_WALLET_MNEMONIC: mnemonic,
      ETH_CHAIN_ID: '11155111',
      BSC_CHAIN_ID: '97',
      BSC_USDT_CONTRACT: '0x0000000000000000000000000000000000000bsc'.replace('bsc', 'b5c'),
      BSC_USDT_DECIMALS: '6',
    }).chains;
    expect(both.networks.map((n) => [n.network, n.chainId, n.tokenDecimals])).toEqual([
      ['ERC20', 11155111, 6],
      ['BEP20', 97, 6],
    ]);
    expect(both.networks[1]!.tokenAddress).toBe('0x0000000000000000000000000000000000000b5c');
    expect(both.depositKey).toEqual({ xpub });
    expect(both.hotWalletKey).toEqual({ mnemonic });
  });

  it('stops on bad chain settings, naming the variable and never echoing a key', () => {
    const problems = (env: Record<string, string>) => {
      try {
        parseConfig({ ...database, ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems;
      }
      throw new Error('expected a ConfigError');
    };
    expect(problems({ CHAINS: 'remote' })).toEqual([
      'CHAINS must be one of local, external, off (got "remote")',
    ]);
    expect(problems({ CHAINS: 'external' })).toEqual([
      'ETH_RPC_URL or BSC_RPC_URL is required when CHAINS=external',
      'DEPOSIT_XPUB or DEPOSIT_MNEMONIC is required with external chains (ETH_RPC_URL / BSC_RPC_URL)',
    ]);
    expect(problems({ BSC_RPC_URL: 'ws://bsc', DEPOSIT_MNEMONIC: mnemonic })).toEqual([
      'BSC_RPC_URL must be an http:// or https:// URL',
    ]);
    expect(
      problems({
        ETH_RPC_URL: 'https://eth',
        DEPOSIT_MNEMONIC: 'secret words that are not a mnemonic',
        HOT_WALLET_PRIVATE_KEY: '0xsecret',
        ETH_USDT_CONTRACT: '0x123',
        ETH_USDT_DECIMALS: '19',
        CHAIN_LOG_RANGE: '0',
        LOCAL_CHAIN_BLOCK_TIME: 'fast',
      }),
    ).toEqual([
      'ETH_USDT_CONTRACT must be a 0x address of 40 hex digits (got "0x123")',
      'ETH_USDT_DECIMALS must be a whole number from 0 to 18 (got "19")',
      'DEPOSIT_MNEMONIC must be a valid BIP-39 mnemonic (English words, correct checksum)',
      'HOT_WALLET_PRIVATE_KEY must be 0x followed by 64 hex digits',
      'CHAIN_LOG_RANGE must be a whole number from 1 to 100000 (got "0")',
      'LOCAL_CHAIN_BLOCK_TIME must be a number of seconds above 0 and at most 3600 (got "fast")',
    ]);
    const secretXpub = 'xpub-that-is-not-one';
    const xpubProblems = problems({ ETH_RPC_URL: 'https://eth', DEPOSIT_XPUB: secretXpub });
    expect(xpubProblems).toHaveLength(1);
    expect(xpubProblems[0]).toMatch(/^DEPOSIT_XPUB is not a usable extended public key/);
    expect(xpubProblems[0]).not.toContain(secretXpub);
    // An xpub of the wrong level would give addresses no wallet finds.
    expect(
      problems({
        ETH_RPC_URL: 'https://eth',
        DEPOSIT_XPUB: HDKey.fromMasterSeed(new Uint8Array(32)).publicExtendedKey!,
      }),
    ).toEqual([
      expect.stringMatching(/^DEPOSIT_XPUB is not a usable extended public key: Expected the account-level/),
    ]);
    expect(
      problems({
        ETH_RPC_URL: 'https://eth',
        DEPOSIT_MNEMONIC: mnemonic,
        DEPOSIT_XPUB: accountXpubOf(mnemonic),
      }),
    ).toEqual(['DEPOSIT_XPUB and DEPOSIT_MNEMONIC are both set: set one']);
  });
});

/** The problems parseConfig names for `env`, or [] when it parses. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
}

describe('config fails closed', () => {
  const mnemonic =
    'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
  const database = { DATABASE_URL: 'postgres://tf@db:5432/tf' };

  it('stops on a misspelled setting, naming it and the setting it looks like', () => {
    expect(problemsOf({ DATABSE_URL: 'postgres://tf@db/tf' })).toEqual([
      'DATABSE_URL is not a setting; did you mean DATABASE_URL?',
    ]);
    expect(problemsOf({ REDIS_ULR: 'redis://cache:6379', ...database })).toEqual([
      'REDIS_ULR is not a setting; did you mean REDIS_URL?',
    ]);
    expect(problemsOf({ ADMIN_TOKN: 'x', LOGLEVEL: 'debug', RATE_LIMT_API_IP: 'off' })).toEqual([
      'ADMIN_TOKN is not a setting; did you mean ADMIN_TOKEN?',
      'LOGLEVEL is not a setting; did you mean LOG_LEVEL?',
      'RATE_LIMT_API_IP is not a setting; did you mean RATE_LIMIT_API_IP?',
    ]);
    // Short names: one edit (PORT, HOST are two edits from half the four-letter words).
    expect(problemsOf({ PROT: '80' })).toEqual(['PROT is not a setting; did you mean PORT?']);
    expect(problemsOf({ HOTS: '::' })).toEqual(['HOTS is not a setting; did you mean HOST?']);
  });

  it('never takes a variable of the machine, or a setting, for a misspelling', () => {
    const machine = {
      PATH: '/usr/bin',
      HOME: '/home/tf',
      HOSTNAME: 'box',
      PWD: '/srv',
      TERM: 'xterm',
      SHELL: '/bin/sh',
      USER: 'tf',
      LANG: 'C.UTF-8',
      LC_ALL: 'C',
      TZ: 'UTC',
      TMPDIR: '/tmp',
      CI: 'true',
      MAIL: '/var/mail/tf',
      NODE_ENV: 'production',
      NODE_OPTIONS: '--max-old-space-size=512',
      npm_config_cache: '/tmp/npm',
      npm_lifecycle_event: 'start',
      INIT_CWD: '/srv',
      PGHOST: 'db',
      PGPORT: '5432',
      TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1/test',
      TEST_REDIS_URL: 'redis://127.0.0.1',
      // Near PORT or HOST by two edits, and nothing of ours.
      SORT_ORDER: 'x',
      POSTS: 'x',
      HOPE: 'x',
      // A common deployment variable two edits from a short setting (SMTP_URL).
      SITE_URL: 'https://example.com',
      lowercase_database_url: 'x',
    };
    expect(problemsOf(machine)).toEqual([]);
    // Settings near each other are each themselves.
    expect(problemsOf({ ETH_CHAIN_ID: '1', BSC_CHAIN_ID: '56', PORT: '80', HOST: '::' })).toEqual([]);
  });

  it('runs no part of production on the embedded database', () => {
    const problem = (parts: string) =>
      `DATABASE_URL is required by ${parts}: the embedded database (DATA_DIR/db) and its demo vault are for the embedded default only`;
    expect(problemsOf({ PRICE_FEED: 'binance' })).toEqual([problem('PRICE_FEED=binance')]);
    expect(problemsOf({ SMTP_URL: 'smtp://mail', MAIL_FROM: 'a@b.c' })).toEqual([problem('SMTP_URL')]);
    expect(problemsOf({ HOT_WALLET_MNEMONIC: mnemonic, CHAINS: 'off' })).toEqual([
      problem('HOT_WALLET_MNEMONIC'),
    ]);
    expect(problemsOf({ HOT_WALLET_PRIVATE_KEY: `0x${'ab'.repeat(32)}` })).toEqual([
      problem('HOT_WALLET_PRIVATE_KEY'),
    ]);
    expect(
      problemsOf({ CHAINS: 'external', BSC_RPC_URL: 'https://bsc', DEPOSIT_MNEMONIC: mnemonic }),
    ).toEqual([problem('CHAINS=external, BSC_RPC_URL, DEPOSIT_MNEMONIC')]);
    expect(problemsOf({ ETH_RPC_URL: 'https://eth', DEPOSIT_XPUB: accountXpubOf(mnemonic) })).toEqual([
      problem('ETH_RPC_URL, DEPOSIT_XPUB'),
    ]);
    // With PostgreSQL each is fine; the embedded default itself (local chains, simulated feed) too.
    expect(
      problemsOf({ ...database, PRICE_FEED: 'binance', SMTP_URL: 'smtp://mail', MAIL_FROM: 'a@b.c' }),
    ).toEqual([]);
    expect(problemsOf({ CHAINS: 'local', PRICE_FEED: 'simulated' })).toEqual([]);
    // The test-only escape a test of such a part on the embedded database uses.
    expect(problemsOf({ PRICE_FEED: 'binance', TEST_EMBEDDED_PRODUCTION: '1' })).toEqual([]);
    expect(problemsOf({ TEST_EMBEDDED_PRODUCTION: 'yes' })).toEqual([
      'TEST_EMBEDDED_PRODUCTION must be 1 or unset (got "yes")',
    ]);
  });

  it('never prints a secret in a configuration error', () => {
    const secrets = {
      ADMIN_TOKEN: 'tiny-token',
      DATABASE_URL: 'mysql://tf:db-pass-1@db/tf',
      REDIS_URL: 'http://:redis-pass-2@cache:6379',
      SMTP_URL: 'smtp://mailer:smtp-pass-3@mail',
      ETH_RPC_URL: 'wss://u:rpc-pass-4@eth.example.com/v2/rpc-key-5',
      BSC_RPC_URL: 'https://bsc.example.com/rpc-key-6',
      HOT_WALLET_PRIVATE_KEY: `0x${'cd'.repeat(31)}`,
      HOT_WALLET_MNEMONIC: 'leaked words of a mnemonic',
      DEPOSIT_MNEMONIC: 'other leaked words here',
    };
    const problems = problemsOf({ ...secrets, DATABSE_URL: 'postgres://tf:typo-pass-7@db/tf' });
    const text = problems.join('\n');
    for (const secret of [
      'tiny-token',
      'db-pass-1',
      'redis-pass-2',
      'smtp-pass-3',
      'rpc-pass-4',
      'rpc-key-5',
      'rpc-key-6',
      'cdcdcdcd',
      'leaked',
      'typo-pass-7',
    ]) {
      expect(text).not.toContain(secret);
    }
    // Still named, with what is safe to show.
    expect(problems).toContain('ADMIN_TOKEN must be at least 16 characters');
    expect(problems).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(problems).toContain('REDIS_URL must be a redis:// or rediss:// URL');
    expect(problems).toContain('ETH_RPC_URL must be an http:// or https:// URL');
    expect(problems).toContain('DATABSE_URL is not a setting; did you mean DATABASE_URL?');
  });

  it('never echoes a URL that does not parse: its password may sit anywhere in it', () => {
    for (const env of [
      { DATABASE_URL: 'postgres:/app:S3cretPw@db/prod' },
      { DATABASE_URL: 'postgres//app:S3cretPw@db/prod' },
      { DATABASE_URL: 'mysql://app:S3c/retPw@db/prod' },
      { DATABASE_URL: 'mysql://app:S3c@retPw@db/prod' },
      { DATABASE_URL: 'notaurl:S3cretPw@' },
      { REDIS_URL: 'rediss//:S3cretPw@r:6379' },
    ] as Record<string, string>[]) {
      const problems = problemsOf(env);
      expect(problems.join('\n'), JSON.stringify(env)).toMatch(/_URL must be a/);
      expect(problems.join('\n')).not.toMatch(/S3c|retPw/);
    }
  });

  it('masks every secret of the environment in any text', () => {
    const env = {
      ADMIN_TOKEN: 'admin-token-of-the-operator',
      HOT_WALLET_MNEMONIC: `  ${mnemonic.replace(/ /g, '  ')}`,
      ETH_RPC_URL: 'https://eth.example.com/v2/api-key-123',
      BSC_RPC_URL: 'http://127.0.0.1:8545',
    };
    const line = JSON.stringify({
      msg: `token admin-token-of-the-operator, words ${mnemonic}, rpc https://eth.example.com/v2/api-key-123`,
      db: 'postgres://tf:pa%40ss@db:5432/tf',
      local: 'http://127.0.0.1:8545',
    });
    expect(JSON.parse(maskSecrets(line, secretsOf(env)))).toEqual({
      msg: 'token ***, words ***, rpc https://eth.example.com/***',
      db: 'postgres://tf:***@db:5432/tf',
      local: 'http://127.0.0.1:8545',
    });
  });

  it('names TRUST_PROXY when it is neither a switch, a count nor addresses', () => {
    expect(problemsOf({ TRUST_PROXY: 'maybe' })).toEqual([
      'TRUST_PROXY must be true, false, a number of proxies, or a comma-separated list of addresses and ranges (e.g. "10.0.0.0/8, 127.0.0.1") (got "maybe")',
    ]);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/33' })).toHaveLength(1);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.1, fe80::/10, 10.0.0.0/255.0.0.0, loopback' })).toEqual([]);
  });
});

describe('roles', () => {
  const split = { DATABASE_URL: 'postgres://tf@db:5432/tf', REDIS_URL: 'redis://cache:6379', CHAINS: 'off' };
  const key = `0x${'cd'.repeat(32)}`;

  it('runs everything in one process by default, and api or worker apart on a shared database', () => {
    expect(parseConfig({})).toMatchObject({ role: 'all', admin: undefined });
    expect(parseConfig({ ...split, ROLE: 'api' }).role).toBe('api');
    expect(parseConfig({ ...split, ROLE: 'worker', HOT_WALLET_PRIVATE_KEY: key }).role).toBe('worker');
    expect(problemsOf({ ROLE: 'web' })).toEqual(['ROLE must be one of api, worker, all (got "web")']);
  });

  it('refuses a split role on the embedded database, or without the prices relay', () => {
    for (const role of ['api', 'worker']) {
      expect(problemsOf({ ROLE: role, CHAINS: 'off' })).toEqual([
        `DATABASE_URL is required by ROLE=${role}: the embedded database serves one process (ROLE=all)`,
      ]);
      expect(problemsOf({ ROLE: role, DATABASE_URL: split.DATABASE_URL, CHAINS: 'off' })).toEqual([
        `REDIS_URL is required by ROLE=${role}: the API processes hear the market's prices from the worker over Redis`,
      ]);
    }
  });

  it('refuses the local chains on a split role: each process would run chains of its own', () => {
    const onLocal = { DATABASE_URL: split.DATABASE_URL, REDIS_URL: split.REDIS_URL };
    for (const role of ['api', 'worker']) {
      for (const chains of [{}, { CHAINS: 'local' }] as Record<string, string>[]) {
        const problems = problemsOf({ ...onLocal, ...chains, ROLE: role });
        expect(problems).toHaveLength(1);
        expect(problems[0]).toMatch(
          `CHAINS must be external (with ETH_RPC_URL / BSC_RPC_URL) or off on ROLE=${role}: the local chains belong to one process (ROLE=all)`,
        );
      }
    }
    expect(problemsOf({ ...onLocal, ROLE: 'api', ETH_RPC_URL: 'https://eth.example' })).not.toContainEqual(
      expect.stringMatching(/^CHAINS/),
    );
  });

  it('refuses the hot wallet key on an API process, naming the variable, never its value', () => {
    const mnemonic = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
    for (const [name, value] of [
      ['HOT_WALLET_PRIVATE_KEY', key],
      ['HOT_WALLET_MNEMONIC', mnemonic],
    ] as const) {
      const problems = problemsOf({ ...split, ROLE: 'api', [name]: value });
      expect(problems).toEqual([
        `${name} must not be set on ROLE=api: only a worker sends withdrawals (set it on ROLE=worker)`,
      ]);
      expect(problems.join('\n')).not.toContain(value.slice(4, 20));
    }
  });

  it('listens for the admin routes apart when ADMIN_PORT is set, on loopback by default', () => {
    expect(parseConfig({ ADMIN_PORT: '9090' }).admin).toEqual({ host: '127.0.0.1', port: 9090 });
    expect(parseConfig({ ADMIN_PORT: '9090', ADMIN_HOST: '10.0.0.5' }).admin).toEqual({
      host: '10.0.0.5',
      port: 9090,
    });
    expect(problemsOf({ ADMIN_PORT: 'admin' })).toEqual([
      'ADMIN_PORT must be a port number from 0 to 65535 (got "admin")',
    ]);
    expect(problemsOf({ ADMIN_PORT: '70000' })).toEqual([
      'ADMIN_PORT must be a port number from 0 to 65535 (got "70000")',
    ]);
    expect(problemsOf({ ADMIN_PORT: '8080' })).toEqual(['ADMIN_PORT must differ from PORT (got "8080")']);
  });

  it('names METRICS_PORT when it takes the public or the admin port', () => {
    expect(problemsOf({ METRICS_PORT: '8080' })).toEqual([
      'METRICS_PORT must differ from PORT and ADMIN_PORT (got "8080")',
    ]);
    expect(problemsOf({ ADMIN_PORT: '9090', METRICS_PORT: '9090' })).toEqual([
      'METRICS_PORT must differ from PORT and ADMIN_PORT (got "9090")',
    ]);
    // 0 asks for any free port: never a collision.
    expect(parseConfig({ PORT: '0', METRICS_PORT: '0' }).metrics?.port).toBe(0);
  });
});
