// Build-time prerendering of the pages people land on first (Home, sign-in): the build writes their
// HTML as a signed-out en-US visitor sees it (scripts/prerender-plugin.ts), so it paints before any
// script runs, and the app hydrates it. Anyone else (another language, signed in, another query) gets
// the page rendered by the client as before; prerender-check.ts hides the markup until then.
// A shell (the contract game of the default pair, Lightning Flip) is a page whose first render is the same for
// everyone, signed in or not: its data all comes later. Its markup shows to every en-US visitor of
// its URL and is replaced by the app's first render of the page (never hydrated: what a person
// remembered, such as the chart's timeframe, may differ from the build's).
import { getLanguage } from '@/lib/language';
import { getToken } from '@/lib/session';
import { DEFAULT_GAME_PAIR, gamePath, paths } from '@/lib/paths';
import { PRERENDERED_ATTR, PRERENDER_LANGUAGE, SHELL_ATTR, STALE_ATTR } from './prerender-check';

/** Home's balance summary (with the query client it brings), which only a signed-in person's Home renders. */
const HOME_MEMBER_MODULES = ['src/components/balance-summary.tsx', 'src/lib/query-client.ts'];

/**
 * The prerendered pages: their document title (see useDocumentTitle), and the modules their route
 * loads — its page module (a test checks it is the route table's), and the app's query client for a
 * page that queries (routes.tsx) — whose chunks the page preloads.
 */
export const prerenderPages: {
  path: string;
  titleKey: string;
  modules: string[];
  /** What only a signed-in person's version loads, preloaded for them alone (MEMBERS_ATTR). */
  memberModules?: string[];
  shell?: boolean;
}[] = [
  // Home is a shell too: a signed-in person sees their version of it at once (no Sign in, a slot for
  // their balance: CSS by <html data-signed-in>) until the app renders it with their figures.
  {
    path: paths.home,
    titleKey: 'brand.name',
    modules: ['src/features/home/pages/home-page.tsx'],
    memberModules: HOME_MEMBER_MODULES,
    shell: true,
  },
  {
    path: paths.homeAlias,
    titleKey: 'brand.name',
    modules: ['src/features/home/pages/home-page.tsx'],
    memberModules: HOME_MEMBER_MODULES,
    shell: true,
  },
  {
    path: paths.login,
    titleKey: 'titles.login',
    modules: ['src/features/auth/pages/login-page.tsx', 'src/lib/query-client.ts'],
  },
  {
    path: gamePath(DEFAULT_GAME_PAIR),
    titleKey: 'titles.game',
    modules: ['src/features/contract-game/pages/game-page.tsx', 'src/lib/query-client.ts'],
    shell: true,
  },
  {
    path: paths.flip,
    titleKey: 'titles.flip',
    modules: ['src/features/flip/pages/flip-page.tsx', 'src/lib/query-client.ts'],
    shell: true,
  },
];

/** Whether the page holds prerendered markup of the current URL in this visitor's language. */
function isMarkupFor(root: HTMLElement): boolean {
  const url = root.getAttribute(PRERENDERED_ATTR);
  return (
    url !== null &&
    url === `${window.location.pathname}${window.location.search}` &&
    getLanguage() === PRERENDER_LANGUAGE
  );
}

/** Whether the page holds the prerendered markup of the current URL, written for this visitor: hydrate it. */
export function isPrerenderFor(root: HTMLElement = document.documentElement): boolean {
  return isMarkupFor(root) && !root.hasAttribute(SHELL_ATTR) && !getToken();
}

/**
 * Whether the page holds the shell of the current URL in this visitor's language: it stays on screen
 * until the app's first render of the page replaces it.
 */
export function isShellFor(root: HTMLElement = document.documentElement): boolean {
  return isMarkupFor(root) && root.hasAttribute(SHELL_ATTR);
}

/** Drops prerendered markup the client renders itself, and shows #root again. */
export function discardPrerender(container: HTMLElement): void {
  const root = document.documentElement;
  if (root.hasAttribute(PRERENDERED_ATTR)) {
    container.replaceChildren();
    container.removeAttribute('inert');
    root.removeAttribute(PRERENDERED_ATTR);
  }
  root.removeAttribute(STALE_ATTR);
}
