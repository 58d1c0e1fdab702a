// The notification centre's state as React reads it (lib/notices/notice-store.ts), started for the
// signed-in user by whichever of the bell, the toasts or the centre renders first.
import { useEffect, useSyncExternalStore } from 'react';
import { noticeState, startNotices, watchNotices, type NoticeState } from '@/lib/notices/notice-store';
import { useSession } from '@/lib/session';

export function useNotices(): NoticeState {
  const userId = useSession()?.user.id;
  useEffect(() => {
    if (userId) startNotices(String(userId));
  }, [userId]);
  return useSyncExternalStore(watchNotices, noticeState, noticeState);
}
