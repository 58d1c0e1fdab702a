// Renders its children once the placeholder comes near the viewport: for sections below the fold
// whose code is loaded lazily (Home's market list: the WebSocket client, zod and decimal.js are ~45 KiB
// gzipped that a first visit to `/` does not need before the person scrolls there).
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function WhenVisible({
  children,
  minHeight,
  margin = '0px',
}: {
  children: ReactNode;
  minHeight: number;
  margin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || visible) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible, margin]);
  return visible ? <>{children}</> : <div ref={ref} style={{ minHeight }} aria-hidden="true" />;
}
