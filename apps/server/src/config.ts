// The server's environment, parsed once by one schema. This is the only module that reads
// process.env; everything else receives a parsed Config.
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english';
import { z } from 'zod';
import { PUBLIC_EXPLORERS, type ExplorerBases } from './chain/explorers';
import { depositAddressDeriver, type DepositKey, type HotWalletKey } from './chain/hd';
import type { NetworkName } from './chain/network';
import {
  DEFAULT_PUSH_ENDPOINT_ORIGINS,
  parseEndpointOrigin,
  vapidKeyProblem,
  vapidPairMatches,
  type EndpointOrigin,
  type VapidKeys,
} from './modules/push/vapid';

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

/** An address or a CIDR range (address/prefix or address/netmask), or one of proxy-addr's names. */
function isProxyAddress(part: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(part)) return true;
  const [address = '', range, ...rest] = part.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

const trustProxy = z
  .string()
  .trim()
  .default('false')
  // Fastify would throw on the first request (or at start-up) with a stack trace instead.
  .refine(
    (value) =>
      ['true', 'false', ''].includes(value) ||
      /^\d+$/.test(value) ||
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .every(isProxyAddress),
    {
      error:
        'must be true, false, a number of proxies, or a comma-separated list of addresses and ranges (e.g. "10.0.0.0/8, 127.0.0.1")',
    },
  )
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

/** A fraction above 0 and at most 1 (e.g. "0.1" for 10 %), kept as text for exact decimals. */
const fraction = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .refine((value) => /^\d+(\.\d+)?$/.test(value) && Number(value) > 0 && Number(value) <= 1, {
      error: `must be a fraction above 0 and at most 1, e.g. ${fallback}`,
    });

/** A token (or native coin) amount, kept as text for exact decimals, e.g. "10" or "0.05". */
const tokenAmount = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .refine((value) => /^\d{1,15}(\.\d{1,18})?$/.test(value), {
      error: `must be an amount of 0 or more, e.g. ${fallback}`,
    });

const chainModes = ['local', 'external', 'off'] as const;
/** What a process runs: the HTTP API and socket, the background jobs, or both (the default). */
export const roles = ['api', 'worker', 'all'] as const;
export type Role = (typeof roles)[number];
/**
 * The steps where CRASH_AT can kill the process: of a keyed money call (plugins/idempotency.ts), and
 * of the contract engine's settlement ('settling': inside its transaction, every row written;
 * 'settled': just after the commit).
 */
export const crashPoints = ['claimed', 'effect', 'committed', 'answered'] as const;
export const settlementCrashPoints = ['settling', 'settled'] as const;
/** Lightning Flip's settler: inside a batch's transaction, just after it committed, inside a recording. */
export const flipCrashPoints = ['flip-settling', 'flip-settled', 'flip-recording'] as const;
/** The invite rewarder: inside a batch's transaction, and just after it committed. */
export const inviteCrashPoints = ['invite-rewarding', 'invite-rewarded'] as const;
/**
 * The sweeper: its gas transfer recorded (not sent), its token transfer recorded (not sent), and the
 * token transfer sent (not yet followed).
 */
