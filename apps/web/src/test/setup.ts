// jsdom setup for the web app's tests.
import { afterAll, afterEach, vi } from 'vitest';
import { act, cleanup, configure, waitFor } from '@testing-library/react';
import '@/lib/antd-react19';
import '@/lib/antd-locale';
import { i18n, loadLanguage } from '@/lib/i18n';
import { resetLanguageCache } from '@/lib/language';
import { resetSessionCache } from '@/lib/session';
import { preloadToast, resetToastThrottle } from '@/lib/toast';
import { resetHttpState } from '@/lib/http/client';
import { clearToasts } from '@/lib/toast-render';
import { Globals } from '@react-spring/web';
import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

// Both languages are in (the app loads Chinese when a person reads it).
await loadLanguage('zh-CN');
// Toasts render synchronously in tests (the app loads the component lazily).
await preloadToast();
// Form rules a page loads lazily (at the first focus) are fetched already, as a person's focus would.
await import('@/features/auth/login-resolver');

// antd-mobile renders a toast or a dialog into a React root of its own (lib/antd-react19.ts), often from
// a route loader or a timer, where no test's act() is around it: here each of its renders is an act.
type Container = (Element | DocumentFragment) & { __tradeflipRoot?: Root };
unstableSetRender((node, container: Container) => {
  const root = (container.__tradeflipRoot ??= createRoot(container));
  act(() => root.render(node));
  return async () => {
    await Promise.resolve();
    act(() => root.unmount());
    delete container.__tradeflipRoot;
  };
});

// antd-mobile's popups and toasts animate with react-spring; in tests they jump to their end state, so
// a closed toast or sheet leaves the page at once (as with reduced motion), under fake timers too.
Globals.assign({ skipAnimation: true });

// findBy/waitFor give a loaded 2-core machine time to render (a limit, not a timing).
configure({ asyncUtilTimeout: 5000 });

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

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  // A toast lives in its own React root that cleanup() does not unmount; left alone it closes on a
  // timer, and if that fires as the file's jsdom window is torn down React's scheduler runs against
  // no window ("window is not defined"). Close it now and wait until it has left the page.
  if (document.querySelector('.adm-toast-mask')) {
    act(() => clearToasts());
    await waitFor(() => {
      if (document.querySelector('.adm-toast-mask')) throw new Error('toast still open');
    });
  }
  localStorage.clear();
  sessionStorage.clear();
  resetSessionCache();
  resetLanguageCache();
  resetToastThrottle();
  resetHttpState();
  if (i18n.language !== 'en-US') void i18n.changeLanguage('en-US');
  document.documentElement.lang = 'en-US';
});

// Work React scheduled in the last moments of a file (a query settling after its page unmounted)
// runs on a later turn of the event loop: let it run while the file's window still exists.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
});
