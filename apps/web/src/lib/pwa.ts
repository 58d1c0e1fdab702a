// The service worker: registered once the page has loaded (spec §1), and whether it controls the page
// (the install prompt waits for that).
import { useSyncExternalStore } from 'react';

export const SERVICE_WORKER_URL = '/sw.js';

type Listener = () => void;
const listeners = new Set<Listener>();
let registered = false;

function container(): ServiceWorkerContainer | undefined {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator
    ? navigator.serviceWorker
    : undefined;
}

/** The cache the service worker reads to tell a screen visited before (vite.config.ts). */
const VISITED_CACHE = 'tradeflip-visited';
const noted = new Set<string>();

/**
 * Notes that the screen at `pathname` was visited: offline, the service worker then opens it from the
 * cached shell with its last data, instead of the offline page.
 */
export function noteVisit(pathname: string): void {
  if (noted.has(pathname) || typeof caches === 'undefined') return;
  noted.add(pathname);
  caches
    .open(VISITED_CACHE)
    .then((cache) => cache.put(pathname, new Response('')))
    .catch(() => noted.delete(pathname));
}

/** Whether a service worker controls this page now. */
export function isControlled(): boolean {
  return Boolean(container()?.controller);
}

export function subscribeControlled(fn: Listener): () => void {
  listeners.add(fn);
  const sw = container();
  sw?.addEventListener('controllerchange', fn);
  return () => {
    listeners.delete(fn);
    sw?.removeEventListener('controllerchange', fn);
  };
}

/** True once a service worker controls the page; re-renders when that changes. */
export function useServiceWorkerControlled(): boolean {
  return useSyncExternalStore(subscribeControlled, isControlled, () => false);
}

/**
 * Registers /sw.js after the load event (so it never competes with the first paint). Production builds
 * only; a no-op where service workers are unavailable (insecure origins, old browsers). An update that
 * takes control reloads the page, since the old build's lazy chunks are gone from the server.
 */
export function registerServiceWorker(opts: { force?: boolean } = {}): void {
  const sw = container();
  if (registered || !sw || (!import.meta.env.PROD && !opts.force)) return;
  registered = true;
  // A page that already had a worker when it loaded is taken over by an update: reload then, since
  // the old build's lazy chunks are gone from the server. A first install only starts controlling.
  const wasControlled = Boolean(sw.controller);
  sw.addEventListener('controllerchange', () => {
    for (const fn of [...listeners]) fn();
    if (wasControlled) window.location.reload();
  });
  const start = () => {
    sw.register(SERVICE_WORKER_URL, { scope: '/' }).catch((err: unknown) => {
      console.warn('Service worker registration failed', err);
    });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
