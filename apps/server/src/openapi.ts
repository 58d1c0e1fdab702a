// The OpenAPI document the server serves at /api/docs/json, as committed in apps/server/openapi.json
// (CONVENTIONS 11): `npm run openapi` writes it, and a test fails when the committed file is stale.
import path from 'node:path';
import { buildApp } from './app';
import { parseConfig, repoRoot } from './config';
import { openPglite } from './db/client';

export const OPENAPI_FILE = path.join(repoRoot, 'apps/server/openapi.json');

/** The document as text: the app built on an in-memory database, its every route described. */
export async function openApiText(): Promise<string> {
  const database = await openPglite(undefined);
  const app = await buildApp({
    config: parseConfig({ LOG_LEVEL: 'silent', CHAINS: 'off' }),
    db: database.db,
    driver: database.driver,
    outside: database.outside,
  });
  try {
    await app.ready();
    return `${JSON.stringify(app.swagger(), null, 2)}\n`;
  } finally {
    await app.close();
    await database.close();
  }
}
