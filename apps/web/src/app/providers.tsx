// Everything a page can rely on: the query cache, i18n, antd-mobile's locale.
import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import ConfigProvider, { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import type { Language } from '@tradeflip/i18n';
import { i18n, useLanguage } from '@/lib/i18n';
import { getSession, subscribeSession } from '@/lib/session';
import { createQueryClient } from './query-client';

const antdLocales = { 'en-US': enUS, 'zh-CN': zhCN } as const;

function syncAntdLocale(lang: Language) {
  // Imperative Dialog/Toast render outside the tree and read the default config.
  setDefaultConfig({ locale: antdLocales[lang] });
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const language = useLanguage();
  syncAntdLocale(language);

  // Another user's cached data must never show: drop the cache when the signed-in user changes.
  useEffect(() => {
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
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
}
