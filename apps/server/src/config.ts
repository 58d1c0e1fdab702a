// The server's environment, parsed once by one schema. This is the only module that reads
// process.env; everything else receives a parsed Config.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { z } from 'zod';
import { PUBLIC_EXPLORERS, type ExplorerBases } from './chain/explorers';
import { depositAddressDeriver, type DepositKey, type HotWalletKey } from './chain/hd';
import type { NetworkName } from './chain/network';

/** The monorepo root, found from this file's location (not from the working directory). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface RateRule {
  /** Requests allowed per window; a rule of null means the limit is off. */
  max: number;
  windowSeconds: number;
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const integer = (fallback: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .default(String(fallback))
    .refine((value) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max, {
      error: `must be a whole number from ${min} to ${max}`,
    })
    .transform(Number);

/** "max/seconds" (e.g. "10/900") or "off". */
const rateRule = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .refine((value) => value === 'off' || /^\d+\/\d+$/.test(value), {
      error: 'must be "MAX/SECONDS" (for example "10/900") or "off"',
    })
    .transform((value): RateRule | null => {
      if (value === 'off') return null;
      const [max, windowSeconds] = value.split('/').map(Number) as [number, number];
      return max > 0 && windowSeconds > 0 ? { max, windowSeconds } : null;
    });

const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value): boolean | number | string[] => {
    if (value === 'true') return true;
    if (value === 'false' || value === '') return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  });

const postgresUrl = optionalText.refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
  error: 'must be a postgres:// or postgresql:// URL',
});

const httpUrl = optionalText.refine((value) => value === undefined || /^https?:\/\/\S+$/.test(value), {
  error: 'must be an http:// or https:// URL',
});

const contractAddress = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .refine((value) => /^0x[0-9a-fA-F]{40}$/.test(value), { error: 'must be a 0x address of 40 hex digits' })
    .transform((value) => value as `0x${string}`);

const mnemonic = optionalText.refine(
  (value) => value === undefined || validateMnemonic(value.split(/\s+/).join(' '), wordlist),
  { error: 'must be a valid BIP-39 mnemonic (English words, correct checksum)' },
);

/** Seconds, fractions allowed (e.g. "0.5"). */
const seconds = (fallback: string, max: number) =>
  z
    .string()
    .trim()
    .default(fallback)
    .refine((value) => /^\d+(\.\d+)?$/.test(value) && Number(value) > 0 && Number(value) <= max, {
      error: `must be a number of seconds above 0 and at most ${max}`,
    })
    .transform(Number);

const chainModes = ['local', 'external', 'off'] as const;
/**
 * The steps where CRASH_AT can kill the process: of a keyed money call (plugins/idempotency.ts), and
 * of the contract engine's settlement ('settling': inside its transaction, every row written;
 * 'settled': just after the commit).
 */
export const crashPoints = ['claimed', 'effect', 'committed', 'answered'] as const;
export const settlementCrashPoints = ['settling', 'settled'] as const;
/** Lightning Flip's settler: inside a batch's transaction, and just after it committed. */
export const flipCrashPoints = ['flip-settling', 'flip-settled'] as const;
/** The invite rewarder: inside a batch's transaction, and just after it committed. */
export const inviteCrashPoints = ['invite-rewarding', 'invite-rewarded'] as const;
export type CrashPoint =
  | (typeof crashPoints)[number]
  | (typeof settlementCrashPoints)[number]
  | (typeof flipCrashPoints)[number]
  | (typeof inviteCrashPoints)[number];
export type ChainMode = (typeof chainModes)[number];

/** The real USDT contracts; the development chains deploy their own test token instead. */
export const USDT_CONTRACTS = {
  ERC20: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
  BEP20: '0x55d398326f99059fF775485246999027B3197955',
} as const satisfies Record<NetworkName, string>;

