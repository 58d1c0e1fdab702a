// i18next for the screens, built from the shared catalogs (@tradeflip/i18n), and the language switch.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { useSyncExternalStore } from 'react';
import type { MessageKey } from '@tradeflip/i18n';
import { installEn, messagesEn, uiEn } from '@tradeflip/i18n/en-US';
import { languages, type Language } from '@tradeflip/i18n/lang';
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

/** The catalogs of a language, merged: English is bundled, Chinese is loaded when someone reads it. */
const catalogs: Record<Language, () => Promise<Tree>> = {
  'en-US': () => Promise.resolve(mergeCatalogs(messagesEn, uiEn, installEn)),
  'zh-CN': async () => {
    const { messagesZh, uiZh, installZh } = await import('@tradeflip/i18n/zh-CN');
    return mergeCatalogs(messagesZh, uiZh, installZh);
  },
};
export const loadCatalog = (lang: Language): Promise<Tree> => catalogs[lang]();

export const i18n: I18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { 'en-US': { translation: mergeCatalogs(messagesEn, uiEn, installEn) } },
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

const loaded = new Set<Language>(['en-US']);
const loading = new Map<Language, Promise<void>>();

/**
 * Adds a language's catalog to i18next, once (features' catalogs, added with their pages, merge
 * beside it). Until then its texts read in English, the fallback: the app renders after it.
 */
export function loadLanguage(lang: Language): Promise<void> {
  if (loaded.has(lang)) return Promise.resolve();
  let load = loading.get(lang);
  if (!load) {
    load = loadCatalog(lang).then((catalog) => {
      i18n.addResourceBundle(lang, 'translation', catalog, true, true);
      loaded.add(lang);
    });
    load.catch(() => loading.delete(lang)); // offline: the next switch tries again
    loading.set(lang, load);
  }
  return load;
}

/**
 * The person's language is ready to show: the app's first render waits for it (main.tsx). Never
 * fails: a catalog that can't load leaves the app in English rather than not starting.
 */
export const languageReady: Promise<void> = loadLanguage(getLanguage()).catch(() => undefined);

/**
 * Runs the translation path once. Its first calls are slow (compiled as they run): paid in the first
 * page's render they made a long task on a slow phone (25 texts on Home: about 20 ms at 4× slowdown);
 * main.tsx pays them here, in a task of their own.
 */
export function warmTranslations(): void {
  const t = i18n.getFixedT(null, 'translation');
  for (const key of ['brand.name', 'brand.tagline', 'common.loading'] as const) t(key);
}

/** A shared message in the current language, outside React (toasts, the HTTP client's errors). */
export function translateMessage(key: MessageKey, vars?: Record<string, string | number>): string {
  return i18n.t(key, { ...vars, lng: getLanguage() });
}

function setDocumentLanguage(lang: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** The language last asked for: a slower load of an earlier choice doesn't switch back to it. */
let wanted: Language | undefined;

/**
 * Switches the language: persists `app.lang`, switches i18next and <html lang>, notifies listeners,
 * and, when signed in, posts the choice to the server (fire and forget, silent). A language not
 * loaded yet switches once its catalog is in.
 */

export function setLanguage(lang: Language): void {
  wanted = lang;
  // A loaded language switches at once (in the same task as the tap).
  if (loaded.has(lang)) return switchLanguage(lang);
  loadLanguage(lang)
    .then(() => {
      if (wanted === lang) switchLanguage(lang); // the last choice wins
    })
    .catch(() => undefined); // offline: the language stays as it was
}
function switchLanguage(lang: Language): void {
  // i18next first, so listeners notified by storeLanguage already read the new texts.
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
  setDocumentLanguage(lang);
  if (!storeLanguage(lang)) return;
  if (getToken()) {
    // The HTTP client is loaded on demand, keeping it out of the first bundle.
    void import('./post-language').then(({ postLanguage }) => postLanguage(lang)).catch(() => undefined);
  }
}

/** The current language; re-renders on change. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, getLanguage, getLanguage);
}
