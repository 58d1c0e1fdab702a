// The hide-balances eye (issue 9): on Home, Profile and Assets a person can mask every balance (in a
// café, on a shared screen). The choice is remembered in localStorage and shared by every screen.
import { useSyncExternalStore } from 'react';
import { readStorage, storageKeys, writeStorage } from './storage-keys';

const listeners = new Set<() => void>();

function read(): boolean {
  return readStorage(storageKeys.hideBalances) === '1';
}

export function setBalancesHidden(hidden: boolean): void {
  writeStorage(storageKeys.hideBalances, hidden ? '1' : null);
  for (const fn of [...listeners]) fn();
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  // Another tab closing or opening the eye.
  const onStorage = (e: StorageEvent) => {
    if (e.key === storageKeys.hideBalances) fn();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(fn);
    window.removeEventListener('storage', onStorage);
  };
}

/** Whether balances are masked, re-rendering when the eye is toggled anywhere. */
export function useBalancesHidden(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