export const sweepCrashPoints = ['sweep-gas-recorded', 'sweep-recorded', 'sweep-broadcast'] as const;
const allCrashPoints = [
  ...crashPoints,
  ...settlementCrashPoints,
  ...flipCrashPoints,
  ...inviteCrashPoints,
  ...sweepCrashPoints,
] as const;
export type CrashPoint =
  | (typeof crashPoints)[number]
  | (typeof settlementCrashPoints)[number]
  | (typeof flipCrashPoints)[number]
  | (typeof inviteCrashPoints)[number]
  | (typeof sweepCrashPoints)[number];
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
    ROLE: z
      .string()
      .trim()
      .default('all')
      .pipe(z.enum(roles, { error: `must be one of ${roles.join(', ')}` })),
    /** A listener of its own for /api/admin/* (the public port then answers 404 for them). */
    ADMIN_PORT: optionalText.pipe(
      z
        .string()
        .regex(/^\d+$/, { error: 'must be a port number from 0 to 65535' })
        .transform(Number)
        .refine((port) => port <= 65535, { error: 'must be a port number from 0 to 65535' })
        .optional(),
    ),
    ADMIN_HOST: z.string().trim().min(1).default('127.0.0.1'),
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
    /** Refused admin credentials (a wrong Bearer on /api/admin/*) per IP, like sign-ins per IP. */
    RATE_LIMIT_ADMIN_AUTH_IP: rateRule('60/900'),
    // ---- Operations ----
    /** The Prometheus listener's port (unset: no metrics; 0: any free port). */
    METRICS_PORT: optionalText.refine(
      (value) => value === undefined || (/^\d+$/.test(value) && Number(value) <= 65535),
      { error: 'must be a port from 0 to 65535 (or unset for no metrics)' },
    ),
    METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
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
    HOT_WALLET_ADDRESS: optionalText.refine(
      (value) => value === undefined || /^0x[0-9a-fA-F]{40}$/.test(value),
      {
        error: 'must be 0x followed by 40 hex digits (the hot wallet’s address)',
      },
    ),
    CHAIN_POLL_MS: integer(1000, 50, 600_000),
    CHAIN_LOG_RANGE: integer(500, 1, 100_000),
    LOCAL_CHAIN_BLOCK_TIME: seconds('1', 3600),
    /** A deposit address holding at least this much USDT is swept into the hot wallet. */
    SWEEP_MIN_USDT: tokenAmount('10'),
    /** How far the ledger's chain account may differ from the chain before the audit fails. */
    CHAIN_RECONCILE_TOLERANCE: tokenAmount('0'),
    /** The audit and chain:status warn when a hot wallet holds less native coin (ETH, BNB) for gas. */
    HOT_WALLET_LOW_GAS: tokenAmount('0.05'),
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
    MARKET_MARK_BAND: fraction('0.1'),
    MARKET_MARK_HOLD_SECONDS: seconds('3', 600),
    /** A player's open or close is refused while the newest trade is further than this from the mark. */
    MARKET_EXECUTION_BAND: fraction('0.005'),
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
    // ---- Web Push (modules/push) ----
    VAPID_PUBLIC_KEY: optionalText.refine(
      (value) => value === undefined || vapidKeyProblem('public', value) === undefined,
      { error: vapidKeyProblem('public', '') },
    ),
    VAPID_PRIVATE_KEY: optionalText.refine(
      (value) => value === undefined || vapidKeyProblem('private', value) === undefined,
      { error: vapidKeyProblem('private', '') },
    ),
    /** Who runs this server, for the push services (RFC 8292): mailto: or https:. */
    VAPID_SUBJECT: z
      .string()
      .trim()
      .default('mailto:no-reply@tradeflip.local')
      .refine((value) => /^mailto:[^\s@]+@[^\s@]+$/.test(value) || /^https:\/\/[^\s/]+\S*$/.test(value), {
        error: 'must be a mailto: address or an https:// URL (the contact push services reach)',
      }),
    /** The push services a device's endpoint may belong to. */
    PUSH_ENDPOINT_ORIGINS: z
      .string()
      .trim()
      .default(DEFAULT_PUSH_ENDPOINT_ORIGINS)
      .superRefine((value, ctx) => {
        const entries = value.split(',').map((part) => part.trim());
        if (entries.every((entry) => entry === '')) {
          ctx.addIssue({ code: 'custom', message: 'must list at least one push service origin' });
        }
        for (const entry of entries.filter(Boolean)) {
          const parsed = parseEndpointOrigin(entry);
          if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed });
        }
      }),
    CRASH_AT: optionalText.pipe(
      z.enum(allCrashPoints, { error: `must be one of ${allCrashPoints.join(', ')}` }).optional(),
    ),
    /**
     * Tests only: lets a test run parts of production (a live feed, external chains, keys, SMTP) on
     * the embedded database, which start-up otherwise refuses.
     */
    TEST_EMBEDDED_PRODUCTION: optionalText.pipe(z.enum(['1'], { error: 'must be 1 or unset' }).optional()),
  })
  .superRefine((env, ctx) => {
    const production = productionParts(env);
    if (!env.DATABASE_URL && production.length > 0 && !env.TEST_EMBEDDED_PRODUCTION) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message:
          `is required by ${production.join(', ')}: the embedded database (DATA_DIR/db) and its demo ` +
          'vault are for the embedded default only',
      });
    }
    for (const problem of roleProblems(env)) ctx.addIssue({ code: 'custom', ...problem });
    // A checked pair: one without the other, or two that do not belong together, stop start-up.
    if (env.VAPID_PUBLIC_KEY && !env.VAPID_PRIVATE_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message: 'is required with VAPID_PUBLIC_KEY',
      });
    } else if (env.VAPID_PRIVATE_KEY && !env.VAPID_PUBLIC_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PUBLIC_KEY'],
        message: 'is required with VAPID_PRIVATE_KEY',
      });
    } else if (
      env.VAPID_PUBLIC_KEY &&
      env.VAPID_PRIVATE_KEY &&
      !vapidPairMatches({ publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY })
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message: 'is not the private key of VAPID_PUBLIC_KEY',
      });
    }
    if (env.ADMIN_PORT !== undefined && env.ADMIN_PORT !== 0 && env.ADMIN_PORT === env.PORT) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PORT'], message: 'must differ from PORT' });
    }
    // Otherwise the metrics listener takes the port first and the public or admin listener's
    // start-up failure names the wrong setting as "already in use".
    const metricsPort = env.METRICS_PORT === undefined ? undefined : Number(env.METRICS_PORT);
    if (
      metricsPort !== undefined &&
      metricsPort !== 0 &&
      (metricsPort === env.PORT || metricsPort === env.ADMIN_PORT)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT and ADMIN_PORT',
      });
    }
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

