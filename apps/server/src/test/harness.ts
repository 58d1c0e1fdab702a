// Test harness: every integration suite runs once on PGlite (in memory) and once on PostgreSQL
// (TEST_DATABASE_URL, a fresh database per suite so files run in parallel). With CI=true and no
// TEST_DATABASE_URL the PostgreSQL suite fails instead of skipping.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AnswerData, Route, RouteInput } from '@tradeflip/api';
import { pathWith } from '@tradeflip/api/route';
import * as routes from '@tradeflip/api/routes';
import { buildApp, type AppOptions } from '../app';
import { guardPool } from './pool-guard';
import type { ChainRegistry } from '../chain/registry';
import type { Clock } from '../clock';
import { loadTestSettings, parseConfig, type Env } from '../config';
import { openPglite, type Database, type DatabaseHandle } from '../db/client';
import { openScratchPostgres } from '../db/scratch';
import type { Mailer, MailMessage } from '../mail/mailer';
import { findUserByEmail } from '../modules/account/repository';
import { runAudit, type AuditOptions } from '../modules/ledger/audit';
import type { PriceSource } from '../modules/wallet/prices';
import type { RateLimiter } from '../plugins/rate-limit';

export const testSettings = loadTestSettings();
/** The admin credential of apps built by the harness. */
export const ADMIN_TOKEN = 'test-admin-token-0123456789';

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  /** A new database; for PostgreSQL `url` is its connection string. */
  open(): Promise<DatabaseHandle & { url?: string }>;
}

export const pgliteTarget: DatabaseTarget = { name: 'pglite', open: () => openPglite(undefined) };

/** A new, empty database on the test server; closing the handle drops it. */
export function postgresTarget(url: string): DatabaseTarget {
  return { name: 'postgres', open: () => openScratchPostgres(url, 'test') };
}

/**
 * Runs `body` as a suite per database, handing it that suite's own database (opened before its
 * tests, closed after; see useDatabase) and the target it came from, for a test that names it.
 */
export function describeEachDatabase(
  title: string,
  body: (db: TestDatabase, target: DatabaseTarget) => void,
) {
  describeEachTarget(title, (target) => body(useDatabase(target), target));
}

/** Runs `body` as a suite per database target, for a suite that opens its databases itself. */
export function describeEachTarget(title: string, body: (target: DatabaseTarget) => void) {
  describe(`${title} [PGlite]`, () => body(pgliteTarget));
  describeOnPostgresTarget(title, body);
}

/**
 * Runs `body` as a suite on PostgreSQL only, for what PGlite's one connection cannot show
 * (transactions side by side), handing it the suite's database.
 */
export function describeOnPostgres(title: string, body: (db: TestDatabase) => void) {
  describeOnPostgresTarget(title, (target) => body(useDatabase(target)));
}

/** The PostgreSQL suite of `title`: failing with CI=true and no TEST_DATABASE_URL, skipped otherwise. */
function describeOnPostgresTarget(title: string, body: (target: DatabaseTarget) => void) {
  const url = testSettings.databaseUrl;
  if (url) {
    describe(`${title} [PostgreSQL]`, () => body(postgresTarget(url)));
  } else if (testSettings.ci) {
    describe(`${title} [PostgreSQL]`, () => {
      it('needs TEST_DATABASE_URL when CI=true', () => {
        throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suite cannot run');
      });
    });
  } else {
    describe.skip(`${title} [PostgreSQL] (set TEST_DATABASE_URL to run)`, () => {
      it('runs on PostgreSQL', () => undefined);
    });
  }
}

export class TestClock implements Clock {
  private time: number;
  constructor(start = Date.parse('2030-01-01T00:00:00Z')) {
    this.time = start;
  }
  now() {
    return new Date(this.time);
  }
  /**
   * Moves this clock, and Date too when a test fakes it (vi.useFakeTimers({ toFake: ['Date'] })):
   * the rate limiters' memory store reads Date.now().
   */
  advance(seconds: number) {
    this.time += seconds * 1000;
    if (vi.isFakeTimers()) vi.setSystemTime(Date.now() + seconds * 1000);
  }
}

