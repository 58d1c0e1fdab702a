import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadCatalog, setLanguage, subscribeLanguage, getLanguage } from './i18n';
import { detectLanguage } from './language';
import { setSession } from './session';
import { installFakeAdapter } from './http/test-adapter';

function keysOf(node: object, prefix = ''): string[] {
  return Object.entries(node).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v as object, `${prefix}${k}.`),
  );
}

describe('catalog', () => {
  it('holds the shared messages, the screens’ text and the install sheet in one namespace', () => {
    expect(i18n.t('errors.missingId')).toBe('Missing parameter: id');
    expect(i18n.t('tabs.home')).toBe('Home');
    expect(i18n.t('install.later')).toBe('Later');
    expect(i18n.t('errors.missingId', { lng: 'zh-CN' })).toBe('缺少参数：id');
    expect(i18n.t('tabs.profile', { lng: 'zh-CN' })).toBe('我的');
  });

  it('fills {name} placeholders', () => {
    expect(i18n.t('validation.decimals', { n: 6 })).toBe('Up to 6 decimals');
    expect(i18n.t('errors.tooManyRequestsIn', { s: 42 })).toBe('Too many requests. Try again in 42s.');
  });

  it('has the same keys in both languages', async () => {
    expect(keysOf(await loadCatalog('zh-CN')).sort()).toEqual(keysOf(await loadCatalog('en-US')).sort());
  });
});

describe('initial language', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is app.lang when stored', () => {
    localStorage.setItem('app.lang', 'zh-CN');
    expect(detectLanguage()).toBe('zh-CN');
  });

  it.each([
    ['zh-TW', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['en-GB', 'en-US'],
    ['fr-FR', 'en-US'],
  ])('maps the browser language %s to %s', (browser, expected) => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue([browser]);
    expect(detectLanguage()).toBe(expected);
  });
});

describe('setLanguage', () => {
  let server: ReturnType<typeof installFakeAdapter>;
  beforeEach(() => {
    server = installFakeAdapter();
  });

  it('persists app.lang, switches i18next and <html lang>, notifies listeners', () => {
    const listener = vi.fn();
    const stop = subscribeLanguage(listener);
    const seen: string[] = [];
    const stop2 = subscribeLanguage(() => seen.push(i18n.t('tabs.home')));
    setLanguage('zh-CN');
    stop();
    stop2();
    expect(localStorage.getItem('app.lang')).toBe('zh-CN');
    expect(getLanguage()).toBe('zh-CN');
    expect(i18n.language).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(listener).toHaveBeenCalledWith('zh-CN');
    expect(seen).toEqual(['首页']); // listeners already read the new language
  });

  it('posts the choice when signed in, silently and fire-and-forget', async () => {
    setSession({ token: 't', user: { id: 'u', email: 'a@b.co' } });
    setLanguage('zh-CN');
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    const request = server.last();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/app/user/me/lang');
    expect(request.body).toEqual({ language: 'zh-CN' });
    expect(request.header('X-Lang')).toBe('zh-CN');
    request.respond(500, { code: 500 });
  });

  it('does not post when signed out or unchanged', async () => {
    setLanguage('zh-CN');
    setSession({ token: 't', user: { id: 'u', email: 'a@b.co' } });
    setLanguage('zh-CN');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests).toHaveLength(0);
  });
});
