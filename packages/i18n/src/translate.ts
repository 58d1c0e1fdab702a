import type { Language } from './lang';
import { messagesEn, type Messages } from './messages';
import { messagesZh } from './zh-CN';

type Join<K, P> = K extends string ? (P extends string ? `${K}.${P}` : never) : never;
type Paths<T> = { [K in keyof T]: T[K] extends string ? K : Join<K, Paths<T[K]>> }[keyof T];

/** A key of the shared catalog, e.g. 'validation.passwordRule'. */
export type MessageKey = Paths<Messages>;

const catalogs: Record<Language, Messages> = { 'en-US': messagesEn, 'zh-CN': messagesZh };

export function isMessageKey(key: string): key is MessageKey {
  return lookup(messagesEn, key) !== undefined;
}

function lookup(catalog: unknown, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Fills {name} placeholders. */
export function interpolate(text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export function translate(lang: Language, key: MessageKey, vars?: Record<string, string | number>): string {
  const text = lookup(catalogs[lang], key) ?? lookup(messagesEn, key) ?? key;
  return interpolate(text, vars);
}