const envSchema = z
  .object({
    PORT: integer(8080, 0, 65535),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATA_DIR: optionalText,
    DATABASE_URL: postgresUrl,
    REDIS_URL: optionalText.refine((value) => value === undefined || /^rediss?:\/\//.test(value), {
      error: 'must be a redis:// or rediss:// URL',
    }),
    SMTP_URL: optionalText.refine((value) => value === undefined || /^smtps?:\/\//.test(value), {
      error: 'must be an smtp:// or smtps:// URL',
    }),
    MAIL_FROM: optionalText,
    ADMIN_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, {
      error: 'must be at least 16 characters',
    }),
    WEB_DIST: optionalText,
    LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
    TRUST_PROXY: trustProxy,
    BODY_LIMIT: integer(64 * 1024, 1024, 50 * 1024 * 1024),
    REQUEST_TIMEOUT: seconds('30', 3600),
    HEADERS_TIMEOUT: seconds('10', 3600),
    KEEP_ALIVE_TIMEOUT: seconds('5', 3600),
    /** How long a stop (SIGTERM/SIGINT) may take before the process exits anyway; npm start waits 5 s more. */
    SHUTDOWN_SECONDS: seconds('15', 600),
    MAX_CONNECTIONS_PER_IP: integer(100, 0, 1_000_000),
    SESSION_TTL_DAYS: integer(30, 1, 3650),
    RATE_LIMIT_CODE_EMAIL_SECONDS: integer(60, 0, 86400),
    RATE_LIMIT_CODE_IP: rateRule('30/900'),
    RATE_LIMIT_LOGIN_EMAIL: rateRule('10/900'),
    RATE_LIMIT_LOGIN_IP: rateRule('60/900'),
    RATE_LIMIT_REGISTER_EMAIL: rateRule('10/900'),
    RATE_LIMIT_REGISTER_IP: rateRule('30/900'),
    RATE_LIMIT_API_IP: rateRule('1200/60'),
    RATE_LIMIT_WS_AUTH_IP: rateRule('300/60'),
    RATE_LIMIT_FEEDBACK_USER: rateRule('5/3600'),
    // ---- Chains (DESIGN §5) ----
    CHAINS: optionalText.pipe(
      z.enum(chainModes, { error: `must be one of ${chainModes.join(', ')}` }).optional(),
    ),
    ETH_RPC_URL: httpUrl,
    BSC_RPC_URL: httpUrl,
    ETH_CHAIN_ID: integer(1, 1, 2 ** 31 - 1),
    BSC_CHAIN_ID: integer(56, 1, 2 ** 31 - 1),
    ETH_USDT_CONTRACT: contractAddress(USDT_CONTRACTS.ERC20),
    BSC_USDT_CONTRACT: contractAddress(USDT_CONTRACTS.BEP20),
    ETH_USDT_DECIMALS: integer(6, 0, 18),
    // Unset: Etherscan / BscScan on the real networks, none on the local chains; '' turns a link off.
    ERC20_EXPLORER_URL: z
      .string()
      .trim()
      .optional()
      .refine((value) => value === undefined || value === '' || /^https?:\/\/\S+$/.test(value), {
        error: 'must be an http:// or https:// URL (or empty for none)',
      }),
    BEP20_EXPLORER_URL: z
      .string()
      .trim()
      .optional()
      .refine((value) => value === undefined || value === '' || /^https?:\/\/\S+$/.test(value), {
        error: 'must be an http:// or https:// URL (or empty for none)',
      }),
    BSC_USDT_DECIMALS: integer(18, 0, 18),
    DEPOSIT_MNEMONIC: mnemonic,
    DEPOSIT_XPUB: optionalText,
    HOT_WALLET_PRIVATE_KEY: optionalText.refine(
      (value) => value === undefined || /^0x[0-9a-fA-F]{64}$/.test(value),
      {
        error: 'must be 0x followed by 64 hex digits',
      },
    ),
    HOT_WALLET_MNEMONIC: mnemonic,
    CHAIN_POLL_MS: integer(1000, 50, 600_000),
    CHAIN_LOG_RANGE: integer(500, 1, 100_000),
    LOCAL_CHAIN_BLOCK_TIME: seconds('1', 3600),
    IDEMPOTENCY_CLAIM_SECONDS: integer(60, 1, 3600),
    // ---- Market data (DESIGN §6) ----
    PRICE_FEED: z
      .string()
      .trim()
      .default('simulated')
      .pipe(z.enum(['simulated', 'binance'], { error: 'must be simulated or binance' })),
    BINANCE_STREAM_URL: z
      .string()
      .trim()
      .default('wss://stream.binance.com:9443/stream')
      .pipe(z.url({ protocol: /^wss?$/, error: 'must be a ws:// or wss:// address' })),
    MARKET_SEED: integer(20261124, 0, 2 ** 31 - 1),
    MARKET_TICK_MS: integer(250, 20, 60_000),
    MARKET_STALE_SECONDS: integer(10, 1, 3600),
    /** A mark move beyond this fraction of the previous mark is held until it persists (DESIGN §6). */
    MARKET_MARK_BAND: z
      .string()
      .trim()
      .default('0.1')
      .refine((value) => /^\d+(\.\d+)?$/.test(value) && Number(value) > 0 && Number(value) <= 1, {
        error: 'must be a fraction above 0 and at most 1, e.g. 0.1',
      }),
    MARKET_MARK_HOLD_SECONDS: seconds('3', 600),
    // ---- Contract game (DESIGN §7) ----
    /** The share of the vault's free balance one position's profit cap may take. */
    GAME_VAULT_SHARE: z
      .string()
      .trim()
      .default('0.1')
      .pipe(
        z.string().regex(/^(0(\.\d+)?|1(\.0+)?)$/, { error: 'must be a fraction from 0 to 1, e.g. 0.1' }),
      ),
    /** USDT the embedded default's vault starts with, so a newcomer can play at once (production: 0). */
    GAME_DEMO_VAULT: z
      .string()
      .trim()
      .default('1000000')
      .pipe(z.string().regex(/^\d{1,15}(\.\d{1,6})?$/, { error: 'must be an amount, e.g. 1000000' })),
    CRASH_AT: optionalText.pipe(
      z
        .enum([...crashPoints, ...settlementCrashPoints, ...flipCrashPoints, ...inviteCrashPoints], {
          error: `must be one of ${[...crashPoints, ...settlementCrashPoints, ...flipCrashPoints, ...inviteCrashPoints].join(', ')}`,
        })
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'is required when SMTP_URL is set' });
    }
    const mode = chainModeOf(env);
    if (env.DEPOSIT_MNEMONIC && env.DEPOSIT_XPUB) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEPOSIT_XPUB'],
        message: 'and DEPOSIT_MNEMONIC are both set: set one',
      });
    }
    if (env.HOT_WALLET_PRIVATE_KEY && env.HOT_WALLET_MNEMONIC) {
      ctx.addIssue({
        code: 'custom',
        path: ['HOT_WALLET_MNEMONIC'],
        message: 'and HOT_WALLET_PRIVATE_KEY are both set: set one',
      });
    }
    if (env.DEPOSIT_XPUB) {
      try {
        depositAddressDeriver({ xpub: env.DEPOSIT_XPUB })(0);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          path: ['DEPOSIT_XPUB'],
          message: `is not a usable extended public key: ${(error as Error).message}`,
        });
      }
    }
    if (mode === 'external') {
      if (!env.ETH_RPC_URL && !env.BSC_RPC_URL) {
        ctx.addIssue({
          code: 'custom',
          path: ['ETH_RPC_URL'],
          message: 'or BSC_RPC_URL is required when CHAINS=external',
        });
      }
      if (!env.DEPOSIT_MNEMONIC && !env.DEPOSIT_XPUB) {
        ctx.addIssue({
          code: 'custom',
          path: ['DEPOSIT_XPUB'],
          message: 'or DEPOSIT_MNEMONIC is required with external chains (ETH_RPC_URL / BSC_RPC_URL)',
        });
      }
    }
  });

