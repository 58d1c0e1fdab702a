// A wrong admin credential: logged at warn with the address and the route (never the token given),
// and limited per address (RATE_LIMIT_ADMIN_AUTH_IP) with the usual 429, which then refuses the right
// token too, so guessing on past the limit learns nothing. The operators' own calls are not counted.
import { PassThrough } from 'node:stream';
import { expect, it } from 'vitest';
import { ADMIN_TOKEN, call, describeEachDatabase } from '../../test/harness';

const WRONG = 'not-the-admin-token-guess-7c1e';

function captured() {
  const lines: Record<string, unknown>[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    }
  });
  return { stream, lines };
}

describeEachDatabase('refused admin credentials', (db) => {
  it('are logged at warn with the address and route, never the token', async () => {
    const log = captured();
    const t = await db.app({ env: { LOG_LEVEL: 'info' }, logStream: log.stream });
    const res = await call(t.app, 'GET', '/api/admin/users', { token: WRONG, ip: '198.51.100.7' });
    expect(res.status).toBe(401);
    const refused = log.lines.filter((line) => line.msg === 'admin credential refused');
    expect(refused).toHaveLength(1);
    // pino's warn
    expect(refused[0]).toMatchObject({ level: 40, ip: '198.51.100.7', route: '/api/admin/users' });
    expect(JSON.stringify(log.lines)).not.toContain(WRONG);
  });

  it('are limited per address; the right token is then refused there too, not elsewhere', async () => {
    const t = await db.app({ env: { RATE_LIMIT_ADMIN_AUTH_IP: '3/900' } });
    const guess = (ip: string, token = WRONG) => call(t.app, 'GET', '/api/admin/users', { token, ip });
    // The operator's own calls do not count against their address.
    for (let i = 0; i < 5; i++) expect((await guess('198.51.100.8', ADMIN_TOKEN)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await guess('198.51.100.8')).status).toBe(401);
    const limited = await guess('198.51.100.8');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 429, reason: 'rate_limited' });
    expect(limited.body.msg).toMatch(/^Too many requests\. Try again in \d+s\.$/);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect((await guess('198.51.100.8', ADMIN_TOKEN)).status).toBe(429);
    expect((await guess('198.51.100.9', ADMIN_TOKEN)).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/admin/users', { ip: '198.51.100.9' })).status).toBe(401);
  });
});
