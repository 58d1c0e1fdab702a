// What the benchmarks share: a mailer that keeps the last message, and a user registered through the
// API with the code it carried.
import type { FastifyInstance } from 'fastify';
import type { Mailer, MailMessage } from '../src/mail/mailer';

export class MemoryMailer implements Mailer {
  last: MailMessage | undefined;
  async send(message: MailMessage) {
    this.last = message;
  }
  async close() {}
}

/** Registers `email` through the API (rate limits for codes and sign-ups off); answers its session. */
export async function registerBenchUser(
  app: FastifyInstance,
  mailer: MemoryMailer,
  email: string,
): Promise<{ token: string; userId: number }> {
  await app.inject({ method: 'POST', url: '/api/app/auth/code', payload: { email, scene: 'register' } });
  const code = /\b(\d{6})\b/.exec(mailer.last?.text ?? '')?.[1];
  const registered = await app.inject({
    method: 'POST',
    url: '/api/app/auth/register',
    payload: { email, code, password: 'Bench1234' },
  });
  const data = registered.json<{ data: { token: string; user: { id: string } } }>().data;
  return { token: data.token, userId: Number(data.user.id) };
}
