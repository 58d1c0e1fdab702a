// The app shell around every page: page transitions, the tab bar on the two tab pages, the install
// prompt, page-view counting, the user's live channel and its notices' toasts, and the router's navigate
// handed to non-React code.
import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import {
  Outlet,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useNavigationType,
} from 'react-router';
import { useTranslation } from 'react-i18next';
import { InstallPrompt, recordPageView } from '@/features/install-prompt';
import { setNavigator } from '@/lib/navigation';
import { useSession } from '@/lib/session';
import { noteVisit } from '@/lib/pwa';
import { clearStaleToasts } from '@/lib/toast';
import { recordNavigation, startStack, type Direction } from './page-stack';
import { TabBar, type TabKey } from './tab-bar';

// A signed-in player's live channel and notices on every screen: their own chunk, off a visitor's `/`.
const LiveLayer = lazyPart(() => import('./live-layer'));

export interface RouteHandle {
  tab?: TabKey;
}

const animationClass: Record<Direction, string> = {
  forward: 'page page--slide-left',
  back: 'page page--slide-right',
  none: 'page',
};

export function Shell() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const matches = useMatches();
  const tab = matches.map((m) => (m.handle as RouteHandle | undefined)?.tab).find(Boolean);
  const direction = usePageDirection(location.key, navigationType);
  // The one subscription to the signed-in user's live events, for every page (live-layer.tsx).
  const signedIn = Boolean(useSession());

  useEffect(() => {
    setNavigator((to, opts) => void navigate(to, opts));
    return () => setNavigator(null);
  }, [navigate]);

  useEffect(() => {
    recordPageView();
    noteVisit(location.pathname);
    // A toast about the page left behind does not follow the person to the next one.
    clearStaleToasts();
  }, [location.key, location.pathname]);

  return (
    <div className={tab ? 'app-column app-column--tabs' : 'app-column'}>
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label={t('common.loading')} />
      )}
      <div key={location.key} className={animationClass[direction]} data-direction={direction}>
        <Outlet />
      </div>
      {tab && <TabBar active={tab} />}
      {/* The offer rises on Home and Profile only, never over a trading screen's order bar. */}
      <InstallPrompt allowed={Boolean(tab)} />
      {signedIn && (
        <Suspense fallback={null}>
          <LiveLayer />
        </Suspense>
      )}
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}

/**
 * Where a page's scroll is remembered. Every page a load starts on has the key `default`, so the
 * router's own key would put Home at the game page's depth when it is opened by its address; the first
 * entry of a load is remembered by its path instead.
 */
function scrollKey(location: { key: string; pathname: string; search: string }): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}

/** Which way the page that just arrived slides in; the first page of a load does not animate. */
function usePageDirection(key: string, action: 'PUSH' | 'POP' | 'REPLACE'): Direction {
  const [direction, setDirection] = useState<Direction>('none');
  const lastKey = useRef<string | null>(null);
  // Before paint, so the new page's first frame already has its animation.
  useLayoutEffect(() => {
    if (lastKey.current === key) return;
    const first = lastKey.current === null;
    lastKey.current = key;
    if (first) {
      startStack();
      setDirection('none');
    } else {
      setDirection(recordNavigation(action));
    }
  }, [key, action]);
  return direction;
}
