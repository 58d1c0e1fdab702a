// The admin routes on a listener of their own (ADMIN_PORT): there only, and nothing else there.
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { viaServer } from '../cli/connection';
import { parseConfig } from '../config';
import { localUrl, removeServerRecord, writeServerRecord } from '../server-record';
import { ADMIN_TOKEN, describeEachDatabase, uniqueEmail, PASSWORD } from '../test/harness';
import { listenAdmin } from './admin-listener';

describeEachDatabase('admin listener', (db) => {
  it('serves /api/admin/* only on ADMIN_PORT, and the public port answers 404 for them', async () => {
    const { app } = await db.app({ env: { ADMIN_PORT: '0' } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const publicUrl = localUrl(app.server.address() as AddressInfo);
    const adminUrl = localUrl((await listenAdmin(app, { host: '127.0.0.1', port: 0 }))!);
    const get = async (url: string) => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      return { status: response.status, body: (await response.json()) as { code: number; reason?: string } };
    };

    expect(await get(`${adminUrl}/api/admin/users`)).toMatchObject({ status: 200, body: { code: 0 } });
    // As if the routes did not exist on the public port, whatever the path's spelling.
    for (const path of ['/api/admin/users', '/api/admin/users/', '/api//admin/users', '/api/%61dmin/users']) {
      expect((await get(`${publicUrl}${path}`)).status).not.toBe(200);
    }
    expect(await get(`${publicUrl}/api/admin/users`)).toMatchObject({
      status: 404,
      body: { code: 404, reason: 'not_found' },
    });
    expect((await get(`${publicUrl}/api/admin/users/freeze`)).status).toBe(404);

    // The admin listener answers the admin routes and the CLI's liveness check, nothing of the app.
    expect((await get(`${adminUrl}/api/health`)).status).toBe(200);
    expect((await get(`${adminUrl}/api/app/user/me`)).status).toBe(404);
    expect((await get(`${adminUrl}/api/docs/json`)).status).toBe(404);
    const signUp = await fetch(`${adminUrl}/api/app/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail(), password: PASSWORD }),
    });
    expect(signUp.status).toBe(404);

    // The public port serves the app and describes only its routes.
    expect((await get(`${publicUrl}/api/health`)).status).toBe(200);
    const docs = (await (await fetch(`${publicUrl}/api/docs/json`)).json()) as { paths: object };
    expect(Object.keys(docs.paths)).toContain('/api/app/user/me');
    expect(Object.keys(docs.paths).filter((url) => url.startsWith('/api/admin'))).toEqual([]);
  });

  it('spends no guess of the admin listener on the public port: the operator there is never locked out', async () => {
    const { app } = await db.app({ env: { ADMIN_PORT: '0', RATE_LIMIT_ADMIN_AUTH_IP: '3/900' } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const publicUrl = localUrl(app.server.address() as AddressInfo);
    const adminUrl = localUrl((await listenAdmin(app, { host: '127.0.0.1', port: 0 }))!);
    const users = (base: string, token: string) =>
      fetch(`${base}/api/admin/users`, { headers: { authorization: `Bearer ${token}` } }).then(
        (r) => r.status,
      );
    // Ten wrong guesses from this address on the public port: not found, and not counted.
    for (let i = 0; i < 10; i++) expect(await users(publicUrl, 'a-wrong-admin-token-guess-0000')).toBe(404);
    expect(await users(adminUrl, ADMIN_TOKEN)).toBe(200);
    // On the admin listener itself, guesses count as ever.
    for (let i = 0; i < 3; i++) expect(await users(adminUrl, 'a-wrong-admin-token-guess-0000')).toBe(401);
    expect(await users(adminUrl, 'a-wrong-admin-token-guess-0000')).toBe(429);
    expect(await users(adminUrl, ADMIN_TOKEN)).toBe(429);
  });

  it('is where the CLI calls the running server, by its record in DATA_DIR/server.json', async () => {
    const { app, dataDir } = await db.app({ env: { ADMIN_PORT: '0' } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = localUrl(app.server.address() as AddressInfo);
    const adminUrl = localUrl((await listenAdmin(app, { host: '127.0.0.1', port: 0 }))!);
    const record = writeServerRecord(dataDir, { url, adminUrl });
    try {
      const config = parseConfig({ DATA_DIR: dataDir, ADMIN_TOKEN, CHAINS: 'off' });
      const connection = await viaServer(config, { idempotencyKey: 'admin-listener-cli' });
      expect(connection?.via).toBe(`the running server at ${adminUrl}`);
      const users = await connection!.api.call<{ total: number }>('GET', '/api/admin/users');
      expect(typeof users.total).toBe('number');
    } finally {
      removeServerRecord(dataDir, record);
    }
  });

  it('serves the admin routes on the public port when no ADMIN_PORT is set', async () => {
    const { app } = await db.app();
    const response = await app.inject({
      url: '/api/admin/users',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(app.adminServer).toBeUndefined();
  });
});
