// A person asking for the install guide (Home's "Add to home screen" entry): the install prompt (mounted
// once by the shell) listens and shows its sheet at once, whatever its own timing rules say: the
// rules hold back an offer nobody asked for, not an answer to a tap.
const listeners = new Set<() => void>();

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
  return Boolean(win.matchMedia?.('(display-mode: standalone)').matches || nav.standalone);
}
