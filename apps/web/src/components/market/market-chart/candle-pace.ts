// How often the chart takes the candles channel's pushes. They come four a second, and each redraw of
// the chart's canvases is a long task on a slow phone (60 to 380 ms at 4x CPU throttle), which held
// the game and Flip pages' first seconds. While nobody touches the chart it is drawn at most every
// STEP_MS (so it is never a second behind the price), and at once while a finger or pointer is on it.
// Only the newest push of each candle is drawn; a candle that opened since the last draw is drawn too.
import type { Candle } from '@tradeflip/api';

/** The longest a push waits to be drawn while nobody touches the chart. */
export const STEP_MS = 800;
/** How long after the last touch the chart keeps following every push. */
const TOUCH_MS = 3000;

export interface CandlePace {
  /** A push from the candles channel: drawn now, or with the next step's. */
  push(candle: Candle): void;
  /** The person touches or points at the chart: pushes are drawn as they come for a while. */
  touch(): void;
  /** The chart is gone: nothing more is drawn. */
  stop(): void;
}

export function paceCandles(draw: (candles: Candle[]) => void, now = () => performance.now()): CandlePace {
  const waiting: Candle[] = [];
  let lastDraw = Number.NEGATIVE_INFINITY;
  let touchedUntil = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let due = 0;

  const drawWaiting = () => {
    timer = undefined;
    lastDraw = now();
    draw(waiting.splice(0));
  };
  const schedule = () => {
    const at = now() < touchedUntil ? now() : Math.max(now(), lastDraw + STEP_MS);
    if (timer !== undefined && due <= at) return;
    clearTimeout(timer);
    due = at;
    timer = setTimeout(drawWaiting, at - now());
  };
  return {
    push(candle) {
      const last = waiting.at(-1);
      if (last && last.time === candle.time) waiting[waiting.length - 1] = candle;
      else waiting.push(candle);
      schedule();
    },
    touch() {
      touchedUntil = now() + TOUCH_MS;
      if (waiting.length) schedule();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      waiting.length = 0;
    },
  };
}
