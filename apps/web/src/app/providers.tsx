// Everything a page can rely on: the query cache and i18n (antd-mobile's locale: lib/antd-locale.ts).
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { getSession, subscribeSession } from '@/lib/session';
import { getAppQueryClient, subscribeAppQueryClient } from '@/lib/app-query-client';

/** `queryClient` replaces the app's own (app-query-client.ts), which exists once a page that queries opened. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const appClient = useSyncExternalStore(subscribeAppQueryClient, getAppQueryClient, getAppQueryClient);
  const client = queryClient ?? appClient;

  // What QueryClientProvider does, for a client that may arrive later: the provider stays in place,
  // so nothing below remounts when it does.
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);

  // Another user's cached data must never show: drop the cache when the signed-in user changes.
  useEffect(() => {
    if (!client) return;
    let userId = getSession()?.user.id;
    return subscribeSession((session) => {
      const next = session?.user.id;
      if (next !== userId) client.removeQueries();
      userId = next;
    });
  }, [client]);

  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>
    </I18nextProvider>
  );
}
