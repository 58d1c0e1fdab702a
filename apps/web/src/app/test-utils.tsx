// Renders the real route table in a memory router, inside the app's providers (tests only).
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { setSession } from '@/lib/session';
import { AppProviders } from './providers';
import { createQueryClient } from '@/lib/query-client';
import { routes } from './routes';

export const testUser = { id: 'u1', email: 'ann@example.com' };

export function signIn() {
  setSession({ token: 'test-token', user: testUser });
}

export function renderApp(path: string, opts: { signedIn?: boolean } = {}) {
  if (opts.signedIn) signIn();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, ...utils };
}

/** Where the router is now, as path + query. */
export function currentPath(router: ReturnType<typeof createMemoryRouter>) {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}