/** CHAINS, or by default: external when an RPC URL is given, else the local development chains. */
function chainModeOf(env: { CHAINS?: ChainMode; ETH_RPC_URL?: string; BSC_RPC_URL?: string }): ChainMode {
  return env.CHAINS ?? (env.ETH_RPC_URL || env.BSC_RPC_URL ? 'external' : 'local');
}

export type Env = Record<string, string | undefined>;

/** One real network of the external mode. */
export interface ExternalNetworkConfig {
  network: NetworkName;
  rpcUrl: string;
  chainId: number;
  tokenAddress: `0x${string}`;
  tokenDecimals: number;
}

export interface ChainsConfig {
  /**
   * local: two Anvil chains started with the server (ERC20 and BEP20, test USDT, dev keys);
   * external: the networks of ETH_RPC_URL / BSC_RPC_URL with the configured keys; off: no deposits
   * or withdrawals.
   */
  mode: ChainMode;
  /** External mode: the networks that have an RPC URL. */
  networks: ExternalNetworkConfig[];
  /** External mode: DEPOSIT_XPUB or DEPOSIT_MNEMONIC. */
  depositKey: DepositKey | undefined;
  /** External mode: HOT_WALLET_PRIVATE_KEY or HOT_WALLET_MNEMONIC; without it withdrawals wait. */
  hotWalletKey: HotWalletKey | undefined;
  /** How often the watcher (and the sender) look for new blocks. */
  pollMs: number;
  /** Most blocks one eth_getLogs call covers. */
  logRange: number;
  /** Local mode: seconds between blocks, so confirmations count up. */
  localBlockTimeSeconds: number;
  /** Block-explorer base URL per network (deposit and withdrawal links); absent: no link. */
  explorers: ExplorerBases;
}

