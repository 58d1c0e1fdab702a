// The current UI language as plain state, so the HTTP client can read it without importing i18next.
import { toLanguage, type Language } from '@tradeflip/i18n/lang';
import { readStorage, storageKeys, writeStorage } from './storage-keys';

type Listener = (lang: Language) => void;
const listeners = new Set<Listener>();
let current: Language | undefined;

/** `app.lang` when stored, else the browser language (zh* → zh-CN, anything else → en-US). */
export function detectLanguage(): Language {
  const stored = readStorage(storageKeys.language);
  if (stored === 'zh-CN' || stored === 'en-US') return stored;
  const browser =
    typeof navigator !== 'undefined' ? (navigator.languages?.[0] ?? navigator.language) : undefined;
  return toLanguage(browser);
}

export function getLanguage(): Language {
  current ??= detectLanguage();
  return current;
}

/** Stores the choice and notifies listeners; returns whether it changed. */
export function storeLanguage(lang: Language): boolean {
  const previous = getLanguage();
  writeStorage(storageKeys.language, lang);
  if (lang === previous) return false;
  current = lang;
  for (const fn of [...listeners]) fn(lang);
  return true;
}

export function subscribeLanguage(fn: Listener): () => void {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

/** For tests: re-detect from storage/navigator on next read. */
export function resetLanguageCache(): void {
  current = undefined;
}
