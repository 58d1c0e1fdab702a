// The precision map (spec §3, §7): how many decimals each symbol's prices and amounts show. Loaded at
// app start from /api/app/asset/precision-map (falling back to /api/asset/precision-map), kept in
// localStorage under app.precisions.v1 with the time it was fetched, and reused for 5 minutes. Until
// it arrives, and if both calls fail with nothing stored, lookups use the defaults (4 and 6).
import { useSyncExternalStore } from 'react';
import { normalizePrecisionMap, type PrecisionLookup } from '@tradeflip/money/precision';
import { getWithFallback } from './http';
import * as routes from '@tradeflip/api/routes';
import { readStorage, storageKeys, writeStorage } from './storage-keys';

export const PRECISION_CACHE_MS = 5 * 60_000;

interface StoredPrecisions {
  /** Epoch milliseconds of the fetch. */
  savedAt: number;
  data: PrecisionLookup;
}

let current: StoredPrecisions | null | undefined;
let loading: Promise<PrecisionLookup> | undefined;
const listeners = new Set<() => void>();

function stored(): StoredPrecisions | null {
  if (current !== undefined) return current;
  current = null;
  const text = readStorage(storageKeys.precisions);
  if (!text) return current;
  try {
    const parsed = JSON.parse(text) as Partial<StoredPrecisions>;
    if (typeof parsed.savedAt === 'number' && Number.isFinite(parsed.savedAt)) {
      current = { savedAt: parsed.savedAt, data: normalizePrecisionMap(parsed.data) };
    }
  } catch {
    /* a damaged entry is refetched */
  }
  return current;
}

const isFresh = (entry: StoredPrecisions | null, now: number) =>
  entry !== null && now - entry.savedAt >= 0 && now - entry.savedAt < PRECISION_CACHE_MS;

/**
 * Resolves with the map: the stored one while it is fresh, else a new fetch (one at a time). A
 * failed fetch resolves with the stale map, or the empty map whose lookups give the defaults.
 */
export function ensurePrecisions({ force = false } = {}): Promise<PrecisionLookup> {
  const entry = stored();
  if (!force && isFresh(entry, Date.now())) return Promise.resolve(entry!.data);
  loading ??= getWithFallback(routes.wallet.precisionMap, routes.wallet.precisionMapFallback, {
    silent: true,
  })
    .then(({ data: raw }) => {
      const next = { savedAt: Date.now(), data: normalizePrecisionMap(raw) };
      writeStorage(storageKeys.precisions, JSON.stringify(next));
      current = next;
      for (const fn of [...listeners]) fn();
      return next.data;
    })
    .catch(() => stored()?.data ?? normalizePrecisionMap(null))
    .finally(() => {
      loading = undefined;
    });
  return loading;
}

/** The map as it is now (stored or loaded), or undefined before the first load. */
export function getPrecisions(): PrecisionLookup | undefined {
  return stored()?.data;
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

/** The current map, re-rendering when a newer one arrives. */
export function usePrecisions(): PrecisionLookup | undefined {
  return useSyncExternalStore(subscribe, getPrecisions, getPrecisions);
}

/** For tests: forget what was read from storage and any load in flight. */
export function resetPrecisions(): void {
  current = undefined;
  loading = undefined;
}