export interface Config {
  port: number;
  host: string;
  /** Where the embedded default keeps its database, outbox, admin token and server record. */
  dataDir: string;
  /** PostgreSQL; when absent the embedded PGlite database in DATA_DIR/db is used. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** SMTP; when absent mail is written to DATA_DIR/outbox as .eml files. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Credential of /api/admin/*; see resolveAdminToken in server start-up for the embedded default. */
  adminToken: string | undefined;
  webDist: string;
  logLevel: (typeof logLevels)[number];
  trustProxy: boolean | number | string[];
  bodyLimit: number;
  /** Slow clients: how long a request's headers, and the whole request, may take to arrive. */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** How long a stop may take before the process exits anyway (the embedded database is freed). */
  shutdownMs: number;
  /** Open connections one address may hold (0: no limit; behind a load balancer, its own limit). */
  maxConnectionsPerIp: number;
  sessionTtlSeconds: number;
  rateLimits: {
    /** One verification code per email per this many seconds (spec: 60). */
    codeEmailSeconds: number;
    codeIp: RateRule | null;
    loginEmail: RateRule | null;
    loginIp: RateRule | null;
    /** Register and forgot (both consume a code). */
    registerEmail: RateRule | null;
    registerIp: RateRule | null;
    /** Every /api call, per client IP. */
    apiIp: RateRule | null;
    /** Sign-ins of WebSocket connections (`auth` messages), per client IP. */
    wsAuthIp: RateRule | null;
    /** Feedback sent, per user. */
    feedbackUser: RateRule | null;
  };
  chains: ChainsConfig;
  /** How long an unfinished Idempotency-Key claim blocks retries before it counts as abandoned. */
  idempotencyClaimSeconds: number;
  /** The price feed: which, its seed (simulated), how often it ticks, and when a pair is stale. */
  /** The contract game: the vault share a position's cap may take; the embedded vault's demo balance. */
  game: { vaultShare: string; demoVault: string };
  market: {
    feed: 'simulated' | 'binance';
    /** Binance's combined-stream endpoint (PRICE_FEED=binance). */
    binanceUrl: string;
    seed: number;
    tickMs: number;
    staleMs: number;
    /** The mark price: a move beyond `band` (a fraction) counts once it persisted `holdMs`. */
    mark: { band: string; holdMs: number };
  };
  /**
   * Crash tests only: the process kills itself (SIGKILL) when a keyed money call reaches this step,
   * so a test can show that no step lets one key move money twice.
   */
  crashAt: CrashPoint | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Keys: a bad value is named, never echoed (start-up errors end up in logs). */
const secretVariables = new Set([
  'DEPOSIT_MNEMONIC',
  'DEPOSIT_XPUB',
  'HOT_WALLET_PRIVATE_KEY',
  'HOT_WALLET_MNEMONIC',
]);

/** Parses an environment; throws ConfigError naming every bad variable. */
export function parseConfig(env: Env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const given = env[name];
        const shown = given === undefined || secretVariables.has(name) ? '' : ` (got "${given}")`;
        return `${name} ${issue.message}${shown}`;
      }),
    );
  }
  const e = result.data;
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(repoRoot, 'data'));
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'TradeFlip <no-reply@tradeflip.local>',
    adminToken: e.ADMIN_TOKEN,
    webDist: path.resolve(repoRoot, e.WEB_DIST ?? 'apps/web/dist'),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    bodyLimit: e.BODY_LIMIT,
    requestTimeoutMs: e.REQUEST_TIMEOUT * 1000,
    // Node requires the headers' time to fit in the request's.
    headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT, e.REQUEST_TIMEOUT) * 1000,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT * 1000,
    shutdownMs: e.SHUTDOWN_SECONDS * 1000,
    maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    sessionTtlSeconds: e.SESSION_TTL_DAYS * 86400,
    rateLimits: {
      codeEmailSeconds: e.RATE_LIMIT_CODE_EMAIL_SECONDS,
      codeIp: e.RATE_LIMIT_CODE_IP,
      loginEmail: e.RATE_LIMIT_LOGIN_EMAIL,
      loginIp: e.RATE_LIMIT_LOGIN_IP,
      registerEmail: e.RATE_LIMIT_REGISTER_EMAIL,
      registerIp: e.RATE_LIMIT_REGISTER_IP,
      apiIp: e.RATE_LIMIT_API_IP,
      wsAuthIp: e.RATE_LIMIT_WS_AUTH_IP,
      feedbackUser: e.RATE_LIMIT_FEEDBACK_USER,
    },
    chains: chainsConfigOf(e),
    idempotencyClaimSeconds: e.IDEMPOTENCY_CLAIM_SECONDS,
    game: { vaultShare: e.GAME_VAULT_SHARE, demoVault: e.GAME_DEMO_VAULT },
    market: {
      feed: e.PRICE_FEED,
      binanceUrl: e.BINANCE_STREAM_URL,
      seed: e.MARKET_SEED,
      tickMs: e.MARKET_TICK_MS,
      staleMs: e.MARKET_STALE_SECONDS * 1000,
      mark: { band: e.MARKET_MARK_BAND, holdMs: Math.round(e.MARKET_MARK_HOLD_SECONDS * 1000) },
    },
    crashAt: e.CRASH_AT,
  };
}

