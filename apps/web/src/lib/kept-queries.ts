// The last answer of the screens a person visited, kept across reloads for when the network is gone
// (issue 32): a screen just visited opens offline with what it showed, under the stale banner, instead
// of a full-page "You are offline". Every successful answer of a kept query is written to storage (a
// second or so later, at most one write per second, and at once when the page goes); a kept query whose load then fails for want of
// a connection gets it back. Online, nothing changes: the server's answer is what shows.
// Per-user answers carry the user id in their key, and sign-out drops them all (session.ts).
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Ticker } from '@tradeflip/api';
import { isApiError } from './http';
import { getSession, subscribeSession } from './session';
import { readStorage, storageKeys, writeStorage } from './storage-keys';

/** The screens' data that is kept: the market, the game, the wallet's balances and records. */
const KEPT_ROOTS = new Set(['market', 'game', 'asset']);
/** An answer bigger than this is not kept (storage is small; a list's first pages are enough). */
const MAX_ENTRY_CHARS = 200_000;
/** The newest answers kept, at most. */
const MAX_ENTRIES = 60;
const SAVE_DELAY_MS = 1000;

interface KeptEntry {
  key: QueryKey;
  hash: string;
  data: unknown;
  updatedAt: number;
}

const isKept = (key: QueryKey) => typeof key[0] === 'string' && KEPT_ROOTS.has(key[0]);

/** A load that got no answer (offline, the server unreachable), not a refusal. */
function isNetworkFailure(error: unknown): boolean {
  return !isApiError(error)
    ? error instanceof TypeError
    : error.kind === 'network' || error.kind === 'timeout';
}

function readKept(): Map<string, KeptEntry> {
  try {
    const saved = JSON.parse(readStorage(storageKeys.keptQueries) ?? '[]') as KeptEntry[];
    return new Map(Array.isArray(saved) ? saved.map((entry) => [entry.hash, entry]) : []);
  } catch {
    return new Map();
  }
}

/**
 * A kept answer as it comes back: prices kept from before are not live, so each ticker is marked
 * stale (the game's header then says so until the next tick).
 */
function revived(key: QueryKey, data: unknown): unknown {
  if (key[0] === 'market' && key[1] === 'tickers' && data && typeof data === 'object' && 'list' in data) {
    const { list } = data as { list: Ticker[] };
    return { ...data, list: list.map((row) => ({ ...row, stale: true })) };
  }
  return data;
}

/** Keeps `client`'s kept queries in storage and gives them back when loading them fails offline. */
export function keepQueries(client: QueryClient): () => void {
  const kept = readKept();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    const entries = [...kept.values()]
      .filter((entry) => JSON.stringify(entry.data).length <= MAX_ENTRY_CHARS)
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .slice(0, MAX_ENTRIES);
    writeStorage(storageKeys.keptQueries, JSON.stringify(entries));
  };
  const remember = (query: Query) => {
    const { data, dataUpdatedAt } = query.state;
    if (data === undefined) return;
    kept.set(query.queryHash, { key: query.queryKey, hash: query.queryHash, data, updatedAt: dataUpdatedAt });
    timer ??= setTimeout(save, SAVE_DELAY_MS);
  };
  // Leaving the page (a reload, another address, the app closed) writes what the last second brought.
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    save();
  };
  // (No window when the build prerenders pages.)
  if (typeof window !== 'undefined') window.addEventListener('pagehide', flush);
  // Signed out: what the last person saw is not written back by the next answer.
  const stopSession = subscribeSession(() => {
    if (!getSession()) kept.clear();
  });
  const stopCache = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !isKept(event.query.queryKey)) return;
    const { query } = event;
    if (event.action.type === 'success') {
      // A ticker moved, a page came: the answer as shown now.
      remember(query);
    } else if (event.action.type === 'error' && query.state.data === undefined) {
      const entry = kept.get(query.queryHash) ?? readKept().get(query.queryHash);
      if (!entry || !isNetworkFailure(event.action.error)) return;
      // Outside the cache's own notification: the query takes the kept answer as its data.
      queueMicrotask(() =>
        client.setQueryData(query.queryKey, revived(query.queryKey, entry.data), {
          updatedAt: entry.updatedAt,
        }),
      );
    }
  });
  return () => {
    clearTimeout(timer);
    if (typeof window !== 'undefined') window.removeEventListener('pagehide', flush);
    stopSession();
    stopCache();
  };
}
