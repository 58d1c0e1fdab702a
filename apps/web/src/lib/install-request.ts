// A person asking for the install guide (Home's "Add to home screen" entry): the install prompt (mounted
// once by the shell) listens and shows its sheet at once, whatever its own timing rules say: the
// rules hold back an offer nobody asked for, not an answer to a tap.
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
const standaloneQuery = '(display-mode: standalone)';

export function requestInstallGuide(): void {
  for (const fn of [...listeners]) fn();
}

export function onInstallRequest(fn: () => void): () => void {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

/** Running from the home screen already (nothing to install). */
export function isStandalone(win: Window = window): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  return Boolean(win.matchMedia?.(standaloneQuery).matches || nav.standalone);
}

/**
 * Whether the app runs from the home screen, for a render: read at once on the client (no second
 * render of the page after its first), false in the prerendered page; follows a change of mode.
 */
export function useStandalone(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia?.(standaloneQuery);
      query?.addEventListener('change', changed);
      return () => query?.removeEventListener('change', changed);
    },
    () => isStandalone(),
    () => false,
  );
}
