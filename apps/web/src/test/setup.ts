// jsdom setup for the web app's tests.
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import '@/lib/antd-react19';
import { i18n } from '@/lib/i18n';
import { resetLanguageCache } from '@/lib/language';
import { resetSessionCache } from '@/lib/session';
import { preloadToast, resetToastThrottle } from '@/lib/toast';
import { resetHttpState } from '@/lib/http/client';

// Toasts render synchronously in tests (the app loads the component lazily).
await preloadToast();
// Form rules a page loads lazily (at the first focus) are fetched already, as a person's focus would.
await import('@/features/auth/login-resolver');

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom has no matchMedia; antd-mobile and the install prompt ask it.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// Nor pointer capture, which antd-mobile's pull to refresh (use-gesture) asks for on a tap.
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;

// Nor ResizeObserver / IntersectionObserver, which some antd-mobile components use.
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  resetSessionCache();
  resetLanguageCache();
  resetToastThrottle();
  resetHttpState();
  if (i18n.language !== 'en-US') void i18n.changeLanguage('en-US');
  document.documentElement.lang = 'en-US';
});
