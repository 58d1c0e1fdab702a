// The app's root: providers around the router, mounted on #root by main.tsx.
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { routes } from './routes';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser router. With `loadCurrentPage`, it resolves once the current URL's lazy routes are
 * loaded, so the first render is the page itself rather than the loading fallback (hydration needs that).
 */
export async function createAppRouter({ loadCurrentPage = false } = {}): Promise<AppRouter> {
  const router = createBrowserRouter(routes);
  if (loadCurrentPage) await routerReady(router);
  return router;
}

/** Resolves once `router` has loaded the lazy routes of its first location. */
export function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

export function App({ router }: { router: AppRouter }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/**
 * Renders the app into `container`, or hydrates the prerendered page there. As a transition, so React
 * works in short slices and the page stays responsive while it becomes interactive.
 */
export function mountApp(container: HTMLElement, router: AppRouter, { hydrate }: { hydrate: boolean }) {
  const app = (
    <StrictMode>
      <Interactive container={container}>
        <App router={router} />
      </Interactive>
    </StrictMode>
  );
  startTransition(() => {
    if (hydrate) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

/** Lets people use prerendered markup (inert until then) once it is hydrated. */
function Interactive({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => container.removeAttribute('inert'), [container]);
  return children;
}