/**
 * The settings that belong to production (real money, real mail, the real market): each needs the
 * PostgreSQL database of DATABASE_URL, never the embedded one a typo in its name would fall back to.
 */
function productionParts(env: {
  CHAINS?: ChainMode;
  ETH_RPC_URL?: string;
  BSC_RPC_URL?: string;
  HOT_WALLET_PRIVATE_KEY?: string;
  HOT_WALLET_MNEMONIC?: string;
  DEPOSIT_XPUB?: string;
  DEPOSIT_MNEMONIC?: string;
  PRICE_FEED?: string;
  SMTP_URL?: string;
}): string[] {
  const parts: string[] = [];
  if (env.CHAINS === 'external') parts.push('CHAINS=external');
  for (const name of [
    'ETH_RPC_URL',
    'BSC_RPC_URL',
    'HOT_WALLET_PRIVATE_KEY',
    'HOT_WALLET_MNEMONIC',
    'DEPOSIT_XPUB',
    'DEPOSIT_MNEMONIC',
  ] as const) {
    if (env[name]) parts.push(name);
  }
  if (env.PRICE_FEED === 'binance') parts.push('PRICE_FEED=binance');
  if (env.SMTP_URL) parts.push('SMTP_URL');
  return parts;
}

/**
 * What a role needs and must not have. Split roles share one PostgreSQL database (the embedded one
 * belongs to one process) and hear the feed leader's prices over Redis (an API process leads no feed,
 * and a process without prices refuses every order). The hot wallet's key signs withdrawals, which
 * only the worker's sender does: an internet-facing API process never holds it.
 */
function roleProblems(env: {
  ROLE: Role;
  DATABASE_URL?: string;
  REDIS_URL?: string;
  HOT_WALLET_PRIVATE_KEY?: string;
  HOT_WALLET_MNEMONIC?: string;
  CHAINS?: ChainMode;
  ETH_RPC_URL?: string;
  BSC_RPC_URL?: string;
}): { path: string[]; message: string }[] {
  if (env.ROLE === 'all') return [];
  const problems: { path: string[]; message: string }[] = [];
  // The local chains run inside the process that starts them: each split process would watch and
  // pay on chains of its own that no other process sees.
  if (chainModeOf(env) === 'local') {
    problems.push({
      path: ['CHAINS'],
      message: `must be external (with ETH_RPC_URL / BSC_RPC_URL) or off on ROLE=${env.ROLE}: the local chains belong to one process (ROLE=all)`,
    });
  }
  if (!env.DATABASE_URL) {
    problems.push({
      path: ['DATABASE_URL'],
      message: `is required by ROLE=${env.ROLE}: the embedded database serves one process (ROLE=all)`,
    });
  } else if (!env.REDIS_URL) {
    problems.push({
      path: ['REDIS_URL'],
      message: `is required by ROLE=${env.ROLE}: the API processes hear the market's prices from the worker over Redis`,
    });
  }
  if (env.ROLE === 'api') {
    for (const name of ['HOT_WALLET_PRIVATE_KEY', 'HOT_WALLET_MNEMONIC'] as const) {
      if (env[name]) {
        problems.push({
          path: [name],
          message: 'must not be set on ROLE=api: only a worker sends withdrawals (set it on ROLE=worker)',
        });
      }
    }
  }
  return problems;
}

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
  /** External mode: HOT_WALLET_ADDRESS, the hot wallet's address where its key is not held (ROLE=api). */
  hotWalletAddress: `0x${string}` | undefined;
  /** How often the watcher (and the sender) look for new blocks. */
  pollMs: number;
  /** Most blocks one eth_getLogs call covers. */
  logRange: number;
  /** Local mode: seconds between blocks, so confirmations count up. */
  localBlockTimeSeconds: number;
  /** SWEEP_MIN_USDT: a deposit address's balance from which the sweeper collects it. */
  sweepMin: string;
  /** CHAIN_RECONCILE_TOLERANCE: the largest difference between ledger and chain the audit accepts. */
  reconcileTolerance: string;
  /** HOT_WALLET_LOW_GAS: native coin below which the hot wallet is reported as low on gas. */
  lowGas: string;
  /** Block-explorer base URL per network (deposit and withdrawal links); absent: no link. */
  explorers: ExplorerBases;
}

