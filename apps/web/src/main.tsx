// Entry: the theme, then the app, loaded in stages that each run as a task of their own (React, the
// app, the current page, the first render), so none blocks the main thread for long. A prerendered
// page (app/prerender.ts) is already painted and is hydrated; any other page is rendered from scratch.
import 'antd-mobile/es/global';
import './styles/theme.css';
import './styles/app.css';
import { discardPrerender, isPrerenderFor } from './app/prerender';
import { applyUpColor } from './lib/up-colors';

// Before the first paint: the person's up/down colours.
applyUpColor();

/** Lets the browser handle input and paint before the next stage. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function boot(container: HTMLElement) {
  const hydrate = isPrerenderFor();
  if (!hydrate) discardPrerender(container);
  await import('react-dom/client');
  await nextTask();
  const [{ createAppRouter, mountApp }, { registerServiceWorker }] = await Promise.all([
    import('./app/app'),
    import('@/lib/pwa'),
  ]);
  await nextTask();
  const router = await createAppRouter({ loadCurrentPage: hydrate });
  await nextTask();
  mountApp(container, router, { hydrate });
  registerServiceWorker();
  whenIdle(() => void import('@/lib/precisions').then((m) => m.ensurePrecisions()));
}

/**
 * The precision map is loaded at app start (spec §7), once the first page is up, so its HTTP client
 * does not compete with the first paint. Pages that show amounts wait for it themselves.
 */
function whenIdle(task: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 1000);
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
void boot(container);
