// The inline <head> script of every page (index.html too, so the server's CSP allows it by hash). On a
// prerendered page it runs before the markup paints: it hides the markup when it was not written for
// this visitor (until the app renders their page), and it starts the app's scripts only once the
// page is on screen, so the first paint waits for nothing but the HTML and shares the network and
// the main thread with nothing.
// No imports: vite.config.ts loads this module too (a test checks the keys match storage-keys.ts).

/** localStorage keys read before the app loads: storageKeys.language and storageKeys.token. */
export const PRERENDER_STORAGE_KEYS = { language: 'app.lang', token: 'token' } as const;
/** The language the prerendered pages are written in. */
export const PRERENDER_LANGUAGE = 'en-US';
/** <html>'s attribute naming the URL (path + query) its prerendered markup is for. */
export const PRERENDERED_ATTR = 'data-prerendered';
/**
 * <html>'s attribute marking a page shell: markup shown to signed-in visitors too (their first render
 * is the same: data comes later), which the app replaces with its own render instead of hydrating.
 */
export const SHELL_ATTR = 'data-prerender-shell';
/** <html>'s attribute set while the prerendered markup must not show (#root is hidden). */
export const STALE_ATTR = 'data-prerender-stale';
/**
 * On a prerendered page, the <link>s standing for the entry script ('module'), the chunks to preload
 * ('modulepreload') and the web app manifest ('manifest', whose icons the browser fetches at once):
 * inert until the script turns them into the real thing after paint.
 */
export const AFTER_PAINT_ATTR = 'data-after-paint';
/**
 * <html>'s attribute while someone is signed in (a token is stored): set by the head script before the
 * first paint and kept in step by lib/session.ts. A shell that differs for them (Home: no Sign in, a
 * slot for their balance) shows their version by CSS alone (styles/app.css: .visitor-only, .member-only).
 */
export const SIGNED_IN_ATTR = 'data-signed-in';
/**
 * On an after-paint <link>, marks a chunk only a signed-in person's version of the page loads (Home's
 * balance summary and the query client): preloaded for them after paint, one per task like the rest,
 * rather than all at once when the page first renders; skipped for visitors.
 */
export const MEMBERS_ATTR = 'data-members';

interface Check {
  attr: string;
  shellAttr: string;
  staleAttr: string;
  afterPaintAttr: string;
  language: string;
  languageKey: string;
  tokenKey: string;
  signedInAttr: string;
  membersAttr: string;
}

/**
 * The markup is this visitor's page when it is for this URL, in their language (app.lang, else the
 * browser's: zh* is Chinese), and they are signed out (or it is a shell). Repeats language.ts's rule in plain code with
 * no imports, since it is serialised into the page; a test keeps the two in step.
 */
export function startPrerenderedPage(check: Check): void {
  const root = document.documentElement;
  function read(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  }
  if (read(check.tokenKey)) root.setAttribute(check.signedInAttr, '');
  const url = root.getAttribute(check.attr);
  if (url === null) return;
  const stored = read(check.languageKey);
  const browser = (navigator.languages && navigator.languages[0]) || navigator.language || '';
  const lang =
    stored === 'zh-CN' || stored === 'en-US'
      ? stored
      : browser.trim().toLowerCase().indexOf('zh') === 0
        ? 'zh-CN'
        : 'en-US';
  const stale =
    lang !== check.language ||
    (read(check.tokenKey) && !root.hasAttribute(check.shellAttr)) ||
    location.pathname + location.search !== url;
  if (stale) root.setAttribute(check.staleAttr, '');
  // #root is inert until hydrated; where inert is not supported, still never submit a form natively
  // (the app's forms are all handled by script; a GET would put the password in the URL).
  document.addEventListener(
    'submit',
    (event) => {
      if (document.getElementById('root')?.hasAttribute('inert')) event.preventDefault();
    },
    true,
  );

  const links = document.getElementsByTagName('link');
  // One element per task: the first script and preload set up the module loader, which takes a while.
  function load(from: number) {
    for (let i = from; i < links.length; i++) {
      const link = links[i] as HTMLLinkElement;
      const kind = link.getAttribute(check.afterPaintAttr);
      if (!kind) continue;
      link.removeAttribute(check.afterPaintAttr);
      if (link.hasAttribute(check.membersAttr) && !read(check.tokenKey)) continue;
      const el = document.createElement(kind === 'module' ? 'script' : 'link');
      if (kind === 'module') {
        el.setAttribute('type', 'module');
        el.setAttribute('crossorigin', '');
        el.setAttribute('src', link.href);
      } else {
        el.setAttribute('rel', kind);
        if (kind === 'modulepreload') el.setAttribute('crossorigin', '');
        el.setAttribute('href', link.href);
      }
      document.head.appendChild(el);
      setTimeout(() => load(i + 1), 0);
      return;
    }
  }
  // Once the page is parsed and, unless the markup is hidden or the page in the background, its first
  // contentful paint is on screen (or after a while, should the browser not report it).
  let started = false;
  function start() {
    if (started) return;
    started = true;
    load(0);
  }
  const paintFirst = !stale && document.visibilityState === 'visible';
  const paintTimings = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes;
  if (paintFirst && paintTimings && paintTimings.indexOf('paint') >= 0) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(start, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(start, 3000);
  } else {
    document.addEventListener('DOMContentLoaded', () => {
      if (paintFirst) requestAnimationFrame(() => setTimeout(start, 0));
      else start();
    });
  }
}

/** The body of the inline script. */
export function headScript(): string {
  const check: Check = {
    attr: PRERENDERED_ATTR,
    shellAttr: SHELL_ATTR,
    staleAttr: STALE_ATTR,
    afterPaintAttr: AFTER_PAINT_ATTR,
    language: PRERENDER_LANGUAGE,
    languageKey: PRERENDER_STORAGE_KEYS.language,
    tokenKey: PRERENDER_STORAGE_KEYS.token,
    signedInAttr: SIGNED_IN_ATTR,
    membersAttr: MEMBERS_ATTR,
  };
  return `(${startPrerenderedPage.toString()})(${JSON.stringify(check)})`;
}

/** The rule that hides stale markup (inlined into prerendered pages). */
export const STALE_CSS = `html[${STALE_ATTR}] #root{visibility:hidden}`;