/** Keeps mail in memory so tests read codes from it. */
export class CapturingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  /** When set, send() waits for it (a failing gate makes sending fail). */
  gate: Promise<void> | undefined;
  private onEnter: (() => void) | undefined;

  async send(message: MailMessage) {
    if (this.gate) {
      this.onEnter?.();
      await this.gate;
    }
    this.sent.push(message);
  }

  /** Holds the next send() (and so its request) until release(); `entered` resolves once it waits. */
  hold() {
    let release!: () => void;
    const entered = new Promise<void>((resolve) => (this.onEnter = resolve));
    this.gate = new Promise<void>((resolve) => (release = resolve));
    return {
      entered,
      release: () => {
        this.gate = undefined;
        this.onEnter = undefined;
        release();
      },
    };
  }
  async close() {}
  lastCode(email: string): string {
    const message = this.sent.findLast((m) => m.to === email.toLowerCase());
    const code = message && /\b(\d{6})\b/.exec(message.text)?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }
}

/** A web build with an inline script, a service worker, a manifest and a hashed asset. */
export function makeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script>window.__boot=1</script><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"TradeFlip"}');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1);'.repeat(200));
  return dir;
}

const looseLimits: Env = {
  RATE_LIMIT_CODE_IP: 'off',
  RATE_LIMIT_LOGIN_EMAIL: 'off',
  RATE_LIMIT_LOGIN_IP: 'off',
  RATE_LIMIT_REGISTER_EMAIL: 'off',
  RATE_LIMIT_REGISTER_IP: 'off',
  RATE_LIMIT_API_IP: 'off',
  RATE_LIMIT_WS_AUTH_IP: 'off',
};

export interface TestAppOptions {
  env?: Env;
  clock?: TestClock;
  mailer?: CapturingMailer;
  limiter?: RateLimiter;
  adminToken?: string;
  prices?: PriceSource;
  /** The chains the app serves (tests build a registry on their own Anvil); none by default. */
  chains?: ChainRegistry;
  /** Adds routes before the app is ready (e.g. one that fails on purpose). */
  extend?: (app: FastifyInstance) => void;
  /** Where the app logs (with env LOG_LEVEL above silent). */
  logStream?: NodeJS.WritableStream;
  /** WebSocket limits (small ones to drop a slow client quickly). */
  webSocket?: AppOptions['webSocket'];
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  mailer: CapturingMailer;
  dataDir: string;
}

/** A suite's database and the apps built on it (describeEachDatabase hands one to each suite). */
export type TestDatabase = ReturnType<typeof useDatabase>;

/**
 * One database per suite, and apps built on it with their own clock, mailer and limits.
 * Call inside a describe body (describeEachDatabase does it for its suites).
 */
export function useDatabase(target: DatabaseTarget) {
  let handle: DatabaseHandle | undefined;
  const apps: FastifyInstance[] = [];
  const dirs: string[] = [];
  let nested: string[] = [];
  beforeAll(async () => {
    handle = await target.open();
    if (handle.driver === 'postgres') nested = guardPool(handle.db);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await handle?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    if (nested.length > 0) {
      throw new Error(`a transaction used the pool it holds a connection of:\n${nested.join('\n\n')}`);
    }
  });

  return {
    get handle(): DatabaseHandle {
      if (!handle) throw new Error('database not open yet');
      return handle;
    },
    async app(options: TestAppOptions = {}): Promise<TestApp> {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tf-data-'));
      const webDist = options.env?.WEB_DIST ?? makeWebDist();
      dirs.push(dataDir);
      if (!options.env?.WEB_DIST) dirs.push(webDist);
      const config = parseConfig({
        LOG_LEVEL: 'silent',
        // The suite hands the app its database itself (PGlite or PostgreSQL), never by DATABASE_URL:
        // a test of a production part (the live feed, say) runs on either.
        TEST_EMBEDDED_PRODUCTION: '1',
        DATA_DIR: dataDir,
        WEB_DIST: webDist,
        ...looseLimits,
        ...options.env,
      });
      const clock = options.clock ?? new TestClock();
      const mailer = options.mailer ?? new CapturingMailer();
      const app = await buildApp({
        config,
        db: this.handle.db,
        driver: this.handle.driver,
        outside: this.handle.outside,
        listen: this.handle.listen,
        clock,
        mailer,
        limiter: options.limiter,
        prices: options.prices,
        chains: options.chains,
        logStream: options.logStream,
        webSocket: options.webSocket,
        adminToken: options.adminToken ?? ADMIN_TOKEN,
      });
      apps.push(app);
      options.extend?.(app);
      await app.ready();
      return { app, clock, mailer, dataDir };
    },
    /** Runs the ledger audit on this database and fails the test on any difference. */
    expectAuditClean(options?: AuditOptions) {
      return expectAuditClean(this.handle.db, options);
    },
  };
}

