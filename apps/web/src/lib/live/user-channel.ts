// The signed-in user's WebSocket channel, subscribed once for the whole app: the shell mounts
// useUserChannel (issue 17), no page subscribes itself. The server sends `balances` after the ledger's
// commit, `position` when one of the user's positions changes and `flip` when one of their flips
// opens or settles; the queries they cover refetch at
// once instead of waiting for their next poll (lib/live-refresh.ts stays the fallback while the socket
// is down). After a reconnect or a missed frame (`resync`, CONVENTIONS 20) all of them refetch. A frozen
// account (`frozen`: the session's revocation notice) is signed out as a 401 user_frozen would sign it
// out, instead of refetching. What needs the frames themselves (the notification centre's `notice`,
// lib/notices) listens with onUserMessage, on this same subscription.
import { queryKeys } from '@/lib/query-keys';
import { useContext, useEffect, useRef } from 'react';
import { QueryClientContext, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { startInNextTask } from '@/lib/next-task';
import { useSession } from '@/lib/session';
import { endSession } from '@/lib/session-end';
import { marketSocket, type LiveMessage } from './market-socket';

type UserMessage = Extract<LiveMessage, { type: 'balances' | 'position' | 'flip' | 'notice' | 'resync' }>;
type Listener = (message: UserMessage) => void;

/** The query keys each frame covers (a prefix: every query under it refetches). */
const covers: Record<UserMessage['type'], QueryKey[]> = {
  balances: [queryKeys.money],
  position: [queryKeys.gamePositions],
  // A settled flip moves money: its balances with it, whether or not their own frame came first.
  flip: [queryKeys.flips, queryKeys.money],
  // The notification centre's list (its toasts and bell listen with onUserMessage: lib/notices).
  notice: [queryKeys.notifications],
  resync: [queryKeys.money, queryKeys.gamePositions, queryKeys.flips, queryKeys.notifications],
};

const listeners = new Set<Listener>();

/** Listens to the user channel's frames while the shell's subscription is on; returns the stop. */
export function onUserMessage(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function receive(queryClient: QueryClient | undefined, message: LiveMessage) {
  if (message.type === 'frozen') return endSession('frozen');
  if (!Object.hasOwn(covers, message.type)) return;
  const frame = message as UserMessage;
  for (const queryKey of covers[frame.type]) {
    // A first load still on its way may have been answered before the channel was subscribed: a
    // resync drops it and loads again (an invalidation alone would wait for that answer).
    if (frame.type === 'resync' && queryClient) {
      void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }));
    } else void queryClient?.invalidateQueries({ queryKey });
  }
  for (const listener of listeners) listener(frame);
}

/** Mounted once, in the shell: the user channel while someone is signed in. */
export function useUserChannel(): void {
  const userId = useSession()?.user.id;
  // Home runs without the query cache (lib/app-query-client.ts: nothing is cached there to refetch);
  // the cache arriving later must not drop and retake the subscription, so it is read when a frame is.
  const queryClient = useRef<QueryClient | undefined>(undefined);
  queryClient.current = useContext(QueryClientContext);
  useEffect(() => {
    if (!userId) return;
    // In a task of its own, not among the first render's effects (lib/next-task.ts). A notice sent
    // before the subscription is not lost: the first subscription is followed by a resync once idle.
    return startInNextTask(() =>
      marketSocket.subscribe({ channel: 'user' }, (message) => receive(queryClient.current, message)),
    );
  }, [userId]);
}
