// A part of a screen whose code comes later (React.lazy): the chart, the live plays feed, a sheet.
// Offline, its chunk may not come (on a first visit the service worker may not hold it yet). The part
// then waits for the connection and loads when it is back, instead of the screen falling to its error
// page: offline, a screen just visited stays with its last data (issue 32, point 10).
import { lazy, type ComponentType } from 'react';

/** Runs `load`; if it fails while the device is offline, runs it again once the device is back online. */
export function loadWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    if (typeof navigator === 'undefined' || navigator.onLine) throw error;
    return new Promise<T>((resolve, reject) => {
      window.addEventListener('online', () => void loadWhenOnline(load).then(resolve, reject), {
        once: true,
      });
    });
  });
}

/** React.lazy whose code, offline, waits for the connection (its Suspense fallback stays meanwhile). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => loadWhenOnline(load));
}
