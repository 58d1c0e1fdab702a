// Splitting work into tasks. On a slow phone a page's first effects start several things at once (Home
// signed in: the tickers' request, the balance's, the tickers' socket); each costs a few
// milliseconds, and together they made one long task that held input and paint (Lighthouse counts
// every task over 50 ms as blocking). Each now starts in a task of its own.

/** Resolves in a task of its own, once the browser has had its turn. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs `start` (a subscription, say) in a task of its own; the returned function cancels it if it has
 * not run yet, or calls what `start` returned (its stop) if it has: an effect's cleanup either way.
 */
export function startInNextTask(start: () => (() => void) | void): () => void {
  let stop: (() => void) | void;
  let cancelled = false;
  const timer = setTimeout(() => {
    if (!cancelled) stop = start();
  }, 0);
  return () => {
    cancelled = true;
    clearTimeout(timer);
    stop?.();
  };
}

/** Runs `task` once the page is idle (at the latest 2 s on), after what its first seconds do. */
export function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 1000);
}
