import fs from 'node:fs';
import path from 'node:path';
import { HDKey } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { accountXpubOf } from './chain/hd';
import { ConfigError, parseConfig, repoRoot } from './config';

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

  it('runs the local development chains by default', () => {
    expect(parseConfig({}).chains).toEqual({
      mode: 'local',
      networks: [],
      depositKey: undefined,
      hotWalletKey: undefined,
      pollMs: 1000,
      logRange: 500,
      localBlockTimeSeconds: 1,
      // No public explorer knows the local chains' transactions.
      explorers: {},
    });
    expect(parseConfig({ CHAINS: 'off' }).chains.mode).toBe('off');
    expect(parseConfig({ LOCAL_CHAIN_BLOCK_TIME: '0.25' }).chains.localBlockTimeSeconds).toBe(0.25);
  });

  it('links deposits and withdrawals to a block explorer per network, configurable', () => {
    const external = { ETH_RPC_URL: 'https://eth.example.com', DEPOSIT_MNEMONIC: mnemonic };
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
      explorers: { ERC20: 'https://etherscan.io', BEP20: 'https://bscscan.com' },
    });
    const xpub = accountXpubOf(mnemonic);
    const both = parseConfig({
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
        parseConfig(env);
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
      'BSC_RPC_URL must be an http:// or https:// URL (got "ws://bsc")',
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
