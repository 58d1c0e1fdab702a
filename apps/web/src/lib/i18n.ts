// i18next for the screens, built from the shared catalogs (@tradeflip/i18n), and the language switch.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSyncExternalStore } from 'react';
import {
  installEn,
  installZh,
  languages,
  messagesEn,
  messagesZh,
  uiEn,
  uiZh,
  type Language,
} from '@tradeflip/i18n';
import { getLanguage, storeLanguage, subscribeLanguage } from './language';
import { getToken } from './session';

export { getLanguage, subscribeLanguage };
export type { Language };

type Tree = { [key: string]: string | Tree };

/** Deep-merges catalogs into one namespace: 'errors.missingId', 'tabs.home', 'install.title'. */
export function mergeCatalogs(...catalogs: object[]): Tree {
  const out: Tree = {};
  const merge = (into: Tree, from: Tree) => {
    for (const [k, v] of Object.entries(from)) {
      if (typeof v === 'string') into[k] = v;
      else merge((into[k] = typeof into[k] === 'object' ? into[k] : {}) as Tree, v);
    }
  };
  for (const c of catalogs) merge(out, c as Tree);
  return out;
}

export const resources = {
  'en-US': { translation: mergeCatalogs(messagesEn, uiEn, installEn) },
  'zh-CN': { translation: mergeCatalogs(messagesZh, uiZh, installZh) },
};

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: getLanguage(),
  fallbackLng: 'en-US',
  supportedLngs: [...languages],
  defaultNS: 'translation',
  // The shared catalogs use {name} placeholders.
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  returnNull: false,
  initAsync: false,
});
setDocumentLanguage(getLanguage());

function setDocumentLanguage(lang: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/**
 * Switches the language: persists `app.lang`, switches i18next and <html lang>, notifies listeners,
 * and, when signed in, posts the choice to the server (fire and forget, silent).
 */
export function setLanguage(lang: Language): void {
  // i18next first, so listeners notified by storeLanguage already read the new texts.
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  setDocumentLanguage(lang);
  if (!storeLanguage(lang)) return;
  if (getToken()) {
    // The HTTP client is loaded on demand, keeping it out of the first bundle.
    void import('./http')
      .then(({ http }) => http.post('/api/app/user/me/lang', { language: lang }, { silent: true }))
      .catch(() => undefined);
  }
}

/** The current language; re-renders on change. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, getLanguage, getLanguage);
}