let emailCounter = 0;
/** A fresh email address per call (suites share a database). */
export function uniqueEmail(label = 'user'): string {
  emailCounter += 1;
  return `${label}-${process.pid}-${emailCounter}-${randomBytes(3).toString('hex')}@example.com`;
}

export const PASSWORD = 'Secret123';

export interface Envelope {
  code: number;
  msg?: string;
  reason?: string;
  data?: Record<string, unknown> & { fields?: Record<string, string> };
}

export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; ip?: string } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await app.inject({
    method,
    url,
    headers,
    remoteAddress: options.ip,
    ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
  });
  return { status: response.statusCode, body: response.json<Envelope>(), headers: response.headers };
}

/** How a test calls: the caller's session, headers and address. */
interface CallerOptions {
  token?: string;
  headers?: Record<string, string>;
  ip?: string;
}

/** A route's answer as a test reads it: the route's data on success, the failure's fields otherwise. */
export interface RouteEnvelope<R extends Route> {
  code: number;
  msg?: string;
  reason?: string;
  data: ([AnswerData<R>] extends [never] ? unknown : AnswerData<R>) & { fields?: Record<string, string> };
}

/**
 * Calls a route of the table (@tradeflip/api/routes) as a client would: its method and path, its
 * body and query typed by the route. A deliberately malformed request goes through `call`.
 */
export async function callRoute<R extends Route>(
  app: FastifyInstance,
  route: R,
  options: RouteInput<R> & CallerOptions,
) {
  const { body, query, params, ...caller } = options as CallerOptions & {
    body?: unknown;
    query?: Record<string, string | number | undefined>;
    params?: Record<string, string | number>;
  };
  const path = pathWith(route.path, params);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) search.set(key, String(value));
  const url = search.size ? `${path}?${search.toString()}` : path;
  const res = await call(app, route.method, url, { ...caller, ...(body === undefined ? {} : { body }) });
  return { ...res, body: res.body as unknown as RouteEnvelope<R> };
}

/** Expects a 400 refusing one field: its reason, and its message both as the answer's and the field's. */
export function expectFieldRefused(
  res: { status: number; body: unknown },
  reason: string,
  field: string,
  msg: string,
) {
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ code: 400, reason, msg, data: { fields: { [field]: msg } } });
}

/** `callRoute` with the test harness's admin credential. */
export function adminCallRoute<R extends Route>(
  app: FastifyInstance,
  route: R,
  options: RouteInput<R> & { headers?: Record<string, string> },
) {
  return callRoute(app, route, {
    ...options,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...options.headers },
  });
}

/** Registers through the API (code from the mailer) and answers the session token. */
export async function registerUser(
  t: TestApp,
  email = uniqueEmail(),
  password = PASSWORD,
  extra: { inviteCode?: string; headers?: Record<string, string> } = {},
): Promise<{ email: string; token: string; user: Record<string, unknown> }> {
  const sent = await callRoute(t.app, routes.account.sendCode, {
    body: { email, scene: 'register' },
    ...(extra.headers && { headers: extra.headers }),
  });
  if (sent.status !== 200) throw new Error(`code: ${JSON.stringify(sent.body)}`);
  const registered = await callRoute(t.app, routes.account.register, {
    body: { email, code: t.mailer.lastCode(email), password, inviteCode: extra.inviteCode },
    ...(extra.headers && { headers: extra.headers }),
  });
  if (registered.status !== 200) throw new Error(`register: ${JSON.stringify(registered.body)}`);
  const { token, user } = registered.body.data;
  return { email: email.toLowerCase(), token, user };
}

/** The stored user of an e-mail (a test's setup reads it directly). */
export async function userOf(db: Database, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

/** An /api/admin call with the test harness's admin credential. */
export function adminCall(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
) {
  return call(app, method, url, {
    ...options,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...options.headers },
  });
}

async function expectAuditClean(db: Database, options?: AuditOptions) {
  const report = await runAudit(db, options);
  expect(report.differences).toEqual([]);
  expect(report.ok).toBe(true);
  return report;
}
