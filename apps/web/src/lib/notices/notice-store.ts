// The notification centre's client side (issue 32 point 7), shared by the bell (Home, Profile), the
// toasts the shell shows on every screen and the centre's page: the unread count, and the notices to
// toast. Started by the first of them to load; at start, and at each of the user channel's `notice`
// frames (or a resync), it asks for the unread notices: one stored while the app was closed is toasted
// once at the next open (the newest id toasted is kept per user, so none shows twice).
import type { Notice } from '@tradeflip/api';
import * as routes from '@tradeflip/api/routes';
import { api } from '@/lib/http';
import { onUserMessage } from '@/lib/live/user-channel';
import { readStorage, storageKeys, writeStorage } from '@/lib/storage-keys';

/** Notices toasted at once at most (a crash of the price closes many: the rest wait in the centre). */
const TOASTS_AT_ONCE = 3;

export interface NoticeState {
  unread: number | undefined;
  toasts: Notice[];
}

let state: NoticeState = { unread: undefined, toasts: [] };
const watchers = new Set<() => void>();
let startedFor: string | undefined;
let stopListening: (() => void) | undefined;

function set(next: Partial<NoticeState>) {
  state = { ...state, ...next };
  for (const watch of watchers) watch();
}

export function noticeState(): NoticeState {
  return state;
}

export function watchNotices(watch: () => void): () => void {
  watchers.add(watch);
  return () => watchers.delete(watch);
}

function lastShown(userId: string): number {
  const [owner, id] = (readStorage(storageKeys.noticesShown) ?? '').split(':');
  return owner === userId ? Number(id) || 0 : 0;
}

function toast(userId: string, notices: Notice[]) {
  const shown = lastShown(userId);
  const fresh = notices.filter((n) => Number(n.id) > shown && !n.readAt);
  if (fresh.length === 0) return;
  const newest = Math.max(...fresh.map((n) => Number(n.id)));
  writeStorage(storageKeys.noticesShown, `${userId}:${newest}`);
  const byId = new Map([...state.toasts, ...fresh].map((n) => [n.id, n]));
  set({ toasts: [...byId.values()].sort((a, b) => Number(b.id) - Number(a.id)).slice(0, TOASTS_AT_ONCE) });
}

/** Asks the server for the unread count (and, at start, the unread notices not yet toasted). */
async function refresh(userId: string, toastUnread: boolean) {
  const { data } = await api(routes.notifications.list, {
    query: { page: 1, pageSize: TOASTS_AT_ONCE, unread: 'true' },
    silent: true,
  });
  if (startedFor !== userId) return;
  set({ unread: data.unread });
  if (toastUnread) toast(userId, data.list);
}

/** Starts for the signed-in user (again for another one); the bell and the toasts call it. */
export function startNotices(userId: string): void {
  if (startedFor === userId) return;
  stopListening?.();
  startedFor = userId;
  state = { unread: undefined, toasts: [] };
  stopListening = onUserMessage((message) => {
    // A notice stored, or frames missed while the socket was away: the count and what to toast.
    if (message.type === 'notice' || message.type === 'resync')
      void refresh(userId, true).catch(() => undefined);
  });
  void refresh(userId, true).catch(() => undefined);
}

/** Takes a toast off the screen (it stays unread in the centre). */
export function dismissToast(id: string): void {
  set({ toasts: state.toasts.filter((n) => n.id !== id) });
}

/** Marks notices read (some, or all); the count follows the server's answer. */
export async function markRead(body: { ids: string[] } | { all: true }): Promise<void> {
  const { data } = await api(routes.notifications.read, { body, silent: true });
  set({
    unread: data.unread,
    toasts: 'all' in body ? [] : state.toasts.filter((n) => !body.ids.includes(n.id)),
  });
}

/** For tests: forget the user and what was shown. */
export function resetNotices(): void {
  stopListening?.();
  stopListening = undefined;
  startedFor = undefined;
  state = { unread: undefined, toasts: [] };
}
