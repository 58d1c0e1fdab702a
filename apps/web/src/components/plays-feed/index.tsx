// Where a page puts the live plays feed: below the fold, its code (and its socket channel) loaded only
// once the person scrolls near it, so nothing of it is in a page's first paint.
import { lazy, Suspense } from 'react';
import { WhenVisible } from '@/components/when-visible';

const PlaysFeed = lazy(() => import('./plays-feed'));

export function LivePlays() {
  return (
    <WhenVisible minHeight={120} margin="200px">
      <Suspense fallback={<div className="plays-feed-placeholder" style={{ minHeight: 120 }} />}>
        <PlaysFeed />
      </Suspense>
    </WhenVisible>
  );
}
