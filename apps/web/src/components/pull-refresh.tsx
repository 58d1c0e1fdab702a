// Pull down to refresh (antd-mobile's PullToRefresh) for the record pages. Its head height and
// threshold are given in pixels: left out, antd-mobile measures a test element on every render, which
// forces a layout of the whole page each time (half a second of a phone's first load of a list page).
// Its own module, so pages without it (the contract game's live lists) don't load its gesture and
// animation libraries.
import type { ReactNode } from 'react';
import '@/lib/antd-locale';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';

export function PullRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  return (
    <PullToRefresh
      headHeight={40}
      threshold={60}
      onRefresh={async () => {
        await onRefresh();
      }}
    >
      {children}
    </PullToRefresh>
  );
}
