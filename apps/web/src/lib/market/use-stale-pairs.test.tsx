// Issue 14: a pair going stale while the page is open shows at once, and recovers by itself.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { STALE_AFTER_MS, useStalePairs } from './use-stale-pairs';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const tick = (time: number, stale = false) => [{ symbol: 'BTCUSDT', time, stale }];

it('marks a pair stale when no tick comes for the staleness limit, and clears it with the next tick', () => {
  const hook = renderHook(({ tickers }) => useStalePairs(tickers), { initialProps: { tickers: tick(1) } });
  expect(hook.result.current.has('BTCUSDT')).toBe(false);
  void act(() => vi.advanceTimersByTime(STALE_AFTER_MS - 1000));
  expect(hook.result.current.has('BTCUSDT')).toBe(false);
  void act(() => vi.advanceTimersByTime(2000));
  expect(hook.result.current.has('BTCUSDT')).toBe(true);
  hook.rerender({ tickers: tick(2) });
  expect(hook.result.current.has('BTCUSDT')).toBe(false);
});

it('believes the server about a pair already stale on load', () => {
  const hook = renderHook(() => useStalePairs(tick(1, true)));
  expect(hook.result.current.has('BTCUSDT')).toBe(true);
});
