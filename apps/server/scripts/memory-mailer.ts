// What the benchmarks share: a mailer that keeps the last message, the app on a database with its own
// data directory (rate limits on calls, codes and sign-ups off), and a user registered through the API
// with the code it carried.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Clock } from '../src/clock';
import { parseConfig, type Env } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import type { Mailer, MailMessage } from '../src/mail/mailer';

export class MemoryMailer implements Mailer {
  last: MailMessage | undefined;
  async send(message: MailMessage) {
    this.last = message;
  }
  async close() {}
}

/** Registers `email` through the API (with an inviter's code when given) (rate limits for codes and sign-ups off); answers its session. */
export async function registerBenchUser(
  app: FastifyInstance,
  mailer: MemoryMailer,
  email: string,
  inviteCode?: string,
): Promise<{ token: string; userId: number; inviteCode: string }> {
  await app.inject({ method: 'POST', url: '/api/app/auth/code', payload: { email, scene: 'register' } });
  const code = /\b(\d{6})\b/.exec(mailer.last?.text ?? '')?.[1];
  const registered = await app.inject({
    method: 'POST',
    url: '/api/app/auth/register',
    payload: { email, code, password: 'Bench1234', ...(inviteCode && { inviteCode }) },
  });
  const data = registered.json<{ data: { token: string; user: { id: string; inviteCode: string } } }>().data;
  return { token: data.token, userId: Number(data.user.id), inviteCode: data.user.inviteCode };
}

/**
 * The app on `database` with a fresh data directory (the caller removes `dataDir`) and a MemoryMailer;
 * `env` adds to its settings; `clock` is its time (the wall clock by default).
 */
export async function benchApp(
  database: DatabaseHandle,
  prefix: string,
  env: Env = {},
  options: { clock?: Clock } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const config = parseConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_API_IP: 'off',
    RATE_LIMIT_CODE_IP: 'off',
    RATE_LIMIT_REGISTER_IP: 'off',
    ...env,
  });
  const mailer = new MemoryMailer();
  const app = await buildApp({
    config,
    db: database.db,
    driver: database.driver,
    outside: database.outside,
    listen: database.listen,
    mailer,
    ...(options.clock && { clock: options.clock }),
  });
  return { app, mailer, dataDir };
}
