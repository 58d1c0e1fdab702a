// The signed-in session: the bearer token and the user's id and email, kept in localStorage (spec §3).
import { useSyncExternalStore } from 'react';
import { readStorage, storageKeys, writeStorage } from './storage-keys';

export interface SessionUser {
  id: string;
  email: string;
}
export interface Session {
  token: string;
  user: SessionUser;
}

type Listener = (session: Session | null) => void;
const listeners = new Set<Listener>();
let snapshot: Session | null | undefined;

export function getToken(): string | null {
  return readStorage(storageKeys.token) || null;
}

export function getSession(): Session | null {
  if (snapshot === undefined) snapshot = read();
  return snapshot;
}

export function setSession(session: { token: string; user: SessionUser }): void {
  writeStorage(storageKeys.token, session.token);
  writeStorage(storageKeys.userId, session.user.id);
  writeStorage(storageKeys.email, session.user.email);
  changed();
}

/** Removes token, user_id and email. */
export function clearSession(): void {
  writeStorage(storageKeys.token, null);
  writeStorage(storageKeys.userId, null);
  writeStorage(storageKeys.email, null);
  // The screens' last answers kept for offline (lib/kept-queries.ts) were this person's.
  writeStorage(storageKeys.keptQueries, null);
  changed();
}

export function subscribeSession(fn: Listener): () => void {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

/** The current session, re-rendering on sign-in, sign-out and changes from other tabs. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}

function read(): Session | null {
  const token = getToken();
  if (!token) return null;
  return {
    token,
    user: { id: readStorage(storageKeys.userId) ?? '', email: readStorage(storageKeys.email) ?? '' },
  };
}

/** <html>'s mark of a signed-in person (app/prerender-check.ts sets it first; a test keeps the two same). */
export const SIGNED_IN_ATTR = 'data-signed-in';

function changed() {
  const next = read();
  if (typeof document !== 'undefined')
    document.documentElement.toggleAttribute(SIGNED_IN_ATTR, Boolean(next));
  const prev = snapshot;
  if (
    prev !== undefined &&
    prev?.token === next?.token &&
    prev?.user.id === next?.user.id &&
    prev?.user.email === next?.user.email
  ) {
    return;
  }
  snapshot = next;
  for (const fn of [...listeners]) fn(next);
}

// Another tab signed in or out (or the test cleared storage).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === storageKeys.token || event.key === storageKeys.email) changed();
  });
}

/** For tests: forget the cached snapshot after storage was changed behind our back. */
export function resetSessionCache(): void {
  snapshot = undefined;
}
