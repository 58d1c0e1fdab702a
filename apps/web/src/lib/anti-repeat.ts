// Anti-repeat for submit buttons (spec §9): a press is ignored while the previous one is running and
// until 800 ms after the last accepted press.
import { useCallback, useEffect, useRef } from 'react';

export const ANTI_REPEAT_MS = 800;

/**
 * Wraps `fn` so that repeated presses are ignored. Returns the wrapped function; a press that is ignored
 * returns undefined.
 */
export function useAntiRepeat<A extends unknown[], R>(
  fn: (...args: A) => R,
  ms: number = ANTI_REPEAT_MS,
): (...args: A) => R | undefined {
  const fnRef = useRef(fn);
  const busy = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    fnRef.current = fn;
  }, [fn]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(
    (...args: A) => {
      if (busy.current) return undefined;
      busy.current = true;
      clearTimeout(timer.current);
      const release = () => {
        clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          busy.current = false;
        }, ms);
      };
      let result: R;
      try {
        result = fnRef.current(...args);
      } catch (err) {
        release();
        throw err;
      }
      // An async press stays locked until it settles, then for `ms` more.
      if (result instanceof Promise) result.then(release, release);
      else release();
      return result;
    },
    [ms],
  );
}
