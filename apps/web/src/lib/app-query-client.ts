// The app's query client, created when the first page that may query opens: TanStack Query's cache
// (and its code) stays out of pages that never query, such as Home. Route modules wait for it
// (routes.tsx), so a page that queries always renders with it provided (providers.tsx).
import type { QueryClient } from '@tanstack/react-query';

let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

export function getAppQueryClient(): QueryClient | undefined {
  return client;
}

export function subscribeAppQueryClient(fn: () => void): () => void {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

/** Creates the client once (loading its code first); resolves with it. */
export function loadAppQueryClient(): Promise<QueryClient> {
  loading ??= Promise.all([import('./query-client'), import('./kept-queries')]).then(
    ([{ createQueryClient }, { keepQueries }]) => {
      if (!client) {
        client = createQueryClient();
        // A screen visited opens offline with its last answers.
        keepQueries(client);
      }
      for (const fn of [...listeners]) fn();
      return client;
    },
  );
  return loading;
}
