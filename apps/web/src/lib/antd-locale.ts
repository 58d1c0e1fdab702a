// antd-mobile's own words (its loading, pull-to-refresh, dialog buttons) in the app's language. Set as
// antd-mobile's default config rather than by a ConfigProvider around the app, so its locales load
// with the pages that use antd-mobile, not with `/` (whose first screen has none). Every module that
// imports antd-mobile imports this one first (antd-locale.test.ts checks).
import { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { getLanguage } from './language';

// antd-mobile's English says "Scroll down to refresh"; a phone is pulled, as every app says.
export const antdLocales = {
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

// Read at each use, so it follows every language switch (there is no provider to re-render).
setDefaultConfig({
  get locale() {
    return antdLocales[getLanguage()];
  },
});
