import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Candle } from '@tradeflip/api';
import { paceCandles, STEP_MS } from './candle-pace';

const candle = (time: number, close: string): Candle => ({
  time,
  open: '100',
  high: close,
  low: '100',
  close,
  volume: '1',
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function chart() {
  const draws: Candle[][] = [];
  const pace = paceCandles(
    (candles) => draws.push(candles),
    () => Date.now(),
  );
  return { draws, pace, drawn: () => draws.flat() };
}

describe('the chart’s pace', () => {
  it('after a burst of pushes, shows the latest price within a second', () => {
    const { draws, pace, drawn } = chart();
    pace.push(candle(60_000, '101'));
    vi.advanceTimersByTime(0);
    expect(drawn().map((c) => c.close)).toEqual(['101']);
    // Four pushes a second, for two seconds.
    for (let i = 0; i < 8; i++) {
      vi.advanceTimersByTime(250);
      pace.push(candle(60_000, String(102 + i)));
    }
    vi.advanceTimersByTime(STEP_MS);
    expect(drawn().at(-1)?.close).toBe('109');
    // Drawn a few times, not at every push.
    expect(draws.length).toBeLessThanOrEqual(4);
  });

  it('never keeps a push waiting a second', () => {
    const { pace, drawn } = chart();
    pace.push(candle(60_000, '101'));
    vi.advanceTimersByTime(10);
    pace.push(candle(60_000, '105'));
    vi.advanceTimersByTime(999);
    expect(drawn().at(-1)?.close).toBe('105');
  });

  it('draws a candle that opened between two draws, then the newest', () => {
    const { pace, drawn } = chart();
    pace.push(candle(60_000, '101'));
    vi.advanceTimersByTime(0);
    pace.push(candle(60_000, '102'));
    pace.push(candle(120_000, '103'));
    pace.push(candle(120_000, '104'));
    vi.advanceTimersByTime(STEP_MS);
    expect(drawn().map((c) => [c.time, c.close])).toEqual([
      [60_000, '101'],
      [60_000, '102'],
      [120_000, '104'],
    ]);
  });

  it('follows every push while the chart is touched', () => {
    const { pace, drawn } = chart();
    pace.push(candle(60_000, '101'));
    vi.advanceTimersByTime(0);
    pace.touch();
    pace.push(candle(60_000, '102'));
    vi.advanceTimersByTime(0);
    expect(drawn().at(-1)?.close).toBe('102');
  });

  it('draws nothing once the chart is gone', () => {
    const { pace, drawn } = chart();
    pace.push(candle(60_000, '101'));
    vi.advanceTimersByTime(0);
    pace.push(candle(60_000, '102'));
    pace.stop();
    vi.advanceTimersByTime(STEP_MS);
    expect(drawn().map((c) => c.close)).toEqual(['101']);
  });
});
