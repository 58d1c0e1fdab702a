import fs from 'node:fs';
import { expect, it } from 'vitest';
import { OPENAPI_FILE, openApiText } from './openapi';

it('apps/server/openapi.json is the document the routes describe (else: npm run openapi)', async () => {
  const committed = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
  const current = await openApiText();
  expect(
    committed === current,
    'apps/server/openapi.json is stale: run `npm run openapi` and commit it',
  ).toBe(true);
  const document = JSON.parse(current) as { paths: Record<string, unknown> };
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining(['/api/app/asset/withdraw', '/api/app/auth/login']),
  );
  // The operator's routes are the CLI's, not the public API's.
  expect(Object.keys(document.paths).filter((url) => url.startsWith('/api/admin'))).toEqual([]);
});
