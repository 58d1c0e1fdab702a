import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
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
export async function jsLoadedFor(browser: Browser, baseUrl: string, path: string) {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
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