export interface Config {
  /** api: HTTP and the socket, no job; worker: the jobs, no public port; all: both. */
  role: Role;
  port: number;
  host: string;
  /** A listener of its own for /api/admin/*; absent, they are served on the public port. */
  admin: { host: string; port: number } | undefined;
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
    /** Refused admin credentials, per client IP. */
    adminAuthIp: RateRule | null;
  };
  /** The Prometheus listener (METRICS_PORT, METRICS_HOST); undefined: no metrics are kept. */
  metrics: { port: number; host: string } | undefined;
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
    /** The prices whose moment the player chooses: none while trades and mark lie further apart. */
    executionBand: string;
  };
  /**
   * Web Push: the configured VAPID pair (undefined: generated on the embedded default, else push is
   * off), the subject, and the push services a device's endpoint may belong to.
   */
  push: { vapid: VapidKeys | undefined; subject: string; endpointOrigins: EndpointOrigin[] };
  /** What maskSecrets() hides in every log line: keys, mnemonics, the admin token, RPC API keys. */
  secrets: string[];
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

/** Keys and credentials: a bad value is named, never echoed (start-up errors end up in logs). */
const secretVariables = new Set([
  'ADMIN_TOKEN',
  'DEPOSIT_MNEMONIC',
  'DEPOSIT_XPUB',
  'HOT_WALLET_PRIVATE_KEY',
  'HOT_WALLET_MNEMONIC',
  'VAPID_PRIVATE_KEY',
]);

/** The chains' RPC URLs: a provider's API key is often their path. */
const rpcUrlVariables = ['ETH_RPC_URL', 'BSC_RPC_URL'] as const;

/**
 * The secrets an environment holds: every key, mnemonic and admin token, and the path and query of
 * a remote RPC URL (where a provider's API key lives). maskSecrets() hides them, and any URL's
 * password, in any text: config errors, log lines, start-up failures.
 */
export function secretsOf(env: Env): string[] {
  const secrets = new Set<string>();
  for (const name of secretVariables) {
    const value = env[name]?.trim();
    if (value) {
      secrets.add(value);
      // A mnemonic is used with its words single-spaced.
      secrets.add(value.split(/\s+/).join(' '));
    }
  }
  // A URL's password is masked wherever the URL is written (maskSecrets), not as a word of its own.
  for (const name of rpcUrlVariables) {
    const value = env[name]?.trim();
    if (!value) continue;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      continue;
    }
    if (!['127.0.0.1', 'localhost'].includes(url.hostname)) {
      const rest = `${url.pathname}${url.search}`;
      if (rest.length > 1) secrets.add(rest.slice(1));
    }
  }
  // Too short to be told from ordinary text: such a value is refused anyway (ADMIN_TOKEN: 16).
  return [...secrets].filter((secret) => secret.length >= 4).sort((a, b) => b.length - a.length);
}

/** `text` with every secret of secretsOf() (also as JSON would escape it) replaced by ***. */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let masked = text;
  for (const secret of secrets) {
    for (const form of new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])) {
      masked = masked.split(form).join('***');
    }
  }
  // A URL's password, whoever's it is.
  return masked.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@"]*):[^\s/@"]+@/gi, '$1:***@');
}

/**
 * Variables of the machine, the shell, Node, npm and CI: some sit within two edits of ours (HOME of
 * HOST), and none is ever taken for a misspelling of a setting.
 */
const machineVariables = new Set([
  'PATH',
  'HOME',
  'HOSTNAME',
  'HOSTTYPE',
  'PWD',
  'OLDPWD',
  'TERM',
  'SHELL',
  'SHLVL',
  'USER',
  'USERNAME',
  'LOGNAME',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TMPDIR',
  'TEMP',
  'TMP',
  'CI',
  'MAIL',
  'EDITOR',
  'VISUAL',
  'PAGER',
  'DISPLAY',
  'COLUMNS',
  'LINES',
  'INIT_CWD',
  'COLOR',
  'FORCE_COLOR',
  'NO_COLOR',
  'DEBUG',
]);
const machinePrefixes = [
  'NODE_',
  'NPM_',
  'LC_',
  'XDG_',
  'SSH_',
  'GIT_',
  'GITHUB_',
  'RUNNER_',
  'DOCKER_',
  'KUBERNETES_',
  'VITEST',
  'TERM_',
  'PG', // PostgreSQL's own client variables (PGHOST, PGPORT, PGPASSWORD, …)
  'TEST_', // the test harness's (TEST_DATABASE_URL, TEST_REDIS_URL)
];

