// The notification centre's bell and toasts, loaded after first paint and only for a signed-in player:
// `/` carries only these few lines (e2e bundle-size.spec.ts).
import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '@/lib/next-task';
import { useSession } from '@/lib/session';

const Bell = lazy(() => import('./notice-bell'));
const Toasts = lazy(() => import('./notice-toasts'));

function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  return ready;
}

/** The bell, in a slot of its size from the first paint (nothing moves when it arrives). */
export function NoticeBellSlot() {
  const signedIn = Boolean(useSession());
  const ready = useAfterFirstPaint();
  if (!signedIn) return null;
  return (
    <span className="notice-bell-slot" data-session-part="bell">
      {ready && (
        <Suspense fallback={null}>
          <Bell />
        </Suspense>
      )}
    </span>
  );
}

/** The toasts, on every screen (the shell's). */
export function NoticeToastsHost() {
  const signedIn = Boolean(useSession());
  const ready = useAfterFirstPaint();
  return signedIn && ready ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
