// Deeply nested JSON bodies at every route of the API: never a 500. A body nested beyond
// MAX_JSON_DEPTH arrays or objects is refused before any walk of it (the control-character check,
// the schemas) with a 400 in the envelope, in the caller's language; one within it goes on to the
// route's own rules.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import * as routes from '@tradeflip/api/routes';
import type { Route } from '@tradeflip/api';
import { translate } from '@tradeflip/i18n';
import { controlCharacterPath } from './plugins/control-characters';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './plugins/errors';
import { ADMIN_TOKEN, describeEachDatabase, registerUser } from './test/harness';

const allRoutes = Object.values(routes).flatMap((feature) => Object.values(feature) as Route[]);

/** `inner` wrapped in `depth` arrays or objects, as `shape` says level by level. */
function nested(depth: number, shape: (level: number) => 'array' | 'object', inner = '1'): string {
  let open = '';
  let close = '';
  for (let level = 0; level < depth; level++) {
    if (shape(level) === 'array') {
      open += '[';
      close = `]${close}`;
    } else {
      open += '{"a":';
      close = `}${close}`;
    }
  }
  return `${open}${inner}${close}`;
}

const deepBodies = {
  arrays: nested(4000, () => 'array'),
  objects: nested(4000, () => 'object'),
  mixed: nested(4000, (level) => (level % 3 === 0 ? 'object' : 'array'), '"x"'),
  // Inside the fields a route reads, as a form's value would be.
  inFields: `{"email":${nested(4000, () => 'array')},"password":"Secret123","amount":${nested(4000, () => 'object')}}`,
};

it('finds a control character however deep, naming the first field in document order', () => {
  let deep: unknown = 'a\u0000b';
  for (let level = 0; level < 100_000; level++) deep = level % 2 ? [deep] : { k: deep };
  expect(controlCharacterPath(deep)?.split('.')).toHaveLength(100_000);
  expect(controlCharacterPath({ a: ['ok', { b: 'x\u0007' }], c: 'y\u0000' })).toBe('a.1.b');
  expect(controlCharacterPath({ a: { 'k\u0001': 'ok' }, b: 'y\u0000' })).toBe('a.k\u0001');
  expect(controlCharacterPath({ a: ['ok'] })).toBeUndefined();
});

it('counts nesting by brackets outside strings', () => {
  expect(nestsDeeperThan('[[1]]', 2)).toBe(false);
  expect(nestsDeeperThan('[[[1]]]', 2)).toBe(true);
  expect(nestsDeeperThan('["[[[[", {"a\\"": "{{{{"}]', 2)).toBe(false);
  expect(nestsDeeperThan('[1],[2],[3]', 1)).toBe(false);
});

describeEachDatabase('deeply nested request bodies', (db) => {
  it('answers every route a 4,000-level body without a 500, a 400 in the envelope where read', async () => {
    const t = await db.app();
    // Marks heard, so /api/ready answers as a process that can serve (its 503 is by design).
    await t.app.services.market.init();
    for (let i = 0; i < 3; i++) await t.app.services.market.step();
    const user = await registerUser(t);
    // Every route the server serves is in the table, and the other way round.
    const served = new Set(t.app.registeredRoutes.map((route) => `${route.method} ${route.url}`));
    for (const route of allRoutes) expect(served, route.path).toContain(`${route.method} ${route.path}`);
    expect(allRoutes.filter((route) => route.method === 'POST').length).toBeGreaterThanOrEqual(25);

    for (const route of allRoutes) {
      const url = route.path.replace(/:[^/]+/g, '1');
      const token = route.path.startsWith('/api/admin/') ? ADMIN_TOKEN : user.token;
      for (const [name, payload] of Object.entries(deepBodies)) {
        for (const lang of ['en-US', 'zh-CN'] as const) {
          const res = await t.app.inject({
            method: route.method,
            url,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-lang': lang },
            payload,
          });
          const context = `${route.method} ${url} (${name}, ${lang}) → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, context).toBeLessThan(500);
          expect(res.headers['content-type'], context).toMatch(/^application\/json/);
          const envelope = res.json<{ code: number; msg: string; reason: string }>();
          expect(envelope.code, context).toBe(res.statusCode === 200 ? 0 : res.statusCode);
          // Every route with a body reads it: the refusal is the depth's, in the caller's language.
          if (route.method !== 'GET') {
            expect(envelope, context).toEqual({
              code: 400,
              reason: 'bad_request',
              msg: translate(lang, 'errors.nestedTooDeep', { max: MAX_JSON_DEPTH }),
            });
          }
        }
      }
    }
  });

  it('refuses any shape nested beyond the limit, and lets one within it reach the route', async () => {
    const t = await db.app();
    const user = await registerUser(t);
    // A body within the limit reaches the route: signing out would sign the rest out with it.
    const posts = allRoutes.filter((route) => route.method !== 'GET' && !route.path.endsWith('/logout'));
    const shape = fc.array(fc.constantFrom<'array' | 'object'>('array', 'object'), {
      minLength: 1,
      maxLength: 8,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...posts),
        fc.integer({ min: 1, max: 3 * MAX_JSON_DEPTH }),
        shape,
        fc.constantFrom('1', '"text"', 'null', '[]', '{}', '"\\"[{"'),
        async (route, depth, pattern, inner) => {
          const token = route.path.startsWith('/api/admin/') ? ADMIN_TOKEN : user.token;
          const payload = nested(depth, (level) => pattern[level % pattern.length]!, inner);
          // An empty array or object inside adds a level of its own.
          const levels = depth + (inner === '[]' || inner === '{}' ? 1 : 0);
          const res = await t.app.inject({
            method: route.method,
            url: route.path.replace(/:[^/]+/g, '1'),
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            payload,
          });
          const context = `${route.method} ${route.path} ${payload.slice(0, 80)}… (${levels} levels) → ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, context).toBeLessThan(500);
          const envelope = res.json<{ code: number; msg: string; reason: string }>();
          expect(envelope.code, context).toBe(res.statusCode === 200 ? 0 : res.statusCode);
          const refusedForDepth =
            envelope.msg === translate('en-US', 'errors.nestedTooDeep', { max: MAX_JSON_DEPTH });
          expect(refusedForDepth, context).toBe(levels > MAX_JSON_DEPTH);
        },
      ),
      { numRuns: 150 },
    );
  });
});