/** Edits (insertions, deletions, substitutions, swaps of neighbours) between two names. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * Variables of the environment that look like a misspelled setting (DATABSE_URL, REDIS_ULR): an
 * unknown uppercase name within two edits of a setting's, or one edit of one of up to 8 letters
 * (PORT, HOST, SMTP_URL), since two edits turn a short name into many an ordinary one (SITE_URL). Set by mistake, the setting would
 * silently take its default — for DATABASE_URL, the embedded database.
 */
export function misspelledVariables(env: Env): { given: string; meant: string }[] {
  const known = Object.keys(envSchema.shape);
  const found: { given: string; meant: string }[] = [];
  for (const [given, value] of Object.entries(env)) {
    if (value === undefined || !/^[A-Z][A-Z0-9_]*$/.test(given) || known.includes(given)) continue;
    if (machineVariables.has(given) || machinePrefixes.some((prefix) => given.startsWith(prefix))) continue;
    let meant: string | undefined;
    let nearest = Infinity;
    for (const name of known) {
      const distance = editDistance(given, name);
      if (distance <= (name.length <= 8 ? 1 : 2) && distance < nearest) {
        meant = name;
        nearest = distance;
      }
    }
    if (meant) found.push({ given, meant });
  }
  return found;
}

/** Parses an environment; throws ConfigError naming every bad variable. */
export function parseConfig(env: Env): Config {
  const misspelled = misspelledVariables(env).map(
    ({ given, meant }) => `${given} is not a setting; did you mean ${meant}?`,
  );
  const result = envSchema.safeParse(env);
  if (!result.success || misspelled.length > 0) {
    const secrets = secretsOf(env);
    throw new ConfigError([
      ...misspelled,
      ...(result.error?.issues ?? []).map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const given = env[name];
        // A URL that does not parse may hold a password maskSecrets() cannot find: never echoed.
        const hidden = given === undefined || secretVariables.has(name) || name.endsWith('_URL');
        const shown = hidden ? '' : ` (got "${given}")`;
        return maskSecrets(`${name} ${issue.message}${shown}`, secrets);
      }),
    ]);
  }
  const e = result.data;
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(repoRoot, 'data'));
  return {
    role: e.ROLE,
    port: e.PORT,
    host: e.HOST,
    admin: e.ADMIN_PORT === undefined ? undefined : { host: e.ADMIN_HOST, port: e.ADMIN_PORT },
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
      adminAuthIp: e.RATE_LIMIT_ADMIN_AUTH_IP,
    },
    metrics:
      e.METRICS_PORT === undefined ? undefined : { port: Number(e.METRICS_PORT), host: e.METRICS_HOST },
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
      executionBand: e.MARKET_EXECUTION_BAND,
    },
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT,
      endpointOrigins: e.PUSH_ENDPOINT_ORIGINS.split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((entry) => parseEndpointOrigin(entry) as EndpointOrigin),
    },
    secrets: secretsOf(env),
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
    hotWalletAddress: external && e.HOT_WALLET_ADDRESS ? (e.HOT_WALLET_ADDRESS as `0x${string}`) : undefined,
    pollMs: e.CHAIN_POLL_MS,
    logRange: e.CHAIN_LOG_RANGE,
    localBlockTimeSeconds: e.LOCAL_CHAIN_BLOCK_TIME,
    sweepMin: e.SWEEP_MIN_USDT,
    reconcileTolerance: e.CHAIN_RECONCILE_TOLERANCE,
    lowGas: e.HOT_WALLET_LOW_GAS,
    explorers: explorersOf(e, external),
  };
}

/** The process environment, parsed. */
export function loadConfig(): Config {
  return parseConfig(process.env);
}

/** The secrets of the process environment, for a start-up failure printed before a Config exists. */
export function loadSecrets(): string[] {
  return secretsOf(process.env);
}

/** Settings of the test and bench harness (not of the product). */
export function loadTestSettings() {
  return {
    databaseUrl: process.env.TEST_DATABASE_URL || undefined,
    redisUrl: process.env.TEST_REDIS_URL || undefined,
    ci: process.env.CI === 'true' || process.env.CI === '1',
  };
}
