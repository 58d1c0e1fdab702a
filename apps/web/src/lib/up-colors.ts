// Which colour means "up" (DESIGN §10): green-up / red-down by default, or red-up / green-down as
// Chinese users expect. The choice is remembered and applied to the whole app at once through
// <html data-up>, which swaps the --tf-up and --tf-down colours every screen uses.
import { useSyncExternalStore } from 'react';
import { readStorage, storageKeys, writeStorage } from './storage-keys';

export type UpColor = 'green' | 'red';

const listeners = new Set<() => void>();

export function getUpColor(): UpColor {
  return readStorage(storageKeys.upColor) === 'red' ? 'red' : 'green';
}

/** Puts the remembered choice on <html> (at start-up and after a change). */
export function applyUpColor(color: UpColor = getUpColor()): void {
  if (typeof document === 'undefined') return;
  if (color === 'red') document.documentElement.dataset.up = 'red';
  else delete document.documentElement.dataset.up;
}

export function setUpColor(color: UpColor): void {
  writeStorage(storageKeys.upColor, color === 'red' ? 'red' : null);
  applyUpColor(color);
  for (const fn of [...listeners]) fn();
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

export function useUpColor(): UpColor {
  return useSyncExternalStore(subscribe, getUpColor, () => 'green');
}
