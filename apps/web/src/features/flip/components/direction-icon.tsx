// Up or down as an arrow (the Up / Down buttons, a flip's direction), in the colour around it.
import type { FlipDirection } from '@tradeflip/money';

export function DirectionIcon({ direction, size = 16 }: { direction: FlipDirection; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={direction === 'up' ? 'M4 16l8-9 8 9' : 'M4 8l8 9 8-9'}
        fill="none"
        stroke="currentColor"
        strokeWidth={2.6}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