/** A configured base wins ('' = none); unset: the public explorer on real networks, none locally. */
function explorersOf(e: z.infer<typeof envSchema>, external: boolean): ExplorerBases {
  const bases: ExplorerBases = {};
  const pick = (network: NetworkName, value: string | undefined) => {
    const base = value ?? (external ? PUBLIC_EXPLORERS[network] : '');
    if (base) bases[network] = base;
  };
  pick('ERC20', e.ERC20_EXPLORER_URL);
  pick('BEP20', e.BEP20_EXPLORER_URL);
  return bases;
}

function chainsConfigOf(e: z.infer<typeof envSchema>): ChainsConfig {
  const mode = chainModeOf(e);
  const external = mode === 'external';
  const networks: ExternalNetworkConfig[] = [];
  if (external && e.ETH_RPC_URL) {
    networks.push({
      network: 'ERC20',
      rpcUrl: e.ETH_RPC_URL,
      chainId: e.ETH_CHAIN_ID,
      tokenAddress: e.ETH_USDT_CONTRACT,
      tokenDecimals: e.ETH_USDT_DECIMALS,
    });
  }
  if (external && e.BSC_RPC_URL) {
    networks.push({
      network: 'BEP20',
      rpcUrl: e.BSC_RPC_URL,
      chainId: e.BSC_CHAIN_ID,
      tokenAddress: e.BSC_USDT_CONTRACT,
      tokenDecimals: e.BSC_USDT_DECIMALS,
    });
  }
  const words = (value: string) => value.split(/\s+/).join(' ');
  return {
    mode,
    networks,
    depositKey: !external
      ? undefined
      : e.DEPOSIT_XPUB
        ? { xpub: e.DEPOSIT_XPUB }
        : e.DEPOSIT_MNEMONIC
          ? { mnemonic: words(e.DEPOSIT_MNEMONIC) }
          : undefined,
    hotWalletKey: !external
      ? undefined
      : e.HOT_WALLET_PRIVATE_KEY
        ? { privateKey: e.HOT_WALLET_PRIVATE_KEY as `0x${string}` }
        : e.HOT_WALLET_MNEMONIC
          ? { mnemonic: words(e.HOT_WALLET_MNEMONIC) }
          : undefined,
    pollMs: e.CHAIN_POLL_MS,
    logRange: e.CHAIN_LOG_RANGE,
    localBlockTimeSeconds: e.LOCAL_CHAIN_BLOCK_TIME,
    explorers: explorersOf(e, external),
  };
}

/** The process environment, parsed. */
export function loadConfig(): Config {
  return parseConfig(process.env);
}

/** Settings of the test and bench harness (not of the product). */
export function loadTestSettings() {
  return {
    databaseUrl: process.env.TEST_DATABASE_URL || undefined,
    redisUrl: process.env.TEST_REDIS_URL || undefined,
    ci: process.env.CI === 'true' || process.env.CI === '1',
  };
}
