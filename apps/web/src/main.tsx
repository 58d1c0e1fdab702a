// Entry: the theme, then the app, loaded in stages that each run as a task of their own (React, the
// app, the current page, the first render), so none blocks the main thread for long. A prerendered
// page (app/prerender.ts) is already painted and is hydrated (or, a shell, replaced by the first
// render); any other page is rendered from scratch.
import 'antd-mobile/es/global';
import './styles/theme.css';
import './styles/app.css';
import { discardPrerender, isPrerenderFor, isShellFor } from './app/prerender';
import { applyUpColor } from './lib/up-colors';
import { nextTask, whenIdle } from './lib/next-task';

// Before the first paint: the person's up/down colours.
applyUpColor();

async function boot(container: HTMLElement) {
  const hydrate = isPrerenderFor();
  // A shell stays on screen until the first render of its page replaces it (React empties the
  // container when it commits), so the router loads the page first, as for hydration.
  const shell = !hydrate && isShellFor();
  if (!hydrate && !shell) discardPrerender(container);
  await import('react-dom/client');
  await nextTask();
  const [{ createAppRouter, mountApp }, { registerServiceWorker }, { languageReady, warmTranslations }] =
    await Promise.all([import('./app/app'), import('@/lib/pwa'), import('@/lib/i18n')]);
  // A person reading Chinese gets its catalog, loaded beside the app, before the first render.
  await languageReady;
  await nextTask();
  warmTranslations();
  await nextTask();
  const router = await createAppRouter({ loadCurrentPage: hydrate || shell });
  await nextTask();
  mountApp(container, router, { hydrate });
  registerServiceWorker();
  // The precision map is loaded at app start (spec §7), once the first page is up, so its HTTP client
  // does not compete with the first paint. Pages that show amounts wait for it themselves.
  whenIdle(() => void import('@/lib/precisions').then((m) => m.ensurePrecisions()));
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
void boot(container);
