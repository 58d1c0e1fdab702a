// The tickers for Home's first screen, which renders without TanStack Query: the query client's code
// would take `/` from 149.3 to 160.9 KiB of JavaScript (e2e/tests/bundle-size.spec.ts; its limit is
// 150). So this screen keeps its own copy of GET /tickers' answer, moved by the tickers channel's frames
// exactly as the query cache's is (lib/live-tickers.ts): the server's figures, written down, never
// worked out here; loaded again after a reconnect or a missed frame.
import { startTransition, useEffect, useState } from 'react';
import type { Ticker } from '@tradeflip/api';
import { getTickers } from './get-tickers';
import { listenToTickers, moveTickers } from './live-tickers';
import { startInNextTask } from '@/lib/next-task';

/** The tickers (null until loaded) and whether the first load failed. */
export function useFirstScreenTickers(): { tickers: Ticker[] | null; failed: boolean } {
  const [tickers, setTickers] = useState<Ticker[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const load = (first: boolean) =>
      getTickers(controller.signal)
        .then(({ list }) => {
          // A transition too: the first prices never interrupt the page's own first render.
          startTransition(() => {
            setTickers(list);
            setFailed(false);
          });
        })
        .catch(() => {
          if (first && !controller.signal.aborted) setFailed(true);
        });
    // The request and the channel each start in a task of their own, not among the first render's
    // effects (lib/next-task.ts).
    const cancelLoad = startInNextTask(() => void load(true));
    const stop = startInNextTask(() =>
      listenToTickers(
        // A transition: the many frames a second never hold the main thread long on a slow phone.
        (moves) => startTransition(() => setTickers((current) => current && moveTickers(current, moves))),
        () => void load(false),
      ),
    );
    return () => {
      cancelLoad();
      controller.abort();
      stop();
    };
  }, []);

  return { tickers, failed };
}
