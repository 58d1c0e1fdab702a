// Toasts (antd-mobile), throttled to one per 1.2 s (spec §8–9). They show at the top of the screen,
// where they cover no field, error or button of a form, and a navigation clears them (issue 9). The
// Toast component and its animation library stay out of the first load: they are fetched once the
// person first interacts with the page (toasts answer what they do), or at the first toast.
import { isCancel } from './http/errors';
import { translateMessage } from '@/lib/i18n';

export const TOAST_THROTTLE_MS = 1200;

let lastShownAt = Number.NEGATIVE_INFINITY;
/** A toast shown this recently is about the navigation that follows it ("Signed in"), so it stays. */
export const TOAST_NAVIGATION_GRACE_MS = 500;

let render: ((text: string) => void) | null = null;
let clear: (() => void) | null = null;
let loading: Promise<void> | null = null;

/** Loads the Toast component; resolves once toasts render synchronously. */
export function preloadToast(): Promise<void> {
  loading ??= import('./toast-render').then((m) => {
    render = m.renderToast;
    clear = m.clearToasts;
  });
  return loading;
}

/** Shows `text`, unless another toast was shown less than 1.2 s ago. Returns whether it was shown. */
export function showToast(text: string): boolean {
  if (!text) return false;
  const now = Date.now();
  if (now - lastShownAt < TOAST_THROTTLE_MS) return false;
  lastShownAt = now;
  if (render) render(text);
  else void preloadToast().then(() => render?.(text));
  return true;
}

/** Toasts an error's message (an ApiError's is already localised); cancelled calls show nothing. */
export function showError(err: unknown): boolean {
  if (isCancel(err)) return false;
  const message =
    err instanceof Error && err.message ? err.message : translateMessage('errors.requestFailed');
  return showToast(message);
}

/** Clears the toast on screen unless it was shown just now (as the navigation's own message). */
export function clearStaleToasts(): void {
  if (Date.now() - lastShownAt >= TOAST_NAVIGATION_GRACE_MS) clear?.();
}

/** For tests: forget the throttle window. */
export function resetToastThrottle(): void {
  lastShownAt = Number.NEGATIVE_INFINITY;
}

if (typeof window !== 'undefined' && import.meta.env.PROD) {
  const firstInteraction = ['pointerdown', 'keydown', 'focusin'] as const;
  const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1));
  const preload = () => {
    for (const type of firstInteraction) window.removeEventListener(type, preload, true);
    idle(() => void preloadToast());
  };
  for (const type of firstInteraction)
    window.addEventListener(type, preload, { capture: true, passive: true });
}
