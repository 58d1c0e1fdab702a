// Where a page puts the live plays feed: below the fold, its code (and its socket channel) loaded only
// once the person scrolls near it, so nothing of it is in a page's first paint. It watches the viewport
// itself rather than through WhenVisible: a second importer of that module, beside Home, makes it a
// chunk of its own and puts `/` over its 150 KiB (bundle-size.spec.ts).
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyPart } from '@/lib/lazy-part';

const PlaysFeed = lazyPart(() => import('./plays-feed'));
const HEIGHT = 120;

export function LivePlays() {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && setNear(true),
      {
        rootMargin: '200px',
      },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  const placeholder = <div ref={ref} style={{ minHeight: HEIGHT }} aria-hidden="true" />;
  if (!near) return placeholder;
  return (
    <Suspense fallback={<div style={{ minHeight: HEIGHT }} />}>
      <PlaysFeed />
    </Suspense>
  );
}
