// The server's environment, parsed once by one schema. This is the only module that reads
// process.env; everything else receives a parsed Config.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

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
    SESSION_TTL_DAYS: integer(30, 1, 3650),
    RATE_LIMIT_CODE_EMAIL_SECONDS: integer(60, 0, 86400),
    RATE_LIMIT_CODE_IP: rateRule('30/900'),
    RATE_LIMIT_LOGIN_EMAIL: rateRule('10/900'),
    RATE_LIMIT_LOGIN_IP: rateRule('60/900'),
    RATE_LIMIT_REGISTER_EMAIL: rateRule('10/900'),
    RATE_LIMIT_REGISTER_IP: rateRule('30/900'),
    RATE_LIMIT_API_IP: rateRule('1200/60'),
  })
  .superRefine((env, ctx) => {
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'is required when SMTP_URL is set' });
    }
  });

export type Env = Record<string, string | undefined>;

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
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses an environment; throws ConfigError naming every bad variable. */
export function parseConfig(env: Env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const given = env[name];
        return `${name} ${issue.message}${given === undefined ? '' : ` (got "${given}")`}`;
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
    sessionTtlSeconds: e.SESSION_TTL_DAYS * 86400,
    rateLimits: {
      codeEmailSeconds: e.RATE_LIMIT_CODE_EMAIL_SECONDS,
      codeIp: e.RATE_LIMIT_CODE_IP,
      loginEmail: e.RATE_LIMIT_LOGIN_EMAIL,
      loginIp: e.RATE_LIMIT_LOGIN_IP,
      registerEmail: e.RATE_LIMIT_REGISTER_EMAIL,
      registerIp: e.RATE_LIMIT_REGISTER_IP,
      apiIp: e.RATE_LIMIT_API_IP,
    },
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
