// Forward/back page animation (spec §2): a stack-depth counter kept in sessionStorage. A push goes one
// level deeper and slides the new page in from the right; going back decrements it and slides in from
// the left; a replace (tab switch, redirect) keeps the depth and does not animate.
import { readSessionStorage, sessionStorageKeys, writeSessionStorage } from '@/lib/storage-keys';

export type NavAction = 'PUSH' | 'POP' | 'REPLACE';
export type Direction = 'forward' | 'back' | 'none';

/**
 * The next depth and the animation direction. `targetIndex` is the history index of the entry a POP
 * lands on, when the browser tells us (it tells apart the back and the forward button); without it a
 * POP is taken as back.
 */
export function nextStackDepth(
  depth: number,
  action: NavAction,
  targetIndex?: number,
): { depth: number; direction: Direction } {
  switch (action) {
    case 'PUSH':
      return { depth: depth + 1, direction: 'forward' };
    case 'REPLACE':
      return { depth, direction: 'none' };
    case 'POP': {
      if (typeof targetIndex === 'number' && Number.isInteger(targetIndex) && targetIndex >= 0) {
        const direction = targetIndex < depth ? 'back' : targetIndex > depth ? 'forward' : 'none';
        return { depth: targetIndex, direction };
      }
      return { depth: Math.max(0, depth - 1), direction: 'back' };
    }
  }
}

export function readStackDepth(): number {
  const n = Number.parseInt(readSessionStorage(sessionStorageKeys.navDepth) ?? '', 10);
  return Number.isFinite(n) && n >= 0 ? n : 0;
}

function writeStackDepth(depth: number) {
  writeSessionStorage(sessionStorageKeys.navDepth, String(depth));
}

/** The history index React Router keeps in history.state (browser history only). */
export function historyIndex(): number | undefined {
  const idx = (globalThis.history?.state as { idx?: unknown } | null | undefined)?.idx;
  return typeof idx === 'number' ? idx : undefined;
}

/** First page of this load: adopt the browser's index (a reload keeps it), else the stored depth. */
export function startStack(index = historyIndex()): number {
  const depth = index ?? readStackDepth();
  writeStackDepth(depth);
  return depth;
}

/** Records one navigation and returns which way to animate. */
export function recordNavigation(action: NavAction, index = historyIndex()): Direction {
  const next = nextStackDepth(readStackDepth(), action, index);
  writeStackDepth(next.depth);
  return next.direction;
}
