// Everything a page can rely on: the query cache, i18n, antd-mobile's locale.
import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import ConfigProvider, { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import type { Language } from '@tradeflip/i18n';
import { i18n, useLanguage } from '@/lib/i18n';
import { getSession, subscribeSession } from '@/lib/session';
import { getAppQueryClient, subscribeAppQueryClient } from '@/lib/app-query-client';

// antd-mobile's English says "Scroll down to refresh"; a phone is pulled, as every app says.
const antdLocales = {
  'en-US': {
    ...enUS,
    PullToRefresh: {
      pulling: 'Pull down to refresh',
      canRelease: 'Release to refresh',
      complete: 'Refreshed',
    },
  },
  'zh-CN': zhCN,
} as const;

function syncAntdLocale(lang: Language) {
  // Imperative Dialog/Toast render outside the tree and read the default config.
  setDefaultConfig({ locale: antdLocales[lang] });
}

/** `queryClient` replaces the app's own (app-query-client.ts), which exists once a page that queries opened. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const appClient = useSyncExternalStore(subscribeAppQueryClient, getAppQueryClient, getAppQueryClient);
  const client = queryClient ?? appClient;
  const language = useLanguage();
  syncAntdLocale(language);

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
      <ConfigProvider locale={antdLocales[language]}>
        <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>
      </ConfigProvider>
    </I18nextProvider>
  );
}
