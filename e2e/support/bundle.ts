import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { latestCode } from './outbox';
import type { Browser } from '@playwright/test';
import { REPO_ROOT } from './env';

export const ENTRY_LIMIT_KIB = 150;
export const ROUTE_CHUNK_LIMIT_KIB = 60;

const DIST = join(REPO_ROOT, 'apps/web/dist');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

export async function gzipKiB(file: string): Promise<number> {
  const bytes = await readFile(join(DIST, file));
  return gzipSync(bytes, { level: 9 }).length / 1024;
}

/**
 * Every JavaScript file a first visit to `path` fetches until the network is idle (what loads after
 * the load event, such as the service worker's registration code and idle-time preloads, counts too),
 * with its gzipped size (KiB). The service worker's own scripts and precache downloads are not the
 * page's.
 */
/** A signed-in person's localStorage (lib/session.ts), for pages that need sign-in. */
export interface StoredSession {
  token: string;
  user_id: string;
  email: string;
}

/** Registers a new person through the API (the code from `outbox`): their stored session. */
export async function signUpSession(baseUrl: string, outbox?: string): Promise<StoredSession> {
  const email = `bundle-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Bundle-pass-1234';
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: number; data?: unknown };
  };
  await post('/api/app/auth/code', { email, scene: 'register' });
  const registered = await post('/api/app/auth/register', {
    email,
    password,
    code: await latestCode(email, outbox),
  });
  const data = registered.data as { token: string; user: { id: string | number } } | undefined;
  if (!data) throw new Error(`sign-up failed: ${JSON.stringify(registered)}`);
  return { token: data.token, user_id: String(data.user.id), email };
}

export async function jsLoadedFor(browser: Browser, baseUrl: string, path: string, session?: StoredSession) {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  if (session) {
    await context.addInitScript((stored) => {
      for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    }, session);
  }
  const page = await context.newPage();
  const files = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js') && url.origin === new URL(baseUrl).origin) files.add(url.pathname);
  });
  await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
  await context.close();
  const sizes = await Promise.all(
    [...files]
      // The worker's script and its runtime (/workbox-*.js) run in the worker, not the page.
      .filter((f) => f !== '/sw.js' && !/^\/workbox-[^/]+\.js$/.test(f))
      .map(async (f) => ({ file: f, kib: await gzipKiB(f.slice(1)) })),
  );
  return { files: sizes, totalKiB: sizes.reduce((sum, s) => sum + s.kib, 0) };
}

/** The contract game page's own JavaScript limit (issue 11), chart included. */
export const GAME_PAGE_LIMIT_KIB = 100;
export const GAME_PAGE = '/pages/game/detail?id=BTCUSDT';
/** Lightning Flip's page and its own JavaScript limits (issue 18): chart included, and without it. */
export const FLIP_PAGE = '/pages/flip-lightning/index';
export const FLIP_PAGE_LIMIT_KIB = 100;
export const FLIP_PAGE_BEYOND_CHART_LIMIT_KIB = 60;

/**
 * JavaScript a page loads beyond what `/` loads (its own, the chart's included), both signed in as
 * `session` (the games need sign-in; signed out it is the sign-in page that loads).
 */
export async function pageOwnJs(browser: Browser, baseUrl: string, path: string, session: StoredSession) {
  const home = await jsLoadedFor(browser, baseUrl, '/', session);
  const page = await jsLoadedFor(browser, baseUrl, path, session);
  const shared = new Set(home.files.map((f) => f.file));
  const own = page.files.filter((f) => !shared.has(f.file));
  return { files: own, totalKiB: own.reduce((sum, f) => sum + f.kib, 0) };
}

export const gamePageOwnJs = (browser: Browser, baseUrl: string, session: StoredSession) =>
  pageOwnJs(browser, baseUrl, GAME_PAGE, session);

/** The chart's files (its lazily loaded chunk and what it imports): cached once any chart was drawn. */
export async function chartFiles(): Promise<Set<string>> {
  const manifest = JSON.parse(await readFile(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) if (!manifest[imported]?.isEntry) visit(imported);
  };
  const key = Object.keys(manifest).find((k) =>
    k.endsWith('components/market/market-chart/market-chart.tsx'),
  );
  if (!key) throw new Error('no chart chunk in the manifest');
  visit(key);
  return files;
}

/** The lazily loaded route modules' own chunks (Vite's dynamic entries), gzipped. */
export async function routeChunks() {
  const manifest = JSON.parse(await readFile(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const chunks = Object.values(manifest).filter((c) => c.isDynamicEntry && c.file.endsWith('.js'));
  return Promise.all(
    chunks.map(async (c) => ({ src: c.src ?? c.file, file: c.file, kib: await gzipKiB(c.file) })),
  );
}
