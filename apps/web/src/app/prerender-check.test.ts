import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetLanguageCache } from '@/lib/language';
import {
  resetSessionCache,
  setSession,
  clearSession,
  SIGNED_IN_ATTR as SESSION_SIGNED_IN_ATTR,
} from '@/lib/session';
import { storageKeys } from '@/lib/storage-keys';
import { isPrerenderFor, isShellFor } from './prerender';
import {
  AFTER_PAINT_ATTR,
  headScript,
  MEMBERS_ATTR,
  PRERENDER_STORAGE_KEYS,
  PRERENDERED_ATTR,
  SHELL_ATTR,
  SIGNED_IN_ATTR,
  STALE_ATTR,
} from './prerender-check';

const root = document.documentElement;
const runHeadScript = () => new Function(headScript())() as void;

afterEach(() => {
  vi.restoreAllMocks();
  root.removeAttribute(PRERENDERED_ATTR);
  root.removeAttribute(STALE_ATTR);
  root.removeAttribute(SHELL_ATTR);
  document.head
    .querySelectorAll(`[${AFTER_PAINT_ATTR}], script[src], link[rel=modulepreload]`)
    .forEach((el) => el.remove());
  window.history.replaceState(null, '', '/');
  document.body.replaceChildren();
});

describe('the head script of prerendered pages', () => {
  it('reads the keys the app stores', () => {
    expect(PRERENDER_STORAGE_KEYS).toEqual({ language: storageKeys.language, token: storageKeys.token });
  });

  it('does nothing on a page that was not prerendered', () => {
    runHeadScript();
    expect(root.hasAttribute(STALE_ATTR)).toBe(false);
  });

  // Home's shell shows a signed-in person their version (no Sign in, a slot for the balance) by CSS.
  it('marks <html> signed in before the first paint, and the session keeps the mark in step', () => {
    expect(SIGNED_IN_ATTR).toBe(SESSION_SIGNED_IN_ATTR);
    localStorage.setItem(storageKeys.token, 'tok');
    runHeadScript();
    expect(root.hasAttribute(SIGNED_IN_ATTR)).toBe(true);
    clearSession();
    expect(root.hasAttribute(SIGNED_IN_ATTR)).toBe(false);
    setSession({ token: 'tok2', user: { id: '1', email: 'a@b.c' } });
    expect(root.hasAttribute(SIGNED_IN_ATTR)).toBe(true);
    clearSession();
  });

  // The markup shows only when the app will hydrate it: the script and the app agree.
  it.each([
    { stored: null, browser: 'en-GB', token: null, url: '/', here: '/' },
    { stored: null, browser: 'zh-TW', token: null, url: '/', here: '/' },
    { stored: 'en-US', browser: 'zh-CN', token: null, url: '/', here: '/' },
    { stored: 'zh-CN', browser: 'en-US', token: null, url: '/', here: '/' },
    { stored: 'fr', browser: ' ZH', token: null, url: '/', here: '/' },
    { stored: null, browser: 'en-US', token: 'tok', url: '/', here: '/' },
    { stored: null, browser: 'en-US', token: null, url: '/pages/login/index', here: '/pages/login/index' },
    {
      stored: null,
      browser: 'en-US',
      token: null,
      url: '/pages/login/index',
      here: '/pages/login/index?from=force',
    },
    { stored: null, browser: 'en-US', token: null, url: '/pages/login/index', here: '/pages/login/index/' },
  ])('hides the markup exactly when the app will not hydrate it: %o', (c) => {
    if (c.stored) localStorage.setItem(storageKeys.language, c.stored);
    if (c.token) localStorage.setItem(storageKeys.token, c.token);
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue([c.browser]);
    window.history.replaceState(null, '', c.here);
    root.setAttribute(PRERENDERED_ATTR, c.url);
    resetLanguageCache();
    resetSessionCache();

    runHeadScript();
    expect(root.hasAttribute(STALE_ATTR)).toBe(!isPrerenderFor());
  });

  // A shell (the game page's) shows to signed-in visitors too, and the app replaces it, never hydrates.
  it.each([
    { stored: null, token: 'tok', here: '/pages/game/detail?id=BTCUSDT', shown: true },
    { stored: null, token: null, here: '/pages/game/detail?id=BTCUSDT', shown: true },
    { stored: 'zh-CN', token: 'tok', here: '/pages/game/detail?id=BTCUSDT', shown: false },
    { stored: null, token: 'tok', here: '/pages/game/detail?id=ETHUSDT', shown: false },
  ])('shows a shell to this visitor exactly when the app will replace it: %o', (c) => {
    if (c.stored) localStorage.setItem(storageKeys.language, c.stored);
    if (c.token) localStorage.setItem(storageKeys.token, c.token);
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    window.history.replaceState(null, '', c.here);
    root.setAttribute(PRERENDERED_ATTR, '/pages/game/detail?id=BTCUSDT');
    root.setAttribute(SHELL_ATTR, '');
    resetLanguageCache();
    resetSessionCache();

    runHeadScript();
    expect(root.hasAttribute(STALE_ATTR)).toBe(!c.shown);
    expect(isShellFor()).toBe(c.shown);
    expect(isPrerenderFor()).toBe(false);
  });

  it('never lets a form submit natively before the app hydrates it', () => {
    root.setAttribute(PRERENDERED_ATTR, '/');
    runHeadScript();
    document.body.innerHTML = '<div id="root" inert><form><input name="password"></form></div>';
    const form = document.querySelector('form') as HTMLFormElement;
    const submit = () => {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      form.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(submit()).toBe(true);
    document.getElementById('root')?.removeAttribute('inert');
    expect(submit()).toBe(false);
  });

  it('starts the scripts once the page is parsed, one element at a time, the entry as a module script', async () => {
    root.setAttribute(PRERENDERED_ATTR, '/');
    document.head.insertAdjacentHTML(
      'beforeend',
      `<link ${AFTER_PAINT_ATTR}="module" href="/assets/index-1.js"><link ${AFTER_PAINT_ATTR}="modulepreload" href="/assets/react-2.js">`,
    );
    localStorage.setItem(storageKeys.token, 'tok'); // hidden markup: nothing to paint first
    runHeadScript();
    expect(document.head.querySelector('script[src]')).toBeNull();

    document.dispatchEvent(new Event('DOMContentLoaded'));
    const entry = document.head.querySelector('script[src]');
    expect(entry?.getAttribute('type')).toBe('module');
    expect(entry?.getAttribute('src')).toBe(new URL('/assets/index-1.js', location.href).href);
    await vi.waitFor(() => expect(document.head.querySelector('link[rel=modulepreload]')).not.toBeNull());
    expect(document.head.querySelector('link[rel=modulepreload]')?.getAttribute('href')).toBe(
      new URL('/assets/react-2.js', location.href).href,
    );
  });

  // Home's balance summary: preloaded after paint for a signed-in person, never for a visitor.
  it.each([
    { who: 'a signed-in person', token: 'tok', preloaded: ['/assets/react-2.js', '/assets/summary-3.js'] },
    { who: 'a visitor', token: null, preloaded: ['/assets/react-2.js'] },
  ])('preloads the chunks only signed-in people use for $who alone', async ({ token, preloaded }) => {
    root.setAttribute(PRERENDERED_ATTR, '/');
    document.head.insertAdjacentHTML(
      'beforeend',
      `<link ${AFTER_PAINT_ATTR}="module" href="/assets/index-1.js">` +
        `<link ${AFTER_PAINT_ATTR}="modulepreload" href="/assets/summary-3.js" ${MEMBERS_ATTR}>` +
        `<link ${AFTER_PAINT_ATTR}="modulepreload" href="/assets/react-2.js">`,
    );
    if (token) localStorage.setItem(storageKeys.token, token);
    else localStorage.removeItem(storageKeys.token);
    root.setAttribute(SHELL_ATTR, ''); // shown to both
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden'); // nothing to paint first
    runHeadScript();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    await vi.waitFor(() => expect(document.head.querySelector(`[${AFTER_PAINT_ATTR}]`)).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 10));
    const hrefs = [...document.head.querySelectorAll('link[rel=modulepreload]')].map(
      (link) => new URL(link.getAttribute('href') ?? '', location.href).pathname,
    );
    expect(hrefs.sort()).toEqual([...preloaded].sort());
  });
});
